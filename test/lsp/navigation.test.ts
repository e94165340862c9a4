/** Hover, go to definition, find references and rename over a real LSP connection. */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { Hover, Location, MarkupContent, Range, WorkspaceEdit } from "vscode-languageserver";
import { fileUri, positionOf, useLsp } from "./lsp-client.js";

const LIB = [
  "svcnet 1",
  'recipe glow [summary: "A soft bloom around bright areas."] {',
  "  params {",
  "    Amount: float = 0.5 range 0..1",
  "  }",
  "  in1: inTOP",
  "  out1: outTOP",
  "  in1 -> out1",
  "}",
  "",
].join("\n");

const MAIN = [
  "svcnet 1",
  'import "lib.svcnet"',
  "network tunnel {",
  "  controls {",
  "    Gain: float = 0.9 range 0..1",
  "  }",
  "  noise1: noiseTOP { period: 2 }",
  "  level1: levelTOP { brightness1: bind Gain }",
  "  fb: feedbackTOP { top: level1 }",
  "  g: glow { Amount: 0.2 }",
  "  lfo1: lfoCHOP",
  "  t: noiseTOP { amp: = op('lfo1')['chan1'] * 10, period: bind lfo1.frequency }",
  "  noise1 -> fb -> level1 -> g",
  "}",
  "",
  "layout {",
  "  tunnel/level1: (200, 0)",
  "}",
  "",
].join("\n");

const lsp = useLsp();

