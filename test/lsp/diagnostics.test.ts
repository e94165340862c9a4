/** Diagnostics as you type, with codes, ranges, related locations and quick fixes, over a real LSP connection. */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { CodeAction, Diagnostic } from "vscode-languageserver";
import { fileUri, useLsp } from "./lsp-client.js";

const BROKEN = `svcnet 1
network main {
  noise1: noiseTOPP { period: 2 }
  level1: levelTOP { brightnes1: 1.2 }
  comp1: compositeTOP { operand: ad }
  out1: nullTOP
  level1 -> out1
  levl1 -> comp1
}
`;

const lsp = useLsp();

describe("svc lsp diagnostics", () => {
  const byCode = (list: Diagnostic[], code: string) => list.find((d) => d.code === code);

  it("publishes every phase's problems with their codes and exact ranges, and quick fixes for did-you-mean", async () => {
    const uri = fileUri(join(lsp.dir, "broken.svcnet"));
    await lsp.client.open(uri, BROKEN);
    const diagnostics = await lsp.client.diagnostics(uri);
    const type = byCode(diagnostics, "unknown-operator-type")!;
    expect(type.range).toEqual({ start: { line: 2, character: 10 }, end: { line: 2, character: 19 } });
    expect(type.severity).toBe(1);
    expect(type.source).toBe("svc");
    expect(type.message).toMatch(/noiseTOPP/);
    const param = byCode(diagnostics, "unknown-parameter")!;
    expect(param.range.start).toEqual({ line: 3, character: 21 });
    const menu = byCode(diagnostics, "unknown-menu-entry")!;
    expect(menu.message).toMatch(/'ad'/);
    const wire = byCode(diagnostics, "unknown-wire-node")!;
    expect(wire.range).toEqual({ start: { line: 7, character: 2 }, end: { line: 7, character: 7 } });

    const fixes = async (d: Diagnostic) =>
      lsp.client.request<CodeAction[]>("textDocument/codeAction", {
        textDocument: { uri },
        range: d.range,
        context: { diagnostics: [d], only: ["quickfix"] },
      });
    const replacement = async (d: Diagnostic) => (await fixes(d))[0]?.edit?.changes?.[uri]?.[0]?.newText;
    expect(await replacement(type)).toBe("noiseTOP");
    expect(await replacement(param)).toBe("brightness1");
    expect(await replacement(menu)).toBe("add");
    expect(await replacement(wire)).toBe("level1");
    expect((await fixes(type))[0]).toMatchObject({ kind: "quickfix", isPreferred: true });
  });

  it("re-checks as the text changes: fixing the file clears its diagnostics", async () => {
    const uri = fileUri(join(lsp.dir, "typing.svcnet"));
    await lsp.client.open(uri, "svcnet 1\nnetwork main {\n  noise1: noiseTOP\n}\n");
    expect(await lsp.client.diagnostics(uri, 1)).toEqual([]);
    const v2 = await lsp.client.edit(
      uri,
      { start: { line: 2, character: 18 }, end: { line: 2, character: 18 } },
      " { perod: 3 }",
    );
    const after = await lsp.client.diagnostics(uri, v2);
    expect(after.map((d) => d.code)).toEqual(["unknown-parameter"]);
    const v3 = await lsp.client.edit(
      uri,
      { start: { line: 2, character: 21 }, end: { line: 2, character: 26 } },
      "period",
    );
    expect(await lsp.client.diagnostics(uri, v3)).toEqual([]);
  });

  it("reports a syntax error as it is typed, with its place", async () => {
    const uri = fileUri(join(lsp.dir, "syntax.svcnet"));
    await lsp.client.open(uri, "svcnet 1\nnetwork main {\n  noise1: noiseTOP { period: }\n}\n");
    const [d] = await lsp.client.diagnostics(uri);
    expect(d!.severity).toBe(1);
    expect(d!.range.start.line).toBe(2);
    expect(String(d!.code)).toMatch(/^[a-z-]+$/);
  });

  it("shows a problem inside an imported file on the import, with the real place as a related location", async () => {
    const lib = join(lsp.dir, "lib.svcnet");
    writeFileSync(lib, "svcnet 1\nrecipe glow {\n  blur1: blurTOP { sise: 3 }\n}\n");
    const uri = fileUri(join(lsp.dir, "uses-lib.svcnet"));
    await lsp.client.open(uri, 'svcnet 1\nimport "lib.svcnet"\nnetwork main {\n  g: glow\n}\n');
    const diagnostics = await lsp.client.diagnostics(uri);
    const d = byCode(diagnostics, "unknown-parameter")!;
    expect(d.range).toEqual({ start: { line: 1, character: 7 }, end: { line: 1, character: 19 } });
    expect(d.message).toContain("lib.svcnet");
    expect(d.relatedInformation).toEqual([
      {
        location: { uri: fileUri(lib), range: { start: { line: 2, character: 19 }, end: { line: 2, character: 23 } } },
        message: expect.stringMatching(/sise/),
      },
    ]);
  });

  it("re-checks an open file when a file it imports changes in the editor", async () => {
    const libPath = join(lsp.dir, "shared.svcnet");
    writeFileSync(libPath, "svcnet 1\nrecipe soft {\n  noise1: noiseTOP\n}\n");
    const main = fileUri(join(lsp.dir, "reader.svcnet"));
    await lsp.client.open(main, 'svcnet 1\nimport "shared.svcnet"\nnetwork main {\n  s: soft\n}\n');
    expect(await lsp.client.diagnostics(main)).toEqual([]);
    const libUri = fileUri(libPath);
    await lsp.client.open(libUri, "svcnet 1\nrecipe soft {\n  noise1: noiseTOP\n}\n");
    await lsp.client.diagnostics(libUri);
    // The recipe is renamed in the unsaved buffer: the reader's use of it is now unknown.
    await lsp.client.change(libUri, "svcnet 1\nrecipe softer {\n  noise1: noiseTOP\n}\n");
    for (;;) {
      const list = await lsp.client.diagnostics(main);
      if (list.some((d) => d.code === "unknown-operator-type")) break;
      await new Promise((r) => setTimeout(r, 20));
    }
  });
});
