import { describe, expect, it } from "vitest";
import { diagnostic, positionAt, renderJson, renderText, sortDiagnostics } from "../../diagnostics/index.js";

const source = "svcnet 1\nnetwork a {\n  noise1: noiseTOP { resolutionx: 1280 }\n}\n";

function rangeOf(text: string, needle: string) {
  const at = text.indexOf(needle);
  return { start: positionAt(text, at), end: positionAt(text, at + needle.length) };
}

describe("diagnostic rendering", () => {
  it("draws a code frame with a caret under the range and the help lines", () => {
    const d = diagnostic(
      "file-unreadable",
      rangeOf(source, "resolutionx"),
      { path: "a.svcnet", reason: "test" },
      {
        file: "a.svcnet",
        help: ["did you mean 'resolutionw'?"],
      },
    );
    const text = renderText(d, { source });
    expect(text).toBe(
      [
        "error[file-unreadable]: cannot read 'a.svcnet': test",
        " --> a.svcnet:3:22",
        "  |",
        "3 |   noise1: noiseTOP { resolutionx: 1280 }",
        "  |                      ^^^^^^^^^^^",
        "  = help: did you mean 'resolutionw'?",
      ].join("\n"),
    );
  });

  it("cuts a very long line around the caret", () => {
    const long = "x".repeat(100_000) + "BAD" + "y".repeat(100_000);
    const d = diagnostic("file-unreadable", rangeOf(long, "BAD"), { path: "p", reason: "r" });
    const frameLine = renderText(d, { source: long }).split("\n")[3]!;
    expect(frameLine.length).toBeLessThan(200);
    const caretLine = renderText(d, { source: long }).split("\n")[4]!;
    expect(frameLine.slice(4).indexOf("BAD")).toBe(caretLine.slice(4).indexOf("^"));
  });

  it("renders the same facts as JSON and sorts by position", () => {
    const late = diagnostic("file-not-found", rangeOf(source, "1280"), { path: "b" });
    const early = diagnostic("file-not-found", rangeOf(source, "network"), { path: "a" });
    const json = JSON.parse(renderJson(sortDiagnostics([late, early])));
    expect(json.map((d: { message: string }) => d.message)).toEqual([
      "cannot read 'a': no such file",
      "cannot read 'b': no such file",
    ]);
    expect(json[0]).toMatchObject({
      code: "file-not-found",
      severity: "error",
      range: { start: { line: 2, column: 1 } },
    });
  });
});
