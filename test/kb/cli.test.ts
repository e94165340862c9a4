import { describe, expect, test } from "vitest";
import { dispatch } from "../../runtime/cli/dispatch.js";
import type { CommandIO } from "../../runtime/cli/command.js";
import { kbSearchCommand } from "../../runtime/cli/commands/kb-search.js";
import { kbShowCommand } from "../../runtime/cli/commands/kb-show.js";

async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const io: CommandIO = {
    stdout: (t) => {
      out += t;
    },
    stderr: (t) => {
      err += t;
    },
    readStdin: async () => "",
    isTTY: false,
    cwd: process.cwd(),
    env: {},
  };
  const code = await dispatch("svc", "test", [kbSearchCommand, kbShowCommand], argv, io);
  return { code, out, err };
}

describe("svc kb show", () => {
  test("prints an operator with inputs, pages, styles, defaults and menus", async () => {
    const { code, out } = await run("kb", "show", "noiseTOP");
    expect(code).toBe(0);
    expect(out.split("\n")[0]).toBe("noiseTOP — Noise TOP");
    expect(out).toContain("inputs: 0..2");
    expect(out).toContain("generator: yes");
    expect(out).toMatch(/\nCommon:\n/);
    expect(out).toMatch(/resolution \(resolutionw resolutionh\)\s+Int\s+default 256 256 \(assumed\)\s+range \[1\.\./);
    // The documentation gives no defaults: a parameter without svc's own reading says so, never '?'.
    expect(out).toMatch(/ type\s+Menu\s+no documented default\s+perlin2d\|perlin3d/);
    expect(out).not.toContain("default ?");
    expect(out).toContain("TouchDesigner's documentation gives no parameter defaults");
  });

  test("a bare label names the same-label operators of other families", async () => {
    const { out } = await run("kb", "show", "noise");
    expect(out).toContain("same label in other families: noiseCHOP, noiseSOP, noisePOP");
  });

  test("--json prints the operator entry", async () => {
    const { code, out } = await run("kb", "show", "Level TOP", "--json");
    expect(code).toBe(0);
    const op = JSON.parse(out);
    expect(op.type).toBe("levelTOP");
    expect(op.params.find((p: { name: string }) => p.name === "brightness1").defaultSource).toBe("curated");
  });

  test("an unknown operator fails with suggestions", async () => {
    const { code, err } = await run("kb", "show", "noiseTOPP");
    expect(code).toBe(1);
    expect(err).toBe("svc kb show: no operator 'noiseTOPP' (did you mean noiseTOP, noiseSOP, noisePOP?)\n");
  });
});

describe("svc kb search", () => {
  test("lists matches best first with label and summary", async () => {
    const { code, out } = await run("kb", "search", "audio", "spectrum", "--limit", "2");
    expect(code).toBe(0);
    const [operators, guides] = out.trimEnd().split("\n\n");
    const lines = operators!.split("\n");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^audiospectrumCHOP\s+Audio Spectrum CHOP — /);
    expect(guides).toMatch(
      /^guides:\n  pattern audio-spectrum-texture — Spectrum as a texture \(svc:\/\/patterns\/audio-spectrum-texture\)/,
    );
  });

  test("finds guides by their words, in Portuguese too, with the URI that reads them", async () => {
    const { code, out } = await run("kb", "search", "tunel", "feedback", "--json");
    expect(code).toBe(0);
    const parsed = JSON.parse(out) as { guides: { kind: string; name: string; uri: string }[] };
    expect(parsed.guides).toContainEqual(
      expect.objectContaining({ kind: "cookbook", name: "tunnel", uri: "svc://cookbook/en" }),
    );
    const shader = JSON.parse((await run("kb", "search", "kaleidoscope", "--json")).out) as typeof parsed;
    expect(shader.guides).toContainEqual(
      expect.objectContaining({ kind: "technique", name: "kaleidoscope", uri: "svc://glsl/kaleidoscope" }),
    );
  });

  test("--family and --json", async () => {
    const { out } = await run("kb", "search", "noise", "--family", "sop", "--json");
    const parsed = JSON.parse(out);
    expect(parsed.query).toBe("noise");
    expect(parsed.results[0]).toMatchObject({ type: "noiseSOP", family: "SOP", label: "Noise" });
    expect(parsed.results.every((r: { family: string }) => r.family === "SOP")).toBe(true);
  });

  test("bad flags are usage errors", async () => {
    expect((await run("kb", "search", "noise", "--family", "XYZ")).code).toBe(2);
    expect((await run("kb", "search", "noise", "--limit", "0")).code).toBe(2);
    expect((await run("kb", "search")).code).toBe(2);
  });

  test("no match exits 1", async () => {
    const { code, err } = await run("kb", "search", "qqqqzzzz");
    expect(code).toBe(1);
    expect(err).toContain("nothing matches");
  });
});
