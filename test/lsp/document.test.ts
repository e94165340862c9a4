/** Formatting, document symbols, folding and semantic tokens over a real LSP connection. */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { DocumentSymbol, FoldingRange, Location, SemanticTokens, TextEdit } from "vscode-languageserver";
import { parse } from "../../grammar/parse.js";
import { print } from "../../grammar/print.js";
import { fileUri, positionOf, useLsp } from "./lsp-client.js";

const MESSY = [
  "svcnet 1",
  "# the look",
  "network   main {",
  "  controls {",
  "    Gain: float = 0.9",
  "  }",
  "  out1:nullTOP [display]",
  "  noise1 : noiseTOP {period:2,   mono: on}",
  "  fx: baseCOMP {",
  "    network {",
  "      in1: inTOP",
  "      out1: outTOP",
  "      in1 -> out1",
  "    }",
  "  }",
  "  noise1 -> fx -> out1",
  "}",
  "",
].join("\n");

const lsp = useLsp();

describe("svc lsp document features", () => {
  let n = 0;
  const open = async (text: string) => {
    const uri = fileUri(join(lsp.dir, `d${n++}.svcnet`));
    await lsp.client.open(uri, text);
    return uri;
  };

  it("formats with the canonical printer (what svc fmt writes), and leaves a file with syntax errors alone", async () => {
    const uri = await open(MESSY);
    const edits = await lsp.client.request<TextEdit[]>("textDocument/formatting", {
      textDocument: { uri },
      options: { tabSize: 8, insertSpaces: false },
    });
    expect(edits).toHaveLength(1);
    expect(edits[0]!.newText).toBe(print(parse(MESSY).ast));
    expect(edits[0]!.newText).toContain("  noise1: noiseTOP { mono: on, period: 2 }");
    const formatted = await open(edits[0]!.newText);
    expect(
      await lsp.client.request("textDocument/formatting", {
        textDocument: { uri: formatted },
        options: { tabSize: 2, insertSpaces: true },
      }),
    ).toEqual([]);
    const broken = await open("svcnet 1\nnetwork main {\n  noise1:   noiseTOP {\n");
    expect(
      await lsp.client.request("textDocument/formatting", {
        textDocument: { uri: broken },
        options: { tabSize: 2, insertSpaces: true },
      }),
    ).toEqual([]);
  });

  it("lists networks, controls and nodes, with COMPs' insides nested, as document symbols", async () => {
    const uri = await open(MESSY);
    const [main] = await lsp.client.request<DocumentSymbol[]>("textDocument/documentSymbol", { textDocument: { uri } });
    expect(main!.name).toBe("main");
    expect(main!.children!.map((c) => `${c.name}:${c.detail}`)).toEqual([
      "Gain:float",
      "out1:nullTOP",
      "noise1:noiseTOP",
      "fx:baseCOMP",
    ]);
    const fx = main!.children!.find((c) => c.name === "fx")!;
    expect(fx.children!.map((c) => c.name)).toEqual(["in1", "out1"]);
    expect(fx.selectionRange.start).toEqual(positionOf(MESSY, "fx:"));
  });

  it("folds blocks and comment runs", async () => {
    const uri = await open(`# one\n# two\n${MESSY}`);
    const folds = await lsp.client.request<FoldingRange[]>("textDocument/foldingRange", { textDocument: { uri } });
    const spans = folds.map((f) => `${f.startLine}-${f.endLine}${f.kind === "comment" ? "c" : ""}`);
    // Comments: lines 0-2 (the two added and the file's own); the network 4..17; controls; the COMP and its network.
    expect(spans).toEqual(expect.arrayContaining(["4-17", "5-6", "10-15", "11-14"]));
    expect(folds.some((f) => f.kind === "comment" && f.startLine === 0)).toBe(true);
  });

  it("marks names by meaning with semantic tokens: types, node names, parameters, menu entries, controls", async () => {
    const text =
      "svcnet 1\nnetwork main {\n  controls {\n    Gain: float\n  }\n  comp1: compositeTOP { operand: add, top: level1 }\n  level1: levelTOP { brightness1: bind Gain }\n}\n";
    const uri = await open(text);
    const tokens = await lsp.client.request<SemanticTokens>("textDocument/semanticTokens/full", {
      textDocument: { uri },
    });
    const legend = lsp.init.capabilities.semanticTokensProvider!.legend.tokenTypes;
    // Decode the relative encoding into (line, column, text, type).
    const lines = text.split("\n");
    const decoded: string[] = [];
    let line = 0;
    let column = 0;
    for (let i = 0; i < tokens.data.length; i += 5) {
      const [dl, dc, length, type] = tokens.data.slice(i, i + 4) as [number, number, number, number];
      line += dl;
      column = dl === 0 ? column + dc : dc;
      decoded.push(`${lines[line]!.slice(column, column + length)}=${legend[type]}`);
    }
    expect(decoded).toEqual(
      expect.arrayContaining([
        "network=keyword",
        "main=namespace",
        "Gain=parameter",
        "float=type",
        "comp1=variable",
        "compositeTOP=type",
        "operand=property",
        "add=enumMember",
        "level1=variable",
        "bind=keyword",
      ]),
    );
  });

  it("navigates inside a recipe no network uses (a recipe library file)", async () => {
    const text = "svcnet 1\nrecipe glow {\n  blur1: blurTOP\n  in1: inTOP\n  in1 -> blur1\n}\n";
    const uri = await open(text);
    const [loc] = await lsp.client.request<Location[]>("textDocument/definition", {
      textDocument: { uri },
      position: positionOf(text, "blur1", 1, 1),
    });
    expect(loc).toEqual({ uri, range: { start: positionOf(text, "blur1"), end: { line: 2, character: 7 } } });
  });
});
