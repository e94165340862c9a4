import { describe, expect, it } from "vitest";
import { compile } from "../../compiler/index.js";
import { layoutProgram } from "../../compiler/layout/layout.js";
import { clearLayoutCache } from "../../compiler/layout/layout-cache.js";
import { layoutWorkers } from "../../compiler/layout/run-elk.js";
import { compChains, programOf } from "./comp-chains.js";

describe("layout of a whole program", () => {
  it("gives the same coordinates from the worker pool, levels queued largest first, as in this thread one by one", async () => {
    const p = await programOf(compChains(6, 30, { grow: true }));
    clearLayoutCache();
    const here = await layoutProgram(p, { workerThreshold: Number.POSITIVE_INFINITY });
    clearLayoutCache();
    const pooled = await layoutProgram(p, { workerThreshold: 0 });
    expect(pooled.levels).toEqual({ laidOut: 7, reused: 0 }); // six COMPs and the network itself
    expect([...pooled.positions]).toEqual([...here.positions]);
    expect(pooled.positions.size).toBe(6 * 30 + (0 + 1 + 2 + 3 + 4 + 5) + 6);
  });

  it("reuses the layout of every COMP whose nodes and wires did not change, and lays out only the changed one", async () => {
    clearLayoutCache();
    const before = await layoutProgram(await programOf(compChains(5, 20, { grow: true })));
    expect(before.levels).toEqual({ laidOut: 6, reused: 0 });
    const changedProgram = await programOf(compChains(5, 20, { grow: true, extra: true }));
    const after = await layoutProgram(changedProgram);
    expect(after.levels).toEqual({ laidOut: 1, reused: 5 });
    // Unchanged COMPs keep their coordinates; the changed one gets its new node.
    for (const [path, p] of before.positions)
      if (!path.includes("/comp0/")) expect(after.positions.get(path), path).toEqual(p);
    expect(after.positions.has("/project1/big/comp0/added")).toBe(true);
    // And reuse changes nothing: a cold layout of the changed program gives the same coordinates.
    clearLayoutCache();
    const cold = await layoutProgram(changedProgram);
    expect([...after.positions]).toEqual([...cold.positions]);
  });

  it("lays out copies of one COMP once, and gives every copy the coordinates it would get alone", async () => {
    const copies = await programOf(compChains(6, 30)); // six identical COMPs
    clearLayoutCache();
    const once = await layoutProgram(copies, { workerThreshold: 0 });
    expect(once.levels).toEqual({ laidOut: 2, reused: 5 }); // one COMP for six, and the network itself
    clearLayoutCache();
    const alone = await layoutProgram(await programOf(compChains(1, 30)));
    for (let c = 0; c < 6; c++) {
      for (let i = 0; i < 30; i++) {
        const at = once.positions.get(`/project1/big/comp${c}/t${i}`);
        expect(at, `comp${c}/t${i}`).toEqual(alone.positions.get(`/project1/big/comp0/t${i}`));
      }
    }
  });
});

describe("a layout given up (a compile whose check found errors meanwhile)", () => {
  it("lays out nothing when given up before it starts, in the pool or in this thread", async () => {
    const p = await programOf(compChains(3, 10, { grow: true }));
    clearLayoutCache();
    const gaveUp = AbortSignal.abort();
    await expect(layoutProgram(p, { workerThreshold: 0 }, gaveUp)).rejects.toMatchObject({ name: "AbortError" });
    await expect(layoutProgram(p, { workerThreshold: Number.POSITIVE_INFINITY }, gaveUp)).rejects.toMatchObject({
      name: "AbortError",
    });
    expect((await layoutProgram(p)).levels).toEqual({ laidOut: 4, reused: 0 });
  });

  it("drops the levels still waiting; another layout waiting on one of them lays it out itself", async () => {
    const p = await programOf(compChains(20, 8, { grow: true })); // 21 levels
    clearLayoutCache();
    const giveUp = new AbortController();
    const abandoned = layoutProgram(p, { workerThreshold: 0 }, giveUp.signal);
    const other = layoutProgram(p, { workerThreshold: 0 }); // every level a copy of one under way
    giveUp.abort();
    await expect(abandoned).rejects.toMatchObject({ name: "AbortError" });
    const laid = await other;
    // Only the levels already sent to a worker (a few per worker) went on, and the other layout reused them.
    expect(laid.levels.laidOut + laid.levels.reused).toBe(21);
    expect(laid.levels.reused).toBeGreaterThan(0);
    expect(laid.levels.reused).toBeLessThanOrEqual(4 * layoutWorkers());
    clearLayoutCache();
    expect([...laid.positions]).toEqual([
      ...(await layoutProgram(p, { workerThreshold: Number.POSITIVE_INFINITY })).positions,
    ]);
  });

  it("compile() gives a program with errors no operations, and leaves its levels unlaid", async () => {
    const text = compChains(12, 8, { grow: true });
    const broken = text.replace("      t0: noiseTOP\n", "      t0: noiseTOP { nosuchparameter: 1 }\n");
    expect(broken).not.toBe(text);
    clearLayoutCache();
    const failed = await compile({ text: broken, file: "big.svcnet" }, { layout: { workerThreshold: 0 } });
    expect(failed.diagnostics.some((d) => d.severity === "error")).toBe(true);
    expect(failed.operations).toBeUndefined();
    const fixed = await compile({ text, file: "big.svcnet" }, { layout: { workerThreshold: 0 } });
    expect(fixed.operations).toBeDefined();
    expect(fixed.layout!.levels.laidOut + fixed.layout!.levels.reused).toBe(13);
    expect(fixed.layout!.levels.reused).toBeLessThanOrEqual(4 * layoutWorkers());
  });
});
