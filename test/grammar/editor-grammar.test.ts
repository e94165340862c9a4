/**
 * The TextMate grammar cannot be run without an Oniguruma engine (not a dependency), so these tests
 * check it is well-formed and that its key patterns, which use only syntax JavaScript and
 * Oniguruma share, pick out the right pieces of real lines.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

interface Rule {
  name?: string;
  match?: string;
  begin?: string;
  end?: string;
  patterns?: Rule[];
  include?: string;
}

const grammar = JSON.parse(
  readFileSync(new URL("../../grammar/editor/svcnet.tmLanguage.json", import.meta.url), "utf8"),
) as {
  scopeName: string;
  fileTypes: string[];
  patterns: Rule[];
  repository: Record<string, Rule>;
};

const pattern = (key: string, index?: number): RegExp => {
  const rule = grammar.repository[key]!;
  const r = index === undefined ? rule : rule.patterns![index]!;
  return new RegExp(r.match ?? r.begin!, "g");
};

const matches = (re: RegExp, line: string) => [...line.matchAll(re)].map((m) => m[0]);

describe("the TextMate grammar", () => {
  it("is a well-formed grammar for .svcnet files whose includes all exist", () => {
    expect(grammar.scopeName).toBe("source.svcnet");
    expect(grammar.fileTypes).toEqual(["svcnet"]);
    const includes: string[] = [];
    const walk = (r: unknown) => {
      if (r === null || typeof r !== "object") return;
      const rule = r as Rule;
      if (typeof rule.include === "string") includes.push(rule.include);
      for (const key of ["match", "begin", "end"] as const) {
        if (typeof rule[key] === "string") expect(() => new RegExp(rule[key]!)).not.toThrow();
      }
      Object.values(r).forEach(walk);
    };
    walk(grammar);
    for (const inc of includes.filter((i) => i.startsWith("#")))
      expect(grammar.repository[inc.slice(1)], inc).toBeDefined();
  });

  it("tells colours from comments", () => {
    expect(matches(pattern("colour"), "  out1: nullTOP [color: #ff8800]  # #abcdef here")).toEqual(["#ff8800"]);
    expect(matches(pattern("colour"), "#ff8800 at the start of a line is a comment")).toEqual([]);
    expect(matches(pattern("comment"), "  n: t  # note")).toEqual(["# note"]);
  });

  it("finds node declarations with their operator type", () => {
    const m = new RegExp(grammar.repository["node-declaration"]!.patterns![0]!.match!).exec(
      "  noise1: noiseTOP [display] { period: 3 }",
    );
    expect([m?.[1], m?.[3]]).toEqual(["noise1", "noiseTOP"]);
    expect(new RegExp(grammar.repository["node-declaration"]!.patterns![0]!.match!).test("    period: 3")).toBe(false);
  });

  it("finds wires, indices, sizes, numbers, paths and recipe parameters", () => {
    expect(matches(pattern("wire", 0), "a -> b -> comp1[1]")).toEqual(["->", "->"]);
    expect(matches(pattern("wire", 1), "a -> comp1[1]")).toEqual(["comp1[1]"]);
    expect(matches(pattern("number", 0), "resolution: 1280x720")).toEqual(["1280x720"]);
    expect(matches(pattern("number", 1), "a: -0.5, b: 1e-3, c: noise1")).toEqual(["-0.5", "1e-3"]);
    expect(matches(pattern("path"), "top: ../level1, other: /project1/out1")).toEqual(["../level1", "/project1/out1"]);
    expect(matches(pattern("recipe-parameter"), "seed: $seed")).toEqual(["$seed"]);
  });

  it("starts a Python expression only after ':' and ends a text block at its own fence", () => {
    expect(new RegExp(grammar.repository.expression!.begin!).test("rotate: = absTime.seconds")).toBe(true);
    expect(new RegExp(grammar.repository.expression!.begin!).test("Gain: float = 0.5")).toBe(false);
    const block = grammar.repository["text-block"]!.patterns![0]!;
    const begin = new RegExp(block.begin!).exec("  text: ```glsl");
    expect(begin?.[1]).toBe("```");
    const end = new RegExp(block.end!.replace("\\1", "```"));
    expect(end.test("      ```")).toBe(true);
    expect(end.test("      ````")).toBe(false);
  });
});
