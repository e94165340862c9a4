import { describe, expect, it } from "vitest";
import { diagnostic, NO_RANGE } from "../../diagnostics/index.js";

// The arguments of diagnostic() are typed by the message template: the `@ts-expect-error` lines below
// are compile errors (`npm run typecheck`, part of the build, fails if one stops being one).
describe("typed message arguments", () => {
  it("fills every argument the template names", () => {
    const d = diagnostic("unclosed-bracket", NO_RANGE, { closer: ")", opener: "(", line: 3, column: 7 });
    expect(d.message).toBe("expected ')' to close the '(' opened at 3:7");
  });

  it("rejects a missing or misspelt argument at compile time", () => {
    // @ts-expect-error `path` is missing
    const missing = diagnostic("file-not-found", NO_RANGE, {});
    // @ts-expect-error `pth` is not an argument of this message
    const misspelt = diagnostic("file-not-found", NO_RANGE, { pth: "a.svcnet" });
    // Had they compiled, the text would keep its placeholder: the reason the check exists.
    expect(missing.message).toContain("{path}");
    expect(misspelt.message).toContain("{path}");
  });

  it("takes no arguments for a message without any", () => {
    expect(diagnostic("empty-file", NO_RANGE).message).toBe("the file has no statements");
    // @ts-expect-error this message has no arguments
    diagnostic("empty-file", NO_RANGE, { extra: 1 });
  });
});
