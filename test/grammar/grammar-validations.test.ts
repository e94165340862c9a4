import { describe, expect, it } from "vitest";
import { SvcnetParser } from "../../grammar/parser.js";

describe("the grammar", () => {
  it("passes chevrotain's validations, which the shared parser skips at start-up", () => {
    // performSelfAnalysis throws a "Parser Definition Errors detected" error listing each problem.
    expect(() => new SvcnetParser({ validate: true })).not.toThrow();
  });
});
