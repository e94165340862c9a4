import { describe, expect, it } from "vitest";
import { compile, compileSync, memoryHost } from "../../compiler/index.js";
import { batchOperations } from "../../compiler/lower/batch.js";
import { lowerAwaitingLayout, lowerProgram } from "../../compiler/lower/lower.js";
import { PHASE_OF, type Operation } from "../../compiler/lower/operations.js";
import { renderOperations } from "../../compiler/lower/render.js";
import { compileBody, compileFiles } from "./helpers.js";

const TUNNEL_NODES = [
  "noise1: noiseTOP { period: 3, resolution: 1280x720 }",
  "feedback1: feedbackTOP { top: level1 }",
  "comp1: compositeTOP { operand: add }",
  "transform1: transformTOP { sx: bind Zoom, rotate: = absTime.seconds * 10 }",
  "level1: levelTOP { brightness1: bind Gain }",
  'out1: nullTOP [display, color: #ff8800, tags: ("out", "live"), comment: "the end"]',
];
const TUNNEL_WIRES = ["noise1 -> comp1[0]", "noise1 -> feedback1 -> comp1[1]", "comp1 -> transform1 -> level1 -> out1"];

function tunnel(order: (lines: string[]) => string[] = (l) => l): string {
  const body = [...order(TUNNEL_NODES), ...order(TUNNEL_WIRES)].map((l) => `  ${l}`).join("\n");
  return `svcnet 1\nnetwork tunnel {\n  controls {\n    Gain: float = 0.9\n    Zoom: float = 1.02\n  }\n${body}\n}\n`;
}

const strip = (ops: readonly Operation[]) => ops.map(({ origin: _o, ...rest }) => rest);

describe("lower", () => {
  it("emits phases in order: creates (with tags), pages, values, wires, flags, annotations, positions, record", async () => {
    const r = await compile({ text: tunnel(), file: "tunnel.svcnet" }, { host: memoryHost({}) });
    const phases = r.operations!.map((o) => PHASE_OF[o.kind]);
    expect(phases).toEqual([...phases].sort((a, b) => a - b));
    expect(r.operations![0]).toMatchObject({
      kind: "create",
      path: "/project1/tunnel",
      parent: "/project1",
      type: "baseCOMP",
    });
    expect(r.operations!.at(-1)).toMatchObject({ kind: "store-metadata", path: "/project1/tunnel", key: "svc" });
    // Upstream nodes are created before the nodes they feed.
    const created = r.operations!.filter((o) => o.kind === "create").map((o) => o.path.split("/").pop());
    expect(created.indexOf("noise1")).toBeLessThan(created.indexOf("feedback1"));
    expect(created.indexOf("comp1")).toBeLessThan(created.indexOf("transform1"));
  });

  it("an operator-reference control names its network's node from the COMP that holds it (./name)", () => {
    const r = compileBody(
      "  controls {\n    Source: top = noise1\n    Far: comp = /project1\n  }\n  noise1: noiseTOP\n  pick: selectTOP { top: bind Source }",
    );
    expect(r.diagnostics).toEqual([]);
    const page = r.operations!.find((o) => o.kind === "add-custom-page") as {
      params: Array<{ name: string; default?: unknown }>;
    };
    expect(page.params.map((p) => [p.name, p.default])).toEqual([
      ["Source", "./noise1"],
      ["Far", "/project1"],
    ]);
  });

  it("lowers each value kind to the right operation", async () => {
    const r = await compile({ text: tunnel(), file: "tunnel.svcnet" }, { host: memoryHost({}) });
    const text = renderOperations(r.operations!, { origins: false });
    expect(text).toContain("set        /project1/tunnel/noise1.resolutionw = 1280\n");
    expect(text).toContain("set        /project1/tunnel/noise1.resolutionh = 720\n");
    expect(text).toContain('set        /project1/tunnel/feedback1.top = "level1"\n');
    expect(text).toContain('set        /project1/tunnel/comp1.operand = "add"\n');
    expect(text).toContain("bind       /project1/tunnel/transform1.sx <- parent().par.Zoom\n");
    expect(text).toContain("expression /project1/tunnel/transform1.rotate = absTime.seconds * 10\n");
    expect(text).toContain("flags      /project1/tunnel/out1 display=on\n");
    expect(text).toContain("color      /project1/tunnel/out1 (1, 0.533333, 0)\n");
    expect(text).toContain('comment    /project1/tunnel/out1 "the end"\n');
    expect(text).toContain("create     /project1/tunnel/out1 nullTOP tags live, out, svc\n");
    expect(
      r.operations!.filter((o) => o.kind === "create").every((o) => (o as { tags: string[] }).tags.includes("svc")),
    ).toBe(true);
    expect(text).toContain('page       /project1/tunnel "Custom"\n  + Gain: Float = 0.9\n  + Zoom: Float = 1.02\n');
  });

  it("gives the same operations and coordinates whatever order the source is written in", async () => {
    const first = await compile({ text: tunnel(), file: "t.svcnet" }, { host: memoryHost({}), metadata: false });
    const reversed = await compile(
      { text: tunnel((l) => [...l].reverse()), file: "t.svcnet" },
      { host: memoryHost({}), metadata: false },
    );
    const rotated = await compile(
      { text: tunnel((l) => [...l.slice(2), ...l.slice(0, 2)]), file: "t.svcnet" },
      { host: memoryHost({}), metadata: false },
    );
    expect(strip(reversed.operations!)).toEqual(strip(first.operations!));
    expect(strip(rotated.operations!)).toEqual(strip(first.operations!));
    expect([...rotated.layout!.positions]).toEqual([...first.layout!.positions]);
    const again = await compile({ text: tunnel(), file: "t.svcnet" }, { host: memoryHost({}), metadata: false });
    expect([...again.layout!.positions]).toEqual([...first.layout!.positions]);
  });

  it("writes references as TouchDesigner reads them: relative to the network the owner sits in", () => {
    const r = compileBody(
      "  mat1: constantMAT\n  geo1: geometryCOMP { material: mat1, network { t: torusSOP [render] } }\n  fx: baseCOMP { network { fb: feedbackTOP { top: ../ramp1 }\n in1: inTOP\n in1 -> fb } }\n  ramp1: rampTOP",
    );
    expect(r.diagnostics).toEqual([]);
    const sets = r
      .operations!.filter((o) => o.kind === "set-param")
      .map((o) => [o.path, (o as { value: unknown }).value]);
    expect(sets).toContainEqual(["/project1/net/geo1", "mat1"]);
    expect(sets).toContainEqual(["/project1/net/fx/fb", "../ramp1"]);
  });

  it("binds to another operator's parameter and exports from a CHOP", () => {
    const r = compileBody(
      "  lfo1: lfoCHOP\n  noise1: noiseTOP { period: bind lfo1.frequency, amp: export lfo1.chan1 }",
    );
    expect(r.diagnostics).toEqual([]);
    expect(strip(r.operations!.filter((o) => o.kind === "set-bind" || o.kind === "set-export"))).toEqual([
      { kind: "set-export", path: "/project1/net/noise1", param: "amp", chop: "/project1/net/lfo1", channel: "chan1" },
      { kind: "set-bind", path: "/project1/net/noise1", param: "period", expression: "op('lfo1').par.frequency" },
    ]);
  });

  it("traces operations from a recipe back to the recipe and its use", () => {
    const r = compileFiles({
      "main.svcnet":
        "svcnet 1\nrecipe r {\n  params { p: float = 2 }\n  n: noiseTOP { period: $p }\n}\nnetwork net {\n  u: r { p: 3 }\n}\n",
    });
    const set = r.operations!.find((o) => o.kind === "set-param")!;
    expect(set).toMatchObject({ path: "/project1/net/u/n", param: "period", value: 3 });
    expect(set.origin.range.start.line).toBe(4);
    expect(set.origin.via?.range.start.line).toBe(7);
  });

  it("uses the configured root path", () => {
    const files = { "main.svcnet": "svcnet 1\nnetwork a {\n  n: noiseTOP\n}\n" };
    expect(compileFiles(files).operations![0]!.path).toBe("/project1/a");
    const moved = compileSync("main.svcnet", { host: memoryHost(files), rootPath: "/show/{network}_v2" });
    expect(moved.operations!.filter((o) => o.kind === "create").map((o) => o.path)).toEqual([
      "/show/a_v2",
      "/show/a_v2/n",
    ]);
  });

  it("produces no operations for a program with errors", () => {
    const r = compileBody("  n: noiseTOP { nope: 1 }");
    expect(r.operations).toBeUndefined();
    expect(r.batches).toBeUndefined();
  });
});

