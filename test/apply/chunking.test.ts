import { describe, expect, it } from "vitest";
import { chunkByCost, operationCost, type TracedOperation } from "../../runtime/engine/apply/plan-operations.js";

const op = (action: string, i: number): TracedOperation => ({ op: { action, path: `/p/n${i}` }, path: `/p/n${i}` });

describe("chunkByCost", () => {
  it("keeps order and stays within the budget, counting a create as four simple operations", () => {
    const ops = [
      ...Array.from({ length: 20 }, (_, i) => op("create", i)),
      ...Array.from({ length: 30 }, (_, i) => op("connect", i)),
    ];
    const chunks = chunkByCost(ops, 60, 1000);
    expect(chunks.flat()).toEqual(ops);
    for (const c of chunks) expect(c.reduce((n, t) => n + operationCost(t.op), 0)).toBeLessThanOrEqual(60);
    expect(chunks.map((c) => c.length)).toEqual([15, 5 + 30]);
  });

  it("caps the number of operations per request, and sends an operation over budget alone", () => {
    expect(
      chunkByCost(
        Array.from({ length: 5 }, (_, i) => op("set_mode", i)),
        100,
        2,
      ).map((c) => c.length),
    ).toEqual([2, 2, 1]);
    expect(chunkByCost([op("create", 1), op("create", 2)], 3, 1000).map((c) => c.length)).toEqual([1, 1]);
  });

  it("costs a stored record and a DAT's text by their size, so a large record does not share a frame with a full request", () => {
    const record = {
      nodes: Object.fromEntries(
        Array.from({ length: 800 }, (_, i) => [`/p/n${i}`, { type: "noiseTOP", params: { period: 2.5 } }]),
      ),
    };
    const store: TracedOperation = {
      op: { action: "store", path: "/p", key: "svc_applied", value: record },
      path: "/p",
    };
    const bytes = JSON.stringify(record).length;
    expect(bytes).toBeGreaterThan(40_000);
    expect(operationCost(store.op)).toBe(Math.round(bytes / 2048));
    expect(operationCost({ action: "set_text", path: "/p/t", text: "x".repeat(20_000) })).toBe(10);
    expect(operationCost({ action: "set_text", path: "/p/t", text: "x".repeat(5000) })).toBe(1);
    expect(operationCost({ action: "store", path: "/p", key: "k", value: 1 })).toBe(1);
    const edits = Array.from({ length: 50 }, (_, i) => op("set_param", i));
    expect(chunkByCost([...edits, store], 60, 1000).map((c) => c.length)).toEqual([50, 1]);
  });

  it("costs an update by the parameters it writes, so a request of updates takes about as long as one of creates", () => {
    const update = (n: number): TracedOperation => ({
      op: {
        action: "update",
        path: "/p/n",
        parameters: Object.fromEntries(Array.from({ length: n }, (_, i) => [`p${i}`, i])),
      },
      path: "/p/n",
    });
    expect([0, 1, 2, 7].map((n) => operationCost(update(n).op))).toEqual([1, 1, 2, 7]);
    expect(
      chunkByCost(
        Array.from({ length: 40 }, () => update(2)),
        72,
        1000,
      ).map((c) => c.length),
    ).toEqual([36, 4]);
  });
});
