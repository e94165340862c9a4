import { availableParallelism } from "node:os";
import { describe, expect, it } from "vitest";
import { compile, memoryHost } from "../../compiler/index.js";
import { hostStartingLayout } from "../../compiler/layout/layout-ahead.js";
import { clearLayoutCache } from "../../compiler/layout/layout-cache.js";
import { layoutWorkers, runElk } from "../../compiler/layout/run-elk.js";
import { compChains } from "./comp-chains.js";

// The tests run in order: the pool is this file's (module state), and only ever grows.
describe("a layout worker started while a large program is parsed", () => {
  const text = compChains(4, 30, { grow: true }); // 130 nodes in COMPs no two alike, about 5,000 characters

  it("are not started for a small source, a compile without layout or one laid out in its own thread", async () => {
    expect(text.length).toBeGreaterThan(50 * 80);
    expect((await compile({ text, file: "big.svcnet" })).operations).toBeDefined(); // below the default 300 nodes
    expect((await compile({ text, file: "big.svcnet" }, { layout: false })).operations).toBeDefined();
    expect(
      (await compile({ text, file: "big.svcnet" }, { layout: { workerThreshold: Number.POSITIVE_INFINITY } }))
        .operations,
    ).toBeDefined();
    expect(layoutWorkers()).toBe(0);
  });

  it("start when the files read add up to the threshold, before anything is parsed, and lay out as this thread does", async () => {
    const host = hostStartingLayout(memoryHost({ "/w/big.svcnet": text }), undefined, 50);
    expect(layoutWorkers()).toBe(0);
    expect(host.readFile("/w/big.svcnet")).toEqual({ ok: true, text });
    expect(layoutWorkers()).toBe(1);

    clearLayoutCache();
    const here = await compile({ text, file: "big.svcnet" }, { layout: { workerThreshold: Number.POSITIVE_INFINITY } });
    clearLayoutCache();
    const pooled = await compile("/w/big.svcnet", {
      host: memoryHost({ "/w/big.svcnet": text }),
      layout: { workerThreshold: 50 },
    });
    expect(pooled.layout?.levels).toEqual({ laidOut: 5, reused: 0 });
    expect([...pooled.layout!.positions]).toEqual([...here.layout!.positions]);
    expect(layoutWorkers()).toBe(1); // 130 nodes do not repay a second worker's warm-up
  });

  it("are one, however large the source: the levels may all come from a cache, and another starts when levels wait", () => {
    const host = hostStartingLayout(memoryHost({ "/w/huge.svcnet": "x".repeat(10_000 * 80) }), undefined);
    host.readFile("/w/huge.svcnet");
    expect(layoutWorkers()).toBe(1);
  });

  it("are joined by a second (on three cores or more: one stays the compiling thread's) when 2,000 nodes or more wait", async () => {
    expect(layoutWorkers()).toBe(1);
    const level = (l: number) => ({
      id: "root",
      children: Array.from({ length: 100 }, (_, i) => ({ id: `l${l}n${i}`, width: 160, height: 130 })),
    });
    const laid = await Promise.all(Array.from({ length: 21 }, (_, l) => runElk(level(l), true)));
    expect(laid.map((g) => g.children?.filter((c) => Number.isFinite(c.x)).length)).toEqual(new Array(21).fill(100));
    expect(layoutWorkers()).toBe(Math.max(1, Math.min(2, availableParallelism() - 1)));
  });
});
