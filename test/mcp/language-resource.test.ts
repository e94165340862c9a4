/**
 * svc://language is the language an assistant writes: it names every construct of the syntax tree,
 * each `svcnet` example compiles with no diagnostic (a `# file:` example is the library the others
 * import), and it stays small enough to read whole.
 */
import { readFileSync } from "node:fs";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compileSync, memoryHost } from "../../compiler/index.js";
import { memoryClient } from "./helpers.js";

const AST = readFileSync(new URL("../../grammar/ast.ts", import.meta.url), "utf8");
const KINDS = [...new Set([...AST.matchAll(/kind: "([A-Za-z]+)"/g)].map((m) => m[1]!))].sort();

let client: Client;
let text: string;

beforeAll(async () => {
  client = await memoryClient({ profile: "core", rawPython: true });
  const r = await client.readResource({ uri: "svc://language" });
  const content = r.contents[0] as { mimeType: string; text: string };
  expect(content.mimeType).toBe("text/markdown");
  text = content.text;
});

afterAll(async () => {
  await client?.close();
});

const examples = () => [...text.matchAll(/^```svcnet\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);

describe("svc://language", () => {
  it("names every kind of the syntax tree, each in its row of the constructs table", () => {
    expect(KINDS.length).toBeGreaterThan(30);
    const rows = new Set([...text.matchAll(/^\| `([A-Za-z]+)` \|/gm)].map((m) => m[1]!));
    expect(KINDS.filter((k) => !rows.has(k))).toEqual([]);
  });

  it("covers the language and apply, not the parser's libraries, in bounded size", () => {
    for (const heading of ["Constructs", "Wires", "Controls", "Recipes and imports", "Layout", "What apply does"])
      expect(text).toContain(`## ${heading}`);
    expect(text).not.toMatch(/chevrotain|lodash|lexer\.ts|parser\.ts/);
    expect(Buffer.byteLength(text)).toBeLessThan(16 * 1024);
  });

  it("has examples that compile with no diagnostic, the import among them", () => {
    const all = examples();
    expect(all.length).toBeGreaterThanOrEqual(6);
    const files: Record<string, string> = {};
    const mains: string[] = [];
    for (const [i, ex] of all.entries()) {
      const named = /^svcnet 1\n# file: (\S+)\n/.exec(ex)?.[1];
      if (named) files[named] = ex;
      else (mains.push(`example${i}.svcnet`), (files[`example${i}.svcnet`] = ex));
    }
    expect(Object.keys(files)).toContain("lib/glow.svcnet");
    expect(mains.some((m) => files[m]!.includes('import "lib/glow.svcnet"'))).toBe(true);
    for (const entry of [...mains, "lib/glow.svcnet"]) {
      const r = compileSync(entry, { host: memoryHost(files) });
      expect(
        r.diagnostics.map((d) => `${d.code}: ${d.message}`),
        `${entry}:\n${files[entry]}`,
      ).toEqual([]);
      if (entry !== "lib/glow.svcnet") expect(r.operations?.length, entry).toBeGreaterThan(0);
    }
  });
});
