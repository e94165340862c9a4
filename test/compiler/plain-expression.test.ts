import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { isPlainExpression } from "../../compiler/check/python/plain-expression.js";
import { grammarCheckExpression } from "../../compiler/check/python/syntax-check.js";
import { loadPythonGrammar } from "../../compiler/check/python/tree-sitter.js";

beforeAll(() => loadPythonGrammar());

// Pieces of plain expressions and of things that look like them but are not (keywords, slices,
// tuples, prefixed strings, leading zeros, operators out of place), joined at random.
const PIECES = [
  "absTime",
  "me",
  "op",
  "parent",
  "par",
  "x",
  "_y",
  "True",
  "None",
  "not",
  "and",
  "or",
  "if",
  "else",
  "lambda",
  "in",
  "is",
  "print",
  "f",
  "0",
  "1",
  "08",
  "0.5",
  "1.",
  "2e-3",
  "10",
  "3j",
  "'a'",
  '"b"',
  "b'x'",
  "'",
  '"',
  ".",
  ".seconds",
  "(",
  ")",
  "[",
  "]",
  ",",
  ":",
  "=",
  "==",
  "!=",
  "<",
  ">=",
  "+",
  "-",
  "*",
  "**",
  "/",
  "//",
  "%",
  "@",
  "~",
  "&",
  "|",
  "^",
  "<<",
  " ",
  "\t",
  "\n",
  "#",
  "\\",
  ";",
  "*x",
  "**k",
  "()",
  ":=",
];
const glued = fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 12 }).map((parts) => parts.join(""));
const spaced = fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 12 }).map((parts) => parts.join(" "));

describe("plain expressions, recognized without Python's grammar", () => {
  it("are what parameters mostly carry", () => {
    for (const text of [
      "absTime.seconds * 0.3",
      "op('lfo1')['chan1'] + 1",
      "parent().par.Zoom ** 2 - -1",
      "me.time.frame % 60 / 60",
      "tdu.clamp(me.par.value0, 0, 1)",
      'op("noise1").par.period * 2 + if_ == None',
      "not a and -b < c <= 2e-3",
      "f(1, k=2, j=3,)",
    ])
      expect(isPlainExpression(text), text).toBe(true);
  });

  it("leave everything else to the grammar", () => {
    for (const text of [
      "",
      " absTime",
      "a, b",
      "x[1:2]",
      "1 if a else 0",
      "lambda: 1",
      "f'{x}'",
      "08",
      "x = 3",
      "a + not b",
      "f(k=1, 2)",
      "(*a)",
      "a\nb",
      "x # c",
      "print(x)",
      "1 .real",
    ]) {
      expect(isPlainExpression(text), text).toBe(false);
    }
  });

  it("are, every one, valid to Python's grammar as well (so the diagnostics do not change)", () => {
    let plain = 0;
    fc.assert(
      fc.property(fc.oneof(glued, spaced), (text) => {
        if (!isPlainExpression(text)) return;
        plain++;
        expect(grammarCheckExpression(text)).toBeUndefined();
      }),
      { numRuns: 3000 },
    );
    // The generator does reach the plain kind often enough to mean something.
    expect(plain).toBeGreaterThan(100);
  });
});