describe("svc lsp navigation", () => {
  let uri: string;
  let libUri: string;
  beforeAll(async () => {
    writeFileSync(join(lsp.dir, "lib.svcnet"), LIB);
    uri = fileUri(join(lsp.dir, "main.svcnet"));
    libUri = fileUri(join(lsp.dir, "lib.svcnet"));
    await lsp.client.open(uri, MAIN);
    expect(await lsp.client.diagnostics(uri)).toEqual([]);
  });

  const at = (needle: string, shift = 0, nth = 0) => ({
    textDocument: { uri },
    position: positionOf(MAIN, needle, shift, nth),
  });
  const hoverText = async (needle: string, shift = 0) =>
    ((await lsp.client.request<Hover>("textDocument/hover", at(needle, shift))).contents as MarkupContent).value;
  const rangeOf = (needle: string, nth = 0): Range => {
    const start = positionOf(MAIN, needle, 0, nth);
    return { start, end: { line: start.line, character: start.character + needle.length } };
  };

  it("hovers an operator type with the kb's documentation", async () => {
    const text = await hoverText("noiseTOP", 2);
    expect(text).toContain("**Noise TOP** `noiseTOP`");
    expect(text).toMatch(/inputs .*outputs/);
    expect(text).toContain("Documentation: [Noise TOP](https://docs.derivative.ca/Noise_TOP)");
  });

  it("hovers a parameter with its style, default and range", async () => {
    expect(await hoverText("period", 1)).toMatch(/\*\*Period\*\* `period` — Noise TOP.*\n\nFloat, default/);
    expect(await hoverText("brightness1", 1)).toMatch(/component 1 of `brightness`|Brightness/);
  });

  it("hovers a recipe use with its summary and parameters, and a bound control with its declaration", async () => {
    const recipe = await hoverText("glow", 1);
    expect(recipe).toContain("A soft bloom around bright areas.");
    expect(recipe).toContain("Amount: float = 0.5 range 0..1");
    expect(await hoverText("bind Gain", 6)).toContain("Gain: float = 0.9 range 0..1");
  });

  it("goes to a node's declaration from a wire, a reference, an op() call and the layout block", async () => {
    const declaration = rangeOf("level1", 0);
    for (const [needle, nth] of [
      ["level1", 1],
      ["level1", 2],
      ["level1", 3],
    ] as const) {
      const [loc] = await lsp.client.request<Location[]>("textDocument/definition", at(needle, 1, nth));
      expect(loc).toEqual({ uri, range: declaration });
    }
    const [fromOp] = await lsp.client.request<Location[]>("textDocument/definition", at("op('lfo1')", 5));
    expect(fromOp).toEqual({ uri, range: rangeOf("lfo1", 0) });
  });

  it("goes to a recipe in another file, a control's declaration, and an imported file", async () => {
    const [recipe] = await lsp.client.request<Location[]>("textDocument/definition", at("glow", 1));
    expect(recipe).toEqual({
      uri: libUri,
      range: { start: { line: 1, character: 7 }, end: { line: 1, character: 11 } },
    });
    const [control] = await lsp.client.request<Location[]>("textDocument/definition", at("bind Gain", 6));
    expect(control).toEqual({ uri, range: rangeOf("Gain", 0) });
    const [file] = await lsp.client.request<Location[]>("textDocument/definition", at("lib.svcnet", 2));
    expect(file!.uri).toBe(libUri);
  });

  it("finds every reference of a node, with or without its declaration", async () => {
    const refs = await lsp.client.request<Location[]>("textDocument/references", {
      ...at("level1", 1),
      context: { includeDeclaration: false },
    });
    expect(refs.map((r) => r.range.start.line).sort((a, b) => a - b)).toEqual([8, 12, 16]);
    const withDeclaration = await lsp.client.request<Location[]>("textDocument/references", {
      ...at("level1", 1),
      context: { includeDeclaration: true },
    });
    expect(withDeclaration).toHaveLength(4);
    const lfo = await lsp.client.request<Location[]>("textDocument/references", {
      ...at("lfo1", 1),
      context: { includeDeclaration: false },
    });
    expect(lfo.map((r) => r.range)).toEqual([rangeOf("lfo1", 1), rangeOf("lfo1", 2)]);
  });

  it("finds the uses of a control and of an import", async () => {
    const gain = await lsp.client.request<Location[]>("textDocument/references", {
      ...at("Gain", 1),
      context: { includeDeclaration: false },
    });
    expect(gain).toEqual([{ uri, range: rangeOf("Gain", 1) }]);
    const imports = await lsp.client.request<Location[]>("textDocument/references", {
      ...at("lib.svcnet", 2),
      context: { includeDeclaration: true },
    });
    expect(imports).toEqual([{ uri, range: { start: { line: 1, character: 7 }, end: { line: 1, character: 19 } } }]);
  });

  it("renames a node in its declaration, wires, references, op() calls, binds and the layout block", async () => {
    const prepared = await lsp.client.request<{ range: Range; placeholder: string }>(
      "textDocument/prepareRename",
      at("lfo1", 1, 1),
    );
    expect(prepared.placeholder).toBe("lfo1");
    const edit = await lsp.client.request<WorkspaceEdit>("textDocument/rename", {
      ...at("level1", 1, 1),
      newName: "fade",
    });
    const edits = edit.changes![uri]!;
    expect(edits).toHaveLength(4);
    const lines = MAIN.split("\n");
    for (const e of [...edits].sort(
      (a, b) => b.range.start.line - a.range.start.line || b.range.start.character - a.range.start.character,
    )) {
      const line = lines[e.range.start.line]!;
      lines[e.range.start.line] =
        line.slice(0, e.range.start.character) + e.newText + line.slice(e.range.end.character);
    }
    const renamed = lines.join("\n");
    expect(renamed).toContain("  fade: levelTOP { brightness1: bind Gain }");
    expect(renamed).toContain("fb: feedbackTOP { top: fade }");
    expect(renamed).toContain("noise1 -> fb -> fade -> g");
    expect(renamed).toContain("tunnel/fade: (200, 0)");
    expect(renamed).not.toContain("level1");

    const lfoEdit = await lsp.client.request<WorkspaceEdit>("textDocument/rename", {
      ...at("lfo1", 1),
      newName: "wave",
    });
    expect(lfoEdit.changes![uri]!.map((e) => e.range)).toEqual([
      rangeOf("lfo1", 0),
      rangeOf("lfo1", 1),
      rangeOf("lfo1", 2),
    ]);
  });

  it("refuses a rename to an invalid or taken name, with the reason", async () => {
    await expect(lsp.client.request("textDocument/rename", { ...at("level1", 1), newName: "2x" })).rejects.toThrow(
      /not a valid operator name/,
    );
    await expect(lsp.client.request("textDocument/rename", { ...at("level1", 1), newName: "noise1" })).rejects.toThrow(
      /already exists/,
    );
    expect(await lsp.client.request("textDocument/prepareRename", at("period", 1))).toBeNull();
  });
});
