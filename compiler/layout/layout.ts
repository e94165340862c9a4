/**
 * Layout: one ELK layout per network level (the children of each COMP), converted to
 * TouchDesigner's coordinates. Deterministic: nodes, ports and edges are sorted before ELK sees
 * them, so the same network gives the same coordinates however its source is ordered, in whichever
 * thread ELK runs.
 *
 * Pinned positions (the source's layout block) are honoured exactly. The rest of the level keeps
 * its computed arrangement, moved so that it stays put relative to the first pinned node (by name):
 * pinning one node moves the network with it instead of leaving the others behind.
 *
 * A program above `workerThreshold` nodes is laid out entirely in a pool of worker threads, its
 * levels in parallel, so the thread that compiles (an MCP server's) stays free. A level whose
 * structure is unchanged since an earlier layout in this process reuses that layout (layout-cache.ts),
 * or, given a cache folder, since an earlier layout in any process (layout-disk-cache.ts).
 */
import type { ComponentModel, ProgramModel } from "../model.js";
import { walkComponents } from "../model.js";
import type { ElkNode } from "elkjs/lib/elk-api.js";
import { buildElkGraph, type LayoutGraph } from "./elk-graph.js";
import { elkToTd, TD_GEOMETRY, type LayoutGeometry, type Point } from "./geometry.js";
import { cachedLevel, levelKey, storeLevel } from "./layout-cache.js";
import { runElk, WORKER_THRESHOLD } from "./run-elk.js";

export type { Point } from "./geometry.js";

export interface LayoutOptions {
  geometry?: Partial<LayoutGeometry>;
  /** Programs (and single levels) with more nodes than this are laid out in worker threads (default 300). */
  workerThreshold?: number;
  /** A folder where laid-out levels are kept between processes (absent: kept in this process only). */
  cacheDir?: string;
}

/** Positions by absolute TouchDesigner path, in TouchDesigner units (lower-left corner, Y up). */
export interface LayoutResult {
  positions: Map<string, Point>;
  /** Levels ELK laid out, and levels whose earlier layout was reused unchanged. */
  levels: { laidOut: number; reused: number };
}

interface ComputedLevel {
  key: string;
  positions: ReadonlyMap<string, Point>;
  reused: boolean;
}

/** Loaded only when a cache folder is given: `svc check` and other compiles without one never need it. */
const diskCache = () => import("./layout-disk-cache.js");

/**
 * Levels being laid out (or read from the cache folder) right now, by key. Every level of a
 * program is sent at once, before any answer is cached: without this, ten copies of one COMP
 * were ten identical ELK runs. A copy waits for the first one's answer instead.
 */
const underWay = new Map<string, Promise<ReadonlyMap<string, Point>>>();

/** ELK's positions for one level, before pins: from a cache when the level's structure is known. */
async function computedLevel(
  graph: LayoutGraph,
  geometry: LayoutGeometry,
  useWorker: boolean,
  cacheDir: string | undefined,
  signal?: AbortSignal,
): Promise<ComputedLevel> {
  const elkGraph = buildElkGraph(graph, geometry);
  const key = levelKey(elkGraph);
  const known = cachedLevel(key);
  if (known !== undefined) return { key, positions: known, reused: true };
  const running = underWay.get(key);
  if (running !== undefined) {
    // A compile that gave up (found errors meanwhile) abandons its levels; a copy in another one lays it out itself.
    const waited = await running.catch((e: unknown) => {
      if (signal?.aborted === true || (e as { name?: unknown } | undefined)?.name !== "AbortError") throw e;
      return undefined;
    });
    if (waited !== undefined) return { key, positions: waited, reused: true };
  }
  const work = freshLevel(graph, elkGraph, key, geometry, useWorker, cacheDir, signal);
  const positions = work.then((level) => level.positions);
  positions.catch(() => undefined); // a failure reaches the copies waiting on it, and this level through `work`
  underWay.set(key, positions);
  try {
    return await work;
  } finally {
    if (underWay.get(key) === positions) underWay.delete(key);
  }
}

/** A level no layout in this process has answered yet: from the cache folder, or from ELK. */
async function freshLevel(
  graph: LayoutGraph,
  elkGraph: ElkNode,
  key: string,
  geometry: LayoutGeometry,
  useWorker: boolean,
  cacheDir: string | undefined,
  signal: AbortSignal | undefined,
): Promise<ComputedLevel> {
  const stored = cacheDir === undefined ? undefined : await (await diskCache()).readStoredLevel(cacheDir, key);
  if (stored !== undefined && stored.size === graph.nodes.length && graph.nodes.every((n) => stored.has(n))) {
    storeLevel(key, stored);
    return { key, positions: stored, reused: true };
  }
  const laid = await runElk(elkGraph, useWorker, signal);
  const positions = new Map<string, Point>();
  for (const child of laid.children ?? [])
    positions.set(child.id, elkToTd(child.x ?? 0, child.y ?? 0, child.height ?? geometry.nodeHeight));
  storeLevel(key, positions);
  return { key, positions, reused: false };
}

