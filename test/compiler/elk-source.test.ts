import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { ElkNode } from "elkjs/lib/elk-api.js";
import { analyze } from "../../compiler/index.js";
import { walkComponents } from "../../compiler/model.js";
import { buildElkGraph, type LayoutGraph } from "../../compiler/layout/elk-graph.js";
import { CAST_CHECKS, editElk, ELK_EDITS, elkSource, evaluateElk } from "../../compiler/layout/elk-source.js";
import { TD_GEOMETRY } from "../../compiler/layout/geometry.js";
import { levelGraph } from "../../compiler/layout/layout.js";

const repo = join(import.meta.dirname, "..", "..");

/** Every .svcnet file under a folder of the repository. */
function svcnetFiles(folder: string): string[] {
  return readdirSync(join(repo, folder), { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".svcnet"))
    .sort()
    .map((f) => join(repo, folder, f));
}

/** The levels of every example and recipe (each COMP's children, and each network's); a recipe no network uses is built with its defaults. */
function repoLevels(): [string, LayoutGraph][] {
  const levels: [string, LayoutGraph][] = [];
  for (const file of [...svcnetFiles("examples"), ...svcnetFiles("recipes")]) {
    const { program, unusedRecipes } = analyze(file);
    for (const network of [...program.networks, ...unusedRecipes])
      for (const comp of walkComponents(network.root))
        if (comp.body.nodes.length > 0) levels.push([`${file}:${comp.path}`, levelGraph(comp)]);
  }
  return levels;
}

/** A small deterministic generator (mulberry32), so the random levels are the same every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Wires go from a lower to a higher index (a network without cycles), to inputs 0-2, from outputs 0-1. */
function randomLevel(seed: number, nodes: number, wiresPerNode: number, parts = 1): LayoutGraph {
  const next = random(seed);
  const names = Array.from({ length: nodes }, (_, i) => `n${i}`);
  const edges: LayoutGraph["edges"] = [];
  const partOf = (i: number) => i % parts;
  for (let to = 1; to < nodes; to++) {
    const wires = Math.floor(next() * wiresPerNode * 2);
    for (let w = 0; w < wires; w++) {
      const from = Math.floor(next() * to);
      if (partOf(from) !== partOf(to)) continue; // disconnected parts stay apart
      edges.push({ from: names[from]!, fromIndex: next() < 0.8 ? 0 : 1, to: names[to]!, toIndex: Math.min(w, 2) });
    }
  }
  return { nodes: names, edges };
}

const chain = (n: number): LayoutGraph => ({
  nodes: Array.from({ length: n }, (_, i) => `c${i}`),
  edges: Array.from({ length: n - 1 }, (_, i) => ({ from: `c${i}`, fromIndex: 0, to: `c${i + 1}`, toIndex: 0 })),
});

const fanOut = (n: number): LayoutGraph => ({
  nodes: ["src", ...Array.from({ length: n }, (_, i) => `o${i}`)],
  edges: Array.from({ length: n }, (_, i) => ({ from: "src", fromIndex: 0, to: `o${i}`, toIndex: 0 })),
});

const fanIn = (n: number): LayoutGraph => ({
  nodes: ["sink", ...Array.from({ length: n }, (_, i) => `i${i}`)],
  edges: Array.from({ length: n }, (_, i) => ({ from: `i${i}`, fromIndex: 0, to: "sink", toIndex: i })),
});

