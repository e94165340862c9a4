import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// Every code of the resolve and check sections of the catalog is exercised by a compiler test:
// a new diagnostic without a test fails here.
const catalog = readFileSync("diagnostics/messages.ts", "utf8");
const start = catalog.indexOf("// ── resolve (compiler/resolve)");
const end = catalog.indexOf("// ──", catalog.indexOf("// ── check (compiler/check)") + 10);
const codes = [...catalog.slice(start, end).matchAll(/^\s+"([a-z0-9-]+)":/gm)].map((m) => m[1]!);
const tests = readdirSync("test/compiler")
  .filter((f) => f.endsWith(".test.ts") && f !== "catalog-coverage.test.ts")
  .map((f) => readFileSync(`test/compiler/${f}`, "utf8"))
  .join("\n");

describe("diagnostic catalog coverage", () => {
  it("finds the compiler's codes", () => {
    expect(codes.length).toBeGreaterThanOrEqual(40);
    expect(codes).toContain("wire-cycle");
  });

  it.each(codes)("%s has a test", (code) => {
    expect(tests).toMatch(new RegExp(`["'\`]${code}["'\`]`));
  });
});
