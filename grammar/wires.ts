import type { SourceRange } from "../diagnostics/source-range.js";
import type { Wire } from "./ast.js";

/** One connection between two sibling operators. */
export interface Edge {
  from: string;
  fromOutput: number;
  to: string;
  toInput: number;
  /** The span of the chain link that wrote it (`a -> b[1]`). */
  range: SourceRange;
  /** Where the sending and the receiving endpoint are written (`a`, `b[1]`). */
  fromRange: SourceRange;
  toRange: SourceRange;
}

/**
 * Expands a chain into its connections: edge i joins endpoints i and i + 1 of the chain. The first endpoint's index is its output; every later
 * endpoint's index is its input, and a node in the middle of a chain sends from output 0.
 */
export function wireEdges(wire: Wire): Edge[] {
  const edges: Edge[] = [];
  for (let i = 0; i + 1 < wire.chain.length; i++) {
    const a = wire.chain[i]!;
    const b = wire.chain[i + 1]!;
    edges.push({
      from: a.node.name,
      fromOutput: i === 0 ? (a.index ?? 0) : 0,
      to: b.node.name,
      toInput: b.index ?? 0,
      range: { start: a.range.start, end: b.range.end },
      fromRange: a.range,
      toRange: b.range,
    });
  }
  return edges;
}
