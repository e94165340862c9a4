/**
 * Writing TDN from a network state: the specification's value shorthand and escaping, sequences
 * with their block count, tables as rows, flags, the YAML layout (short numeric vectors inline,
 * multi-line text as a literal block keeping its trailing newlines), and what TDN cannot hold.
 */
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import type { NetworkState, NodeState } from "../../runtime/engine/plan/network-state.js";
import { stateToTdn } from "../../runtime/tdn/export-tdn.js";
import { tdnYaml } from "../../runtime/tdn/write-yaml.js";

const ROOT = "/project1/net";
const node = (name: string, type: string, extra: Partial<NodeState> = {}): NodeState => ({
  path: `${ROOT}/${name}`,
  type,
  params: {},
  flags: {},
  tags: ["svc"],
  ...extra,
});

function state(nodes: NodeState[], wires: NetworkState["wires"] = []): NetworkState {
  const root: NodeState = { path: ROOT, type: "baseCOMP", params: {}, flags: {}, tags: ["svc"] };
  return { root: ROOT, nodes: new Map([root, ...nodes].map((n) => [n.path, n])), wires };
}

const write = (s: NetworkState) => stateToTdn(s, { generator: "svc/test", exportedAt: "2026-01-01T00:00:00Z" });

describe("TDN written from a network state", () => {
  it("writes expressions with =, binds with ~, channel exports as expressions, and doubles a leading = or ~ of a constant", () => {
    const t = node("t1", "textTOP", {
      params: {
        text: { mode: "constant", value: "=not code" },
        fontsizex: { mode: "expression", expr: "absTime.frame % 10" },
        fontsizey: { mode: "bind", expr: "parent().par.Size" },
        resolutionw: { mode: "export", expr: "op('lfo1')['chan1']" },
      },
    });
    const u = node("t2", "textTOP", { params: { text: { mode: "constant", value: "~home" } } });
    const { document } = write(state([t, u]));
    expect(document.operators).toEqual([
      {
        name: "t1",
        type: "textTOP",
        parameters: {
          fontsizex: "=absTime.frame % 10",
          fontsizey: "~parent().par.Size",
          resolutionw: "=op('lfo1')['chan1']",
          text: "==not code",
        },
      },
      { name: "t2", type: "textTOP", parameters: { text: "~~home" } },
    ]);
  });

  it("moves sequence blocks to sequences, as many blocks as the count, and a table DAT's text to rows", () => {
    const c = node("c1", "constantCHOP", {
      params: {
        const: { mode: "constant", value: 3 },
        const0name: { mode: "constant", value: "a" },
        const1value: { mode: "constant", value: 2 },
      },
    });
    const t = node("tab", "tableDAT", { text: "k\tv\nfps\t60\n" });
    const { document } = write(state([c, t]));
    expect(document.operators).toEqual([
      { name: "c1", type: "constantCHOP", sequences: { const: [{ name: "a" }, { value: 2 }, {}] } },
      {
        name: "tab",
        type: "tableDAT",
        dat_content: [
          ["k", "v"],
          ["fps", "60"],
        ],
        dat_content_format: "table",
      },
    ]);
  });

  it("lists flags off by default when on and expose or allowCooking as -name when off, without svc's tag", () => {
    const n = node("n1", "nullTOP", {
      flags: { display: true, viewer: false, expose: false, allowCooking: true },
      tags: ["svc", "out"],
      color: [0.2, 0.4, 0.8],
      comment: "why",
    });
    const { document } = write(state([n]));
    expect(document.operators).toEqual([
      {
        name: "n1",
        type: "nullTOP",
        color: [0.2, 0.4, 0.8],
        comment: "why",
        tags: ["out"],
        flags: ["-expose", "display"],
      },
    ]);
  });

  it("writes inputs by index with holes, and reports a wire from a second output, which TDN cannot name", () => {
    const a = node("a", "constantTOP");
    const s = node("s", "nullTOP");
    const m = node("m", "matteTOP");
    const { document, problems } = write(
      state(
        [a, s, m],
        [
          { from: `${ROOT}/a`, fromOutput: 0, to: `${ROOT}/m`, toInput: 0 },
          { from: `${ROOT}/s`, fromOutput: 1, to: `${ROOT}/m`, toInput: 2 },
        ],
      ),
    );
    expect(
      (document.operators as Array<{ name: string; inputs?: unknown }>).find((o) => o.name === "m")!.inputs,
    ).toEqual(["a", null, "s"]);
    expect(problems).toEqual([
      {
        path: `${ROOT}/m`,
        message: "input 2 comes from output 1 of s; TDN names only the source, so it reads as output 0",
      },
    ]);
  });

  it("lays YAML out as the specification does", () => {
    const n = node("notes", "textDAT", { text: "line one\nline two", position: { x: 200, y: -100 } });
    const m = node("more", "textDAT", { text: "a\nb\n\n" });
    const text = tdnYaml(write(state([n, m])).document);
    expect(text).toContain("  position: [200, -100]\n");
    expect(text).toContain("  dat_content: |-\n    line one\n    line two\n");
    expect(text).toContain("  dat_content: |+\n    a\n    b\n\n");
    const back = parseYaml(text) as { operators: Array<{ dat_content: string }> };
    expect(back.operators.map((o) => o.dat_content)).toEqual(["a\nb\n\n", "line one\nline two"]);
  });
});
