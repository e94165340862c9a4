/**
 * Parser and checker never crash, never flood: thousands of mutated versions of the example and
 * recipe files (fixed seed, so a failure reproduces) go through parse() and analyze(). Neither may
 * throw or report an internal error, and no file gets more than the diagnostics cap plus its count.
 * Time per input size is measured by bench/parse-scaling.bench.mjs, not asserted here.
 */
import { readdirSync, readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { analyze, memoryHost } from "../../compiler/index.js";
import { MAX_DIAGNOSTICS_PER_FILE } from "../../diagnostics/index.js";
import { parse } from "../../grammar/parse.js";

const SEEDS = ["examples", "recipes"].flatMap((dir) =>
  readdirSync(dir)
    .filter((f) => f.endsWith(".svcnet"))
    .map((f) => readFileSync(`${dir}/${f}`, "utf8")),
);
// What breaks a parser: brackets, quotes, fences, separators, escapes, NUL, non-ASCII, deep runs.
const PIECES = [
  "{",
  "}",
  "(",
  ")",
  "[",
  "]",
  '"',
  "'",
  "```",
  ":",
  "->",
  "=",
  "\n",
  "\\",
  "\u0000",
  "é",
  "#",
  "$",
  "@",
  ",",
  "{".repeat(300),
  "(".repeat(300),
  "= (",
  "network n {",
  "x: noiseTOP {",
];

type Mutation =
  | { at: number; kind: "insert"; piece: number }
  | { at: number; kind: "delete"; length: number }
  | { at: number; kind: "repeat"; length: number; times: number };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ at: fc.nat(), kind: fc.constant("insert" as const), piece: fc.nat(PIECES.length - 1) }),
  fc.record({ at: fc.nat(), kind: fc.constant("delete" as const), length: fc.integer({ min: 1, max: 40 }) }),
  fc.record({
    at: fc.nat(),
    kind: fc.constant("repeat" as const),
    length: fc.integer({ min: 1, max: 30 }),
    times: fc.integer({ min: 2, max: 50 }),
  }),
);

function mutate(text: string, mutations: Mutation[]): string {
  let out = text;
  for (const m of mutations) {
    const at = m.at % (out.length + 1);
    if (m.kind === "insert") out = out.slice(0, at) + PIECES[m.piece] + out.slice(at);
    else if (m.kind === "delete") out = out.slice(0, at) + out.slice(at + m.length);
    else out = out.slice(0, at) + out.slice(at, at + m.length).repeat(m.times) + out.slice(at + m.length);
  }
  return out;
}

const input = fc
  .tuple(fc.nat(SEEDS.length - 1), fc.array(mutation, { minLength: 1, maxLength: 6 }))
  .map(([i, ms]) => mutate(SEEDS[i]!, ms));

function expectBounded(diagnostics: { code: string; file?: string }[]) {
  expect(diagnostics.map((d) => d.code)).not.toContain("parser-internal-error");
  const perFile = new Map<string, number>();
  for (const d of diagnostics) perFile.set(d.file ?? "", (perFile.get(d.file ?? "") ?? 0) + 1);
  for (const count of perFile.values()) expect(count).toBeLessThanOrEqual(MAX_DIAGNOSTICS_PER_FILE + 1);
}

describe("fuzz: mutated .svcnet", () => {
  it("has seed files", () => expect(SEEDS.length).toBeGreaterThan(5));

  // Generous limits: these are correctness tests; their speed is the benchmark's business.
  it("parse() never throws and stays bounded over 2,000 inputs", { timeout: 600_000 }, () => {
    fc.assert(
      fc.property(input, (text) => {
        expectBounded(parse(text, "fuzz.svcnet").diagnostics);
      }),
      { seed: 16, numRuns: 2000 },
    );
  });

  it("analyze() never throws and stays bounded over 400 inputs", { timeout: 600_000 }, () => {
    fc.assert(
      fc.property(input, (text) => {
        expectBounded(
          analyze({ text, file: "fuzz.svcnet" }, { host: memoryHost({}), expressions: "safe" }).diagnostics,
        );
      }),
      { seed: 16, numRuns: 400 },
    );
  });

  it("caps a file with a problem on every character, counting the rest", () => {
    const { diagnostics } = parse(`svcnet 1\nnetwork n {\n${"}".repeat(5000)}\n`, "flood.svcnet");
    expect(diagnostics).toHaveLength(MAX_DIAGNOSTICS_PER_FILE + 1);
    const count = diagnostics.find((d) => d.code === "too-many-diagnostics")!;
    expect(count.message).toMatch(/^\d+ more problems in this file are not shown \(the first 100 are\)/);
  });

  it("refuses absurd nesting with one diagnostic, not one per bracket", () => {
    for (const text of [
      `svcnet 1\n${"{".repeat(100_000)}`,
      `svcnet 1\nnetwork n {\n  a: noiseTOP { period: ${"(".repeat(500)}1${")".repeat(500)} }\n}\n`,
    ]) {
      const { diagnostics } = analyze({ text, file: "deep.svcnet" }, { host: memoryHost({}) });
      expect(diagnostics.map((d) => d.code)).toEqual(["nesting-too-deep"]);
    }
  });
});
