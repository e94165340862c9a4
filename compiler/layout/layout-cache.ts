/**
 * Positions of levels already laid out, by a structural hash of what ELK was given (the level's
 * nodes, ports, wires and options in canonical order). A level nobody changed gets the very
 * coordinates ELK gave it last time without running ELK again; one changed node or wire changes
 * the hash. Kept for the life of the process (an MCP server or editor re-compiles the same file
 * many times), bounded by the number of positions held, least recently used dropped first.
 */
import { createHash } from "node:crypto";
import type { ElkNode } from "elkjs/lib/elk-api.js";
import type { Point } from "./geometry.js";

/** About 15 MB of positions at most. */
const MAX_POSITIONS = 200_000;

const levels = new Map<string, ReadonlyMap<string, Point>>();
let held = 0;

/** The structural hash of an ELK input graph; equal for graphs ELK would lay out identically. */
export function levelKey(graph: ElkNode): string {
  return createHash("sha256").update(JSON.stringify(graph)).digest("base64url");
}

export function cachedLevel(key: string): ReadonlyMap<string, Point> | undefined {
  const hit = levels.get(key);
  if (hit !== undefined) {
    levels.delete(key); // most recently used last
    levels.set(key, hit);
  }
  return hit;
}

export function storeLevel(key: string, positions: ReadonlyMap<string, Point>): void {
  if (positions.size > MAX_POSITIONS || levels.has(key)) return;
  levels.set(key, positions);
  held += positions.size;
  for (const [oldest, p] of levels) {
    if (held <= MAX_POSITIONS) break;
    levels.delete(oldest);
    held -= p.size;
  }
}

/** Forgets every level (tests and benchmarks measuring a cold layout). */
export function clearLayoutCache(): void {
  levels.clear();
  held = 0;
}
