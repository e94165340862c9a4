import { describe, expect, it } from "vitest";
import { parse } from "../../grammar/parse.js";
import { print } from "../../grammar/print.js";

const recipe = [
  "svcnet 1",
  "",
  'recipe glow [difficulty: beginner, tags: ("post", "glow"), summary: "A soft glow over the input"] {',
  "  params {",
  "    amount: float = 0.5 range 0..1",
  "  }",
  "",
  "  out1: nullTOP [display]",
  "}",
  "",
].join("\n");

describe("recipe metadata", () => {
  it("parses summary, tags and difficulty, and prints them in a fixed order", () => {
    const { ast, diagnostics } = parse(recipe, "r.svcnet");
    expect(diagnostics).toEqual([]);
    expect(ast.recipes[0]!.metadata.map((m) => m.kind)).toEqual(["DifficultyFlag", "TagsFlag", "SummaryFlag"]);
    const printed = print(ast);
    expect(printed).toContain(
      'recipe glow [summary: "A soft glow over the input", tags: ("glow", "post"), difficulty: beginner] {',
    );
    expect(print(parse(printed).ast)).toBe(printed);
  });

  it("names an unknown entry and a bad difficulty, with the allowed ones", () => {
    const bad = recipe.replace("difficulty: beginner", "difficulty: expert").replace("summary:", "sumary:");
    const { diagnostics } = parse(bad, "r.svcnet");
    const codes = diagnostics.map((d) => d.code).sort();
    expect(codes).toEqual(["invalid-flag-value", "unknown-recipe-metadata"]);
    const unknown = diagnostics.find((d) => d.code === "unknown-recipe-metadata")!;
    expect(unknown.help.join(" ")).toContain("summary");
    expect(unknown.range.start).toMatchObject({ line: 3 });
    expect(diagnostics.find((d) => d.code === "invalid-flag-value")!.help.join(" ")).toContain(
      "beginner, intermediate or advanced",
    );
  });

  it("keeps node flags out of recipe metadata", () => {
    const { diagnostics } = parse(recipe.replace("difficulty: beginner", "display"), "r.svcnet");
    expect(diagnostics.map((d) => d.code)).toEqual(["unknown-recipe-metadata"]);
  });
});

describe("renames: was", () => {
  it("parses and prints the previous name beside the flags", () => {
    const text = "svcnet 1\n\nnetwork n {\n  seed: noiseTOP [display, was: noise1]\n}\n";
    const { ast, diagnostics } = parse(text);
    expect(diagnostics).toEqual([]);
    expect(ast.networks[0]!.nodes[0]!.flags).toContainEqual(
      expect.objectContaining({ kind: "RenamedFromFlag", name: expect.objectContaining({ name: "noise1" }) }),
    );
    expect(print(ast)).toBe(text);
  });

  it("wants a bare name", () => {
    const { diagnostics } = parse('svcnet 1\nnetwork n {\n  seed: noiseTOP [was: "noise1"]\n}\n');
    expect(diagnostics.map((d) => d.code)).toEqual(["invalid-flag-value"]);
  });
});
