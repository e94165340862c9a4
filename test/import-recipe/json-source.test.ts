import { describe, expect, it } from "vitest";
import { parseJson, plainJson } from "../../runtime/recipes/import/json-source.js";

describe("parseJson", () => {
  it("reads what JSON.parse reads, with each value's place", () => {
    const text = '{\n  "a": [1, -2.5e3, true, null],\n  "b": { "c": "x\\ny\\u00e9" }\n}';
    const r = parseJson(text);
    if (!r.ok) throw new Error(r.problem);
    expect(plainJson(r.value)).toEqual(JSON.parse(text));
    if (r.value.kind !== "object") throw new Error("not an object");
    const a = r.value.entries[0]!;
    expect(a.keyRange.start).toEqual({ line: 2, column: 3, offset: 4 });
    expect(a.value.range.start).toMatchObject({ line: 2, column: 8 });
    const c = r.value.entries[1]!.value;
    if (c.kind !== "object") throw new Error("not an object");
    expect(c.entries[0]!.value.range.start).toMatchObject({ line: 3, column: 15 });
  });

  it.each([
    ['{"a": 1,}', /comma before '}'/, 1, 9],
    ['{"a": 1\n "b": 2}', /expected ',' or '}' after the value of "a"/, 2, 2],
    ["{'a': 1}", /expected a property name in double quotes/, 1, 2],
    ['{"a": [1, 2}', /expected ',' or '\]'/, 1, 12],
    ['{"a": 01}', /'01' is not a JSON number/, 1, 7],
    ['{"a": tru}', /'tru' is not a JSON value/, 1, 7],
    ['{"a": "x\ny"}', /a line break inside a string/, 1, 9],
    ['{"a": "\\q"}', /'\\q' is not a JSON escape/, 1, 8],
    ['{"a": 1', /object opened at 1:1 is never closed/, 1, 1],
    ['{"a": 1} x', /after the end of the JSON value/, 1, 10],
    ["", /the file is empty/, 1, 1],
  ])("%j is refused with its reason and place", (text, problem, line, column) => {
    const r = parseJson(text);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problem).toMatch(problem);
    expect([r.range.start.line, r.range.start.column]).toEqual([line, column]);
  });

  it("refuses nesting deeper than its limit instead of overflowing the stack", () => {
    const r = parseJson("[".repeat(5000) + "]".repeat(5000));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problem).toMatch(/nested more than/);
  });
});
