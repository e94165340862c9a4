import { describe, expect, it } from "vitest";
import { linesOf, pageOf } from "../../runtime/mcp/tools/live/dat-pages.js";
import { splitErrorLine } from "../../runtime/mcp/tools/live/error-lines.js";
import { onlyChangedCanMatch, parameterMatcher, textMatcher } from "../../runtime/mcp/tools/live/parameter-filters.js";
import { compareVersions as compareBridgeVersions } from "../../runtime/bridge-version.js";

describe("text filters", () => {
  it("match substrings without wildcards and whole text with them, ignoring case", () => {
    expect(textMatcher("Res")("resolutionw")).toBe(true);
    expect(textMatcher("res")("outputresolution")).toBe(true);
    expect(textMatcher("res*")("outputresolution")).toBe(false);
    expect(textMatcher("resolution?")("resolutionh")).toBe(true);
    expect(textMatcher("color[rg]")("colorb")).toBe(false);
    expect(textMatcher("color[!rg]")("colorb")).toBe(true);
    expect(textMatcher("a.b")("axb")).toBe(false);
    expect(textMatcher("*(x)*")("f(x) + 1")).toBe(true);
  });
});

describe("parameter matching", () => {
  const par = (over: Record<string, unknown>) => ({ name: "seed", value: 1, isDefault: true, style: "Float", mode: "constant", expr: "", bindExpr: "", ...over });

  it("treats a parameter as changed when its value or its mode is", () => {
    const changed = parameterMatcher({ nonDefault: true });
    expect(changed(par({}))).toBe(false);
    expect(changed(par({ isDefault: false }))).toBe(true);
    expect(changed(par({ mode: "expression", expr: "1" }))).toBe(true);
    expect(parameterMatcher({ nonDefault: false })(par({}))).toBe(true);
  });

  it("matches expressions only where they drive the parameter", () => {
    const m = parameterMatcher({ expression: "absTime" });
    expect(m(par({ mode: "expression", expr: "absTime.frame" }))).toBe(true);
    expect(m(par({ mode: "constant", expr: "absTime.frame" }))).toBe(false);
    expect(m(par({ mode: "bind", bindExpr: "op('x').par.absTime" }))).toBe(true);
  });

  it("never lets a value or expression filter probe a credential", () => {
    expect(parameterMatcher({ value: "hunter2" })(par({ name: "password", value: "hunter2", style: "Str" }))).toBe(false);
    expect(parameterMatcher({ value: "*" })(par({ name: "oauthtoken", value: "abc", style: "Str" }))).toBe(false);
    expect(parameterMatcher({ name: "password" })(par({ name: "password", value: "hunter2", style: "Str" }))).toBe(true);
  });

  it("knows which filters can only match changed parameters", () => {
    expect(onlyChangedCanMatch({ mode: "bind" })).toBe(true);
    expect(onlyChangedCanMatch({ expression: "x" })).toBe(true);
    expect(onlyChangedCanMatch({ mode: "constant" })).toBe(false);
    expect(onlyChangedCanMatch({ value: "1", nonDefault: false })).toBe(false);
  });
});

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
