import { describe, expect, it } from "vitest";
import { layoutLevel, type Point } from "../../compiler/layout/layout.js";
import type { LayoutGraph } from "../../compiler/layout/elk-graph.js";
import { TD_GEOMETRY } from "../../compiler/layout/geometry.js";
import { clearLayoutCache } from "../../compiler/layout/layout-cache.js";

// noise -> comp[0], noise -> feedback -> comp[1], comp -> level -> out, plus a lone text DAT.
const tunnel: LayoutGraph = {
  nodes: ["noise1", "feedback1", "comp1", "level1", "out1", "notes"],
  edges: [
    { from: "noise1", fromIndex: 0, to: "comp1", toIndex: 0 },
    { from: "noise1", fromIndex: 0, to: "feedback1", toIndex: 0 },
    { from: "feedback1", fromIndex: 0, to: "comp1", toIndex: 1 },
    { from: "comp1", fromIndex: 0, to: "level1", toIndex: 0 },
    { from: "level1", fromIndex: 0, to: "out1", toIndex: 0 },
  ],
};

function shuffled<T>(items: T[], seed: number): T[] {
  const out = [...items];
  let s = seed;
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) % 2147483648;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const asObject = (m: Map<string, Point>) => Object.fromEntries([...m].sort(([a], [b]) => a.localeCompare(b)));

describe("layout", () => {
  it("lays a chain out left to right in TouchDesigner units with Y growing upward", async () => {
    const p = await layoutLevel(tunnel);
    expect(p.size).toBe(6);
    expect(p.get("noise1")!.x).toBeLessThan(p.get("comp1")!.x);
    expect(p.get("comp1")!.x).toBeLessThan(p.get("level1")!.x);
    expect(p.get("level1")!.x).toBeLessThan(p.get("out1")!.x);
    // Columns are at least a node width plus the gap apart.
    expect(p.get("level1")!.x - p.get("comp1")!.x).toBeGreaterThanOrEqual(TD_GEOMETRY.nodeWidth + TD_GEOMETRY.layerGap);
    for (const pt of p.values()) {
      expect(Number.isInteger(pt.x) && Number.isInteger(pt.y)).toBe(true);
      expect(pt.y).toBeLessThanOrEqual(-TD_GEOMETRY.nodeHeight); // the top row's lower edge is one node height below 0
    }
  });

  it("puts the node wired to input 0 above the node wired to input 1", async () => {
    // In TouchDesigner's Y-up space, "above" is a larger y. Names are chosen so that sorting by
    // name alone would put them the other way round.
    const swapped: LayoutGraph = {
      nodes: ["a", "b", "c"],
      edges: [
        { from: "b", fromIndex: 0, to: "c", toIndex: 0 },
        { from: "a", fromIndex: 0, to: "c", toIndex: 1 },
      ],
    };
    const q = await layoutLevel(swapped);
    expect(q.get("b")!.y).toBeGreaterThan(q.get("a")!.y);
    const straight = await layoutLevel({
      ...swapped,
      edges: swapped.edges.map((e) => ({ ...e, toIndex: 1 - e.toIndex })),
    });
    expect(straight.get("a")!.y).toBeGreaterThan(straight.get("b")!.y);
  });

  it("gives identical coordinates when run twice and when nodes and wires are shuffled", async () => {
    const first = asObject(await layoutLevel(tunnel));
    const second = asObject(await layoutLevel(tunnel));
    expect(second).toEqual(first);
    for (const seed of [1, 7, 42]) {
      const g = { nodes: shuffled(tunnel.nodes, seed), edges: shuffled(tunnel.edges, seed + 1) };
      expect(asObject(await layoutLevel(g))).toEqual(first);
    }
  });

  it("honours pinned positions and moves the rest with the first pinned node", async () => {
    const free = await layoutLevel(tunnel);
    const pins = new Map([["comp1", { x: 1000, y: 500 }]]);
    const p = await layoutLevel(tunnel, pins);
    expect(p.get("comp1")).toEqual({ x: 1000, y: 500 });
    const dx = 1000 - free.get("comp1")!.x;
    const dy = 500 - free.get("comp1")!.y;
    expect(p.get("out1")).toEqual({ x: free.get("out1")!.x + dx, y: free.get("out1")!.y + dy });
    const two = await layoutLevel(tunnel, new Map([...pins, ["out1", { x: -5, y: -5 }]]));
    expect(two.get("out1")).toEqual({ x: -5, y: -5 });
    expect(two.get("comp1")).toEqual({ x: 1000, y: 500 });
  });

  it("gives the same result in a worker thread as in this thread", async () => {
    const here = asObject(await layoutLevel(tunnel));
    clearLayoutCache(); // or the second layout would be the first one, reused
    const there = asObject(await layoutLevel(tunnel, new Map(), { workerThreshold: 0 }));
    expect(there).toEqual(here);
  });
});
