import { describe, expect, it } from "vitest";
import { linesOf, pageOf } from "../../runtime/mcp/tools/live/dat-pages.js";
import { applyLineEdits } from "../../runtime/mcp/tools/edit/line-edits.js";
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
    expect(pageOf("x".repeat(50), 0, 10, 20)).toMatchObject({
      text: "x".repeat(20),
      lineCount: 1,
      nextOffset: null,
      lineCut: true,
    });
    expect(pageOf(text, 2, 10, 100)).toMatchObject({ text: "cccc", offset: 2, nextOffset: null });
  });
});

describe("error lines and versions", () => {
  it("splits the operator path off an error line, and keeps a line without one", () => {
    expect(splitErrorLine("Not enough sources specified. (/project1/level1)", "/project1")).toEqual({
      path: "/project1/level1",
      message: "Not enough sources specified.",
    });
    expect(splitErrorLine("seed: NameError: name 'x' is not defined", "/project1/noise1")).toEqual({
      path: "/project1/noise1",
      message: "seed: NameError: name 'x' is not defined",
    });
  });

  it("compares bridge versions numerically", () => {
    expect(compareBridgeVersions("0.1.10", "0.1.9")).toBe(1);
    expect(compareBridgeVersions("0.2", "0.2.0")).toBe(0);
    expect(compareBridgeVersions("0.1.5", "0.2.0")).toBe(-1);
  });
});

describe("line edits", () => {
  const text = "a\nb\nc\n";
  it("replaces, inserts and deletes by line number, bottom up, keeping the final newline", () => {
    const r = applyLineEdits(text, [
      { start_line: 1, end_line: 1, text: "A" },
      { start_line: 3, end_line: 2, text: "between\n" },
      { start_line: 3, end_line: 3, text: "" },
    ]);
    expect(r).toEqual({ ok: true, text: "A\nb\nbetween\n", linesBefore: 3, linesAfter: 3 });
    expect(applyLineEdits("x", [{ start_line: 2, end_line: 1, text: "y" }])).toMatchObject({ ok: true, text: "x\ny" });
    expect(applyLineEdits("", [{ start_line: 1, end_line: 0, text: "first" }])).toMatchObject({
      ok: true,
      text: "first\n",
    });
  });
  it("refuses ranges outside the text, overlaps and stale expectations", () => {
    expect(applyLineEdits(text, [{ start_line: 4, end_line: 4, text: "x" }])).toMatchObject({
      ok: false,
      code: "line-out-of-range",
    });
    expect(
      applyLineEdits(text, [
        { start_line: 1, end_line: 2, text: "x" },
        { start_line: 2, end_line: 3, text: "y" },
      ]),
    ).toMatchObject({ ok: false, code: "overlapping-edits", index: 1 });
    expect(applyLineEdits(text, [{ start_line: 2, end_line: 3, text: "x", expect: "b\nC" }])).toMatchObject({
      ok: false,
      code: "stale-content",
      index: 0,
    });
    expect(applyLineEdits(text, [{ start_line: 2, end_line: 3, text: "x", expect: "b\nc\n" }])).toMatchObject({
      ok: true,
      text: "a\nx\n",
    });
  });
});
