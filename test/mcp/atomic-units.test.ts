import { describe, expect, it } from "vitest";
import { linesOf, pageOf } from "../../runtime/mcp/tools/live/dat-pages.js";
import { splitErrorLine } from "../../runtime/mcp/tools/live/error-lines.js";
import { compareVersions as compareBridgeVersions } from "../../runtime/bridge-version.js";

describe("DAT pages", () => {
  it("counts lines without an empty one after a final newline", () => {
    expect(linesOf("")).toEqual([]);
    expect(linesOf("a\nb\n")).toEqual(["a", "b"]);
    expect(linesOf("a\n\nb")).toEqual(["a", "", "b"]);
  });

  it("stops a page at the character cap and cuts a single line that is longer", () => {
    const text = ["aaaa", "bbbb", "cccc"].join("\n");
    expect(pageOf(text, 0, 10, 9)).toMatchObject({ text: "aaaa\nbbbb", lineCount: 2, nextOffset: 2, lineCut: false });
    expect(pageOf("x".repeat(50), 0, 10, 20)).toMatchObject({ text: "x".repeat(20), lineCount: 1, nextOffset: null, lineCut: true });
    expect(pageOf(text, 2, 10, 100)).toMatchObject({ text: "cccc", offset: 2, nextOffset: null });
  });
});

describe("error lines and versions", () => {
  it("splits the operator path off an error line, and keeps a line without one", () => {
    expect(splitErrorLine("Not enough sources specified. (/project1/level1)", "/project1")).toEqual({ path: "/project1/level1", message: "Not enough sources specified." });
    expect(splitErrorLine("seed: NameError: name 'x' is not defined", "/project1/noise1")).toEqual({ path: "/project1/noise1", message: "seed: NameError: name 'x' is not defined" });
  });

  it("compares bridge versions numerically", () => {
    expect(compareBridgeVersions("0.1.10", "0.1.9")).toBe(1);
    expect(compareBridgeVersions("0.2", "0.2.0")).toBe(0);
    expect(compareBridgeVersions("0.1.5", "0.2.0")).toBe(-1);
  });
});
