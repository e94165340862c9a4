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
  "(*rest,)",
  "(*rest, 1), [*rest]",
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

// Each is refused by CPython's eval(); the message names the problem, `start` is where it points.
const INVALID: [string, RegExp, number][] = [
  ["", /empty/, 0],
  // accepted by the hand-written checker this grammar replaced
  ["x := 1", /':=' at the top of an expression needs parentheses/, 0],
  ["await absTime", /'await' outside an async function/, 0],
  ["*absTime", /starred expression is allowed only/, 0],
  ["(*absTime)", /starred expression cannot stand alone/, 0],
  ["((*absTime))", /starred expression cannot stand alone/, 1],
  ["[(*a), 1]", /starred expression cannot stand alone/, 1],
  ["print 'x'", /starts a statement|Python 2/, 0],
  ["absTime.seconds *", /ends too early/, 16],
  ["op('noise1'.par.period", /ends too early/, 21],
  ["a b", /unexpected 'b'/, 2],
  ["x = 3", /'=' assigns; compare with '=='/, 2],
  ["x += 3", /assignment statement/, 2],
  ["'abc", /unexpected/, 1],
  ["3px", /unexpected 'px'/, 1],
  ["08", /leading zeros/, 0],
  ["a $ b", /unexpected '\$'/, 2],
  ["import os", /'import' starts a statement/, 0],
  ["a; b", /second statement/, 3],
  ["a\nb", /second statement/, 2],
  ["1 if a", /ends too early/, 5],
  ["lambda x, x: 1", /duplicate parameter 'x'/, 10],
  ["f(a=1, b)", /positional argument cannot follow a keyword/, 7],
  ["x[]", /expected/, 2],
  ["[x for x]", /unexpected/, 7],
  ["a \\ b", /unexpected '\\'/, 2],
  ["f(x) = 2", /unexpected '='/, 5],
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
