import { describe, expect, it } from "vitest";
import { layoutProgram } from "../../compiler/layout/layout.js";
import { clearLayoutCache } from "../../compiler/layout/layout-cache.js";
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
    for (const [path, p] of before.positions) if (!path.includes("/comp0/")) expect(after.positions.get(path), path).toEqual(p);
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
