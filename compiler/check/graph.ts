/**
 * The wire graph of one network level, in graphology: cycle detection and topological order come
 * from graphology-dag. TouchDesigner refuses cook loops made of wires (feedback goes through a
 * feedbackTOP's reference instead), so a wire cycle is an error.
 */
import { DirectedGraph } from "graphology";
import { hasCycle, topologicalSort, willCreateCycle } from "graphology-dag";
import type { ComponentModel, WireModel } from "../model.js";

function wireGraph(comp: ComponentModel): DirectedGraph {
  const g = new DirectedGraph({ allowSelfLoops: true });
  for (const n of comp.body.nodes) g.mergeNode(n.name);
  for (const w of comp.body.wires) g.mergeEdge(w.from.node.name, w.to.node.name);
  return g;
}

function wireOrder(a: WireModel, b: WireModel): number {
  return (
    a.origin.range.start.offset - b.origin.range.start.offset ||
    (a.origin.file < b.origin.file ? -1 : a.origin.file > b.origin.file ? 1 : 0)
  );
}

/** A shortest path `from` → `to` along edges of `g` (both ends included), for naming a cycle. */
function pathBetween(g: DirectedGraph, from: string, to: string): string[] {
  const previous = new Map<string, string>([[from, from]]);
  const queue = [from];
  while (queue.length > 0) {
    const node = queue.shift()!;
    if (node === to) break;
    for (const next of g.outNeighbors(node).sort()) {
      if (previous.has(next)) continue;
      previous.set(next, node);
      queue.push(next);
    }
  }
  const path = [to];
  while (path[0] !== from) path.unshift(previous.get(path[0]!)!);
  return path;
}

export interface WireCycle {
  /** The wire that closes the loop (the last one written, in source order). */
  closing: WireModel;
  /** The nodes around the loop, starting and ending at the closing wire's target. */
  nodes: string[];
}

/**
 * The wires that close loops, with the loop each closes. Linear when there is no cycle; when there
 * is one, wires are replayed in source order and each that would close a loop is reported and left out.
 */
export function findWireCycles(comp: ComponentModel): WireCycle[] {
  if (!hasCycle(wireGraph(comp))) return [];
  const g = new DirectedGraph({ allowSelfLoops: true });
  for (const n of comp.body.nodes) g.mergeNode(n.name);
  const cycles: WireCycle[] = [];
  for (const w of [...comp.body.wires].sort(wireOrder)) {
    const from = w.from.node.name;
    const to = w.to.node.name;
    if (willCreateCycle(g, from, to)) {
      cycles.push({ closing: w, nodes: from === to ? [to, to] : [...pathBetween(g, to, from), to] });
      continue;
    }
    g.mergeEdge(from, to);
  }
  return cycles;
}

/** Node names upstream first; only meaningful for a level without wire cycles. */
export function topologicalOrder(comp: ComponentModel): string[] {
  return topologicalSort(wireGraph(comp));
}
