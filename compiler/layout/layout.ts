/**
 * Layout: one ELK layout per network level (the children of each COMP), converted to
 * TouchDesigner's coordinates. Deterministic: nodes, ports and edges are sorted before ELK sees
 * them, so the same network gives the same coordinates however its source is ordered.
 *
 * Pinned positions (the source's layout block) are honoured exactly. The rest of the level keeps
 * its computed arrangement, moved so that it stays put relative to the first pinned node (by name):
 * pinning one node moves the network with it instead of leaving the others behind.
 */
import type { ComponentModel, ProgramModel } from "../model.js";
import { walkComponents } from "../model.js";
import { buildElkGraph, type LayoutGraph } from "./elk-graph.js";
import { elkToTd, TD_GEOMETRY, type LayoutGeometry } from "./geometry.js";
import { runElk, WORKER_THRESHOLD } from "./run-elk.js";

export interface Point {
  x: number;
  y: number;
}

export interface LayoutOptions {
  geometry?: Partial<LayoutGeometry>;
  /** Levels with more nodes than this run in a worker thread (default 300). */
  workerThreshold?: number;
}

/** Positions by absolute TouchDesigner path, in TouchDesigner units (lower-left corner, Y up). */
export interface LayoutResult {
  positions: Map<string, Point>;
}

/** Lays out one level. `pins` maps node names to fixed TouchDesigner positions. */
export async function layoutLevel(
  graph: LayoutGraph,
  pins: ReadonlyMap<string, Point> = new Map(),
  options: LayoutOptions = {},
): Promise<Map<string, Point>> {
  const geometry = { ...TD_GEOMETRY, ...options.geometry };
  const out = new Map<string, Point>();
  if (graph.nodes.length === 0) return out;
  const elkGraph = buildElkGraph(graph, geometry);
  const useWorker = (elkGraph.children?.length ?? 0) > (options.workerThreshold ?? WORKER_THRESHOLD);
  const laid = await runElk(elkGraph, useWorker);
  for (const child of laid.children ?? []) {
    out.set(child.id, elkToTd(child.x ?? 0, child.y ?? 0, child.height ?? geometry.nodeHeight));
  }
  const anchor = [...pins.keys()].filter((n) => out.has(n)).sort()[0];
  if (anchor !== undefined) {
    const computed = out.get(anchor)!;
    const pinned = pins.get(anchor)!;
    const dx = pinned.x - computed.x;
    const dy = pinned.y - computed.y;
    for (const [name, p] of out) out.set(name, { x: p.x + dx, y: p.y + dy });
    for (const [name, p] of pins) if (out.has(name)) out.set(name, { x: p.x, y: p.y });
  }
  return out;
}

/** The layout graph of one COMP's children. */
export function levelGraph(comp: ComponentModel): LayoutGraph {
  return {
    nodes: comp.body.nodes.map((n) => n.name),
    edges: comp.body.wires.map((w) => ({ from: w.from.node.name, fromIndex: w.from.index, to: w.to.node.name, toIndex: w.to.index })),
  };
}

/** Lays out every level of every network of the program. */
export async function layoutProgram(program: ProgramModel, options: LayoutOptions = {}): Promise<LayoutResult> {
  const positions = new Map<string, Point>();
  for (const network of program.networks) {
    for (const comp of walkComponents(network.root)) {
      if (comp.body.nodes.length === 0) continue;
      const pins = new Map<string, Point>();
      for (const n of comp.body.nodes) if (n.pinned !== undefined) pins.set(n.name, { x: n.pinned.x, y: n.pinned.y });
      const level = await layoutLevel(levelGraph(comp), pins, options);
      const prefix = comp.path === "/" ? "/" : `${comp.path}/`;
      for (const [name, p] of level) positions.set(`${prefix}${name}`, p);
    }
  }
  return { positions };
}