const synthetic: [string, LayoutGraph][] = [
  ["one node", { nodes: ["a"], edges: [] }],
  ["unwired nodes", { nodes: ["a", "b", "c", "d"], edges: [] }],
  ["chain of 40", chain(40)],
  ["fan-out to 25", fanOut(25)],
  ["fan-in of 12 inputs", fanIn(12)],
  [
    "a node wired to itself's neighbour twice",
    {
      nodes: ["a", "b"],
      edges: [
        { from: "a", fromIndex: 0, to: "b", toIndex: 0 },
        { from: "a", fromIndex: 0, to: "b", toIndex: 1 },
      ],
    },
  ],
  ...[1, 2, 3, 4, 5, 6].map((s): [string, LayoutGraph] => [
    `random ${s}`,
    randomLevel(s, 20 + s * 15, 1 + (s % 3) * 0.5, 1 + (s % 3)),
  ]),
  ["random 120 nodes in 4 parts", randomLevel(7, 120, 1.5, 4)],
  ["random 350 nodes (a large level's options)", randomLevel(8, 350, 1.2)],
];

/** What svc reads of ELK's answer: each node's box. */
function boxes(laid: ElkNode): string {
  return JSON.stringify((laid.children ?? []).map(({ id, x, y, width, height }) => [id, x, y, width, height]));
}

describe("ELK's text edited to do less work", () => {
  it("applies to the pinned elkjs: each edit found once, none left undone", () => {
    const shipped = readFileSync(createRequire(import.meta.url).resolve("elkjs/lib/elk.bundled.js"), "utf8");
    const source = elkSource();
    expect(source.edited).toBe(true);
    expect(ELK_EDITS.length).toBeGreaterThan(CAST_CHECKS.length);
    for (const [original, edited] of ELK_EDITS) {
      expect(shipped.split(original)).toHaveLength(2);
      expect(source.text.includes(original)).toBe(false);
      expect(source.text.split(edited)).toHaveLength(2);
    }
  });

  it("leaves another elkjs's text as it is when any edit is not found", () => {
    const shipped = elkSource({ shipped: true });
    expect(shipped.edited).toBe(false);
    for (const [original] of [ELK_EDITS[3]!, ELK_EDITS[ELK_EDITS.length - 1]!]) {
      const renamed = shipped.text.replace(original, original.replace(/\w+\(/, "renamed("));
      expect(renamed).not.toBe(shipped.text);
      expect(editElk(renamed)).toBeUndefined();
    }
    expect(editElk(shipped.text)).toBe(elkSource().text);
  });

  it(
    "lays out varied levels, the repository's examples and recipes with exactly the node boxes of the shipped ELK",
    { timeout: 300_000 },
    async () => {
      const Edited = evaluateElk(elkSource());
      const Shipped = evaluateElk(elkSource({ shipped: true }));
      const [fast, shipped] = [new Edited(), new Shipped()];
      const levels = [...synthetic, ...repoLevels()];
      expect(levels.length).toBeGreaterThan(60);
      let nodes = 0;
      for (const [name, level] of levels) {
        const graph = buildElkGraph(level, TD_GEOMETRY);
        const [a, b] = await Promise.all([fast.layout(structuredClone(graph)), shipped.layout(structuredClone(graph))]);
        expect(boxes(a), name).toBe(boxes(b));
        nodes += a.children?.length ?? 0;
        for (const child of a.children ?? [])
          expect(Number.isFinite(child.x) && Number.isFinite(child.y), name).toBe(true);
      }
      expect(nodes).toBeGreaterThan(1000);
    },
  );

  it("writes back only the nodes' boxes: ports' and edges' layouts are left out", async () => {
    const level = randomLevel(3, 30, 1.5);
    const graph = buildElkGraph(level, TD_GEOMETRY);
    const [a, b] = await Promise.all([
      new (evaluateElk(elkSource()))().layout(structuredClone(graph)),
      new (evaluateElk(elkSource({ shipped: true })))().layout(structuredClone(graph)),
    ]);
    expect(b.edges?.some((e) => (e as { sections?: unknown[] }).sections !== undefined)).toBe(true);
    expect(a.edges?.some((e) => (e as { sections?: unknown[] }).sections !== undefined)).toBe(false);
    expect(a.children?.some((c) => c.ports?.some((p) => p.x !== undefined))).toBe(false);
    expect(boxes(a)).toBe(boxes(b));
  });
});
