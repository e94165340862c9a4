import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "../../grammar/parse.js";
import { print } from "../../grammar/print.js";

/** Every complete file shown in the language reference (a code block starting with `svcnet 1`). */
const readme = readFileSync(new URL("../../grammar/README.md", import.meta.url), "utf8");
const files = [...readme.matchAll(/^```\n(svcnet 1\b[\s\S]*?)^```$/gm)].map((m) => m[1]!);

describe("the language reference", () => {
  it("shows complete files", () => {
    expect(files.length).toBeGreaterThanOrEqual(2);
  });

  it.each(files.map((f, i) => [i, f] as const))(
    "example %i parses without diagnostics and formats stably",
    (_i, text) => {
      const r = parse(text);
      expect(r.diagnostics).toEqual([]);
      const once = print(r.ast);
      expect(print(parse(once).ast)).toBe(once);
    },
  );
});