/** Writes the levels ELK just laid out to the cache folder, when there is one. */
async function storeOnDisk(cacheDir: string | undefined, levels: readonly ComputedLevel[]): Promise<void> {
  const fresh = levels.filter((l) => !l.reused).map((l) => [l.key, l.positions] as const);
  if (cacheDir !== undefined && fresh.length > 0) await (await diskCache()).storeLevels(cacheDir, fresh);
}

/** Moves the computed arrangement with the first pinned node (by name) and places every pinned node exactly. */
function applyPins(computed: ReadonlyMap<string, Point>, pins: ReadonlyMap<string, Point>): Map<string, Point> {
  const out = new Map(computed);
  const anchor = [...pins.keys()].filter((n) => out.has(n)).sort()[0];
  if (anchor !== undefined) {
    const from = out.get(anchor)!;
    const to = pins.get(anchor)!;
    const dx = to.x - from.x;
    const dy = to.y - from.y;
    for (const [name, p] of out) out.set(name, { x: p.x + dx, y: p.y + dy });
    for (const [name, p] of pins) if (out.has(name)) out.set(name, { x: p.x, y: p.y });
  }
  return out;
}

/** Lays out one level. `pins` maps node names to fixed TouchDesigner positions. */
export async function layoutLevel(
  graph: LayoutGraph,
  pins: ReadonlyMap<string, Point> = new Map(),
  options: LayoutOptions = {},
): Promise<Map<string, Point>> {
  if (graph.nodes.length === 0) return new Map();
  const geometry = { ...TD_GEOMETRY, ...options.geometry };
  const useWorker = graph.nodes.length > (options.workerThreshold ?? WORKER_THRESHOLD);
  const level = await computedLevel(graph, geometry, useWorker, options.cacheDir);
  await storeOnDisk(options.cacheDir, [level]);
  return applyPins(level.positions, pins);
}

/** The layout graph of one COMP's children. */
export function levelGraph(comp: ComponentModel): LayoutGraph {
  return {
    nodes: comp.body.nodes.map((n) => n.name),
    edges: comp.body.wires.map((w) => ({
      from: w.from.node.name,
      fromIndex: w.from.index,
      to: w.to.node.name,
      toIndex: w.to.index,
    })),
  };
}

/**
 * Lays out every level of every network of the program. Once `signal` is aborted (a compile that
 * found errors meanwhile), levels not yet begun are not laid out and the promise rejects.
 */
export async function layoutProgram(
  program: ProgramModel,
  options: LayoutOptions = {},
  signal?: AbortSignal,
): Promise<LayoutResult> {
  const geometry = { ...TD_GEOMETRY, ...options.geometry };
  const comps = program.networks.flatMap((network) =>
    [...walkComponents(network.root)].filter((c) => c.body.nodes.length > 0),
  );
  const total = comps.reduce((n, c) => n + c.body.nodes.length, 0);
  const useWorker = total > (options.workerThreshold ?? WORKER_THRESHOLD);
  // Every level is sent before any is awaited, the largest first: the pool starts on it while the
  // others are prepared, and lays them out side by side.
  const computed: Promise<ComputedLevel>[] = new Array(comps.length);
  const largestFirst = comps
    .map((comp, i) => [comp.body.nodes.length, i] as const)
    .sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of largestFirst)
    computed[i] = computedLevel(levelGraph(comps[i]!), geometry, useWorker, options.cacheDir, signal);
  const levelsDone = await Promise.all(computed);
  await storeOnDisk(options.cacheDir, levelsDone);
  const positions = new Map<string, Point>();
  const levels = { laidOut: 0, reused: 0 };
  for (const [i, comp] of comps.entries()) {
    const { positions: level, reused } = levelsDone[i]!;
    levels[reused ? "reused" : "laidOut"]++;
    const pins = new Map<string, Point>();
    for (const n of comp.body.nodes) if (n.pinned !== undefined) pins.set(n.name, { x: n.pinned.x, y: n.pinned.y });
    const prefix = comp.path === "/" ? "/" : `${comp.path}/`;
    for (const [name, p] of applyPins(level, pins)) positions.set(`${prefix}${name}`, p);
  }
  return { positions, levels };
}
