import { describe, expect, it } from "vitest";
import { checkPythonExpression } from "../../compiler/check/python/syntax.js";

// Each of these is a valid Python 3.11 expression (cross-checked once with CPython's parser).
const VALID = [
  "absTime.seconds * 10",
  "me.time.frame % 60 / 60",
  "op('noise1').par.period * 2",
  "op('lfo1')['chan1']",
  "op('table1')[1, 'value']",
  "parent().par.Zoom ** 2 - -1",
  "1 if me.digits > 2 else 0",
  "lambda x, y=2, *a, **k: x + y",
  "[c.name for c in op('geo1').children if c.isTOP]",
  "{k: v for k, v in zip('ab', (1, 2))}",
  "{1, 2, *rest}",
  "{**a, 'b': 1}",
  "(x for x in range(3))",
  "sum(x for x in range(3))",
  "f(a, *b, c=1, **d)",
  "x[1:2], x[::2], x[:, 0]",
  "a < b <= c != d",
  "a not in b and c is not None",
  "not a or ~b & c | d ^ e << 2 >> 1",
  "'abc' \"def\" r'\\d' f'{x}'",
  "b'x' rb'y'",
  "'''multi\nline'''",
  "0x1F + 0o17 + 0b101 + 1_000 + 1.5e-3 + .5 + 2j",
  "(n := 3) + n",
  "...",
  "tdu.clamp(me.par.value0, 0, 1)",
  "(1,\n 2)",
  "a + \\\n b",
  "x  # trailing comment",
  "()",
  "[]",
  "{}",
];

const INVALID: [string, RegExp, number][] = [
  ["", /empty/, 0],
  ["absTime.seconds *", /ends too early/, 17],
  ["op('noise1'.par.period", /'\(' is never closed/, 2],
  ["a + b)", /no matching opening bracket/, 5],
  ["(a + b]", /does not close '\('/, 6],
  ["a b", /unexpected name 'b'/, 2],
  ["x = 3", /'=' assigns; compare with '=='/, 2],
  ["x += 3", /assignment statement/, 2],
  ["'abc", /never closed/, 0],
  ["1.2.3", /not a valid number/, 0],
  ["08", /leading zeros/, 0],
  ["3px", /not a valid number/, 0],
  ["a $ b", /'\$' is not valid/, 2],
  ["a != !b", /'!' is not valid.*'not'/, 5],
  ["import os", /starts a statement/, 0],
  ["a; b", /separates statements/, 1],
  ["1 if a", /needs 'else'/, 6],
  ["lambda x x", /expected ':'/, 9],
  ["lambda x, x: 1", /duplicate lambda parameter/, 10],
  ["f(a=1, b)", /positional argument cannot follow a keyword/, 7],
  ["x.3", /unexpected number/, 1],
  ["x.", /expected an attribute name/, 2],
  ["x[]", /subscript needs an index/, 2],
  ["[x for x]", /needs 'in'/, 8],
  ["a\nb", /new line outside brackets/, 1],
  ["a \\ b", /backslash/, 2],
  ["{1: 2, 3}", /expected ':'/, 8],
  ["f(x) = 2", /'=' assigns/, 5],
  ["a.b := 2", /plain name/, 4],
  ["'a' b'x'", /bytes and text/, 4],
];

describe("Python expression syntax check", () => {
  it.each(VALID)("accepts %j", (text) => {
    expect(checkPythonExpression(text)).toBeUndefined();
  });

  it.each(INVALID)("rejects %j", (text, message, start) => {
    const problem = checkPythonExpression(text);
    expect(problem).toBeDefined();
    expect(problem!.message).toMatch(message);
    expect(problem!.start).toBe(start);
    expect(problem!.end).toBeGreaterThan(problem!.start);
  });
});
