import { describe, expect, it, vi } from "vitest";
import { readLiveNetwork } from "../../runtime/apply/live-state.js";
import { PAGE_BUDGET_MS, PAGE_MAX_NODES, readWholeTopology } from "../../runtime/apply/paged-topology.js";
import { applyFile, planFile } from "../../runtime/loop/run-loop.js";
import { useLiveSim } from "../support/live-sim.js";

const live = useLiveSim();

/** A network of `count` nodes: chains of ten, each with a parameter and a comment. */
function bigNetwork(count: number): string {
  const lines = ["svcnet 1", "network big {"];
  for (let i = 0; i < count; i++) {
    lines.push(i % 10 === 0 ? `  n${i}: noiseTOP { seed: ${i} }` : `  n${i}: levelTOP [comment: "step ${i}"] { opacity: 0.5 }`);
    if (i % 10 !== 0) lines.push(`  n${i - 1} -> n${i}`);
  }
  lines.push("}", "");
  return lines.join("\n");
}

describe("the live read of a large network", () => {
  it("is paged, every request bounded, and complete in total", async () => {
    const text = bigNetwork(300);
    const applied = await applyFile(live.client, { text, file: "big.svcnet" }, { verify: false });
    expect(applied.diagnostics).toEqual([]);

    const get = vi.spyOn(live.client, "get");
    try {
      const read = await readLiveNetwork(live.client, "/project1/big");
      expect(read.state.nodes.size).toBe(301);
      expect(read.state.wires).toHaveLength(270);
      const pages = get.mock.calls.filter(([path]) => path.endsWith("/topology")).map(([, query]) => query!);
      expect(pages.length).toBeGreaterThan(0);
      for (const q of pages) {
        expect(q.paged).toBe(true);
        expect(Number(q.time_budget_ms)).toBeLessThanOrEqual(PAGE_BUDGET_MS);
        expect(Number(q.max_nodes)).toBeLessThanOrEqual(PAGE_MAX_NODES);
      }
    } finally {
      get.mockRestore();
    }

    const again = await planFile(live.client, { text, file: "big.svcnet" });
    expect(again.diagnostics).toEqual([]);
    expect(again.plans[0]!.operations).toEqual([]);
  }, 300_000);

  it("pages of a few nodes list exactly what one whole read lists", async () => {
    const whole = await readWholeTopology<{ path: string }>(live.client, "/project1/big", { params: true });
    const small = await readWholeTopology<{ path: string }>(live.client, "/project1/big", { params: true, pageMaxNodes: 7 });
    expect(small.pages).toBeGreaterThanOrEqual(Math.ceil(300 / 7));
    expect(small.nodes).toEqual(whole.nodes);
    expect(small.wires).toEqual(whole.wires);
  }, 300_000);
});
