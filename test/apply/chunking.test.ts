import { describe, expect, it } from "vitest";
import { chunkByCost, operationCost, type TracedOperation } from "../../runtime/apply/plan-operations.js";

const op = (action: string, i: number): TracedOperation => ({ op: { action, path: `/p/n${i}` }, path: `/p/n${i}` });

describe("chunkByCost", () => {
  it("keeps order and stays within the budget, counting a create as four simple operations", () => {
    const ops = [...Array.from({ length: 20 }, (_, i) => op("create", i)), ...Array.from({ length: 30 }, (_, i) => op("connect", i))];
    const chunks = chunkByCost(ops, 60, 1000);
    expect(chunks.flat()).toEqual(ops);
    for (const c of chunks) expect(c.reduce((n, t) => n + operationCost(t.op), 0)).toBeLessThanOrEqual(60);
    expect(chunks.map((c) => c.length)).toEqual([15, 5 + 30]);
  });

  it("caps the number of operations per request, and sends an operation over budget alone", () => {
    expect(chunkByCost(Array.from({ length: 5 }, (_, i) => op("set_mode", i)), 100, 2).map((c) => c.length)).toEqual([2, 2, 1]);
    expect(chunkByCost([op("create", 1), op("create", 2)], 3, 1000).map((c) => c.length)).toEqual([1, 1]);
  });
});