describe("batches", () => {
  const ops: Operation[] = Array.from({ length: 450 }, (_, i) => ({
    kind: "set-param",
    path: `/project1/n${i}`,
    param: "period",
    value: i,
    origin: { file: "x", range: { start: { line: 1, column: 1, offset: 0 }, end: { line: 1, column: 1, offset: 0 } } },
  }));

  it("keeps order and bounds the number of operations", () => {
    const batches = batchOperations(ops, { maxOperations: 200 });
    expect(batches.map((b) => b.operations.length)).toEqual([200, 200, 50]);
    expect(batches.flatMap((b) => b.operations)).toEqual(ops);
    expect(batches.map((b) => b.index)).toEqual([0, 1, 2]);
  });

  it("bounds the size, and a single large operation travels alone", () => {
    const big: Operation = { kind: "set-text", path: "/project1/t", text: "x".repeat(5000), origin: ops[0]!.origin };
    const batches = batchOperations([ops[0]!, big, ops[1]!], { maxBytes: 1000 });
    expect(batches.map((b) => b.operations.map((o) => o.kind))).toEqual([["set-param"], ["set-text"], ["set-param"]]);
  });
});

describe("lowering while the layout runs", () => {
  const source = [
    "svcnet 1",
    "network scene {",
    "  src: noiseTOP",
    "  held: levelTOP",
    "  out: nullTOP",
    "  src -> held",
    "  held -> out",
    "  fx: baseCOMP {",
    "    network {",
    "      a: constantTOP",
    "      b: nullTOP",
    "      a -> b",
    "    }",
    "  }",
    "}",
    "layout {",
    "  scene/held: (400, -200)",
    "  scene/fx/b: (10, 20)",
    "}",
    "",
  ].join("\n");

  it("places every node as lowering with the layout does, pinned nodes where pinned, and none without either", async () => {
    const laid = await compile({ text: source, file: "scene.svcnet" });
    expect(laid.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const { program, layout } = laid;
    const lowered = lowerAwaitingLayout(program);
    expect(lowered.place(layout)).toEqual(lowerProgram(program, { layout: layout! }));
    expect(laid.operations).toEqual(lowerProgram(program, { layout: layout! }));
    // Without a layout, only the pinned nodes get a position, as `lowerProgram` without one gives.
    const pinnedOnly = lowered.place(undefined);
    expect(pinnedOnly).toEqual(lowerProgram(program));
    expect(pinnedOnly.filter((op) => op.kind === "set-position").map((op) => op.path)).toEqual([
      "/project1/scene/held",
      "/project1/scene/fx/b",
    ]);
    // `place` can be asked again: the lowered operations are not changed by it.
    expect(lowered.place(layout)).toEqual(lowerProgram(program, { layout: layout! }));
  });
});
