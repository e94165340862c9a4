/**
 * Canonical wires. The printer does not keep chains as written: it expands every chain into single
 * connections and rebuilds the longest chains the connections allow, so two files (or a file and
 * an exported live network) with the same connections print the same wires.
 *
 * A node continues a chain when it has exactly one incoming and one outgoing connection and sends
 * from output 0 (a chain cannot say which output a middle node sends from). Chains are sorted by
 * their first connection. An index is written when it is not 0, or when the node uses several
 * inputs (or outputs), so `comp1[0]` stays beside `comp1[1]`.
 */
import { NO_RANGE } from "../diagnostics/source-range.js";
import type { Comment, Wire, WireEndpoint } from "./ast.js";
import { naturalCompare } from "./natural-order.js";
import { wireEdges, type Edge } from "./wires.js";

interface Link {
  from: string;
  fromOutput: number;
  to: string;
  toInput: number;
  /** Comments of the chain this connection came first in. */
  leading: Comment[];
  trailing: Comment[];
}

const key = (e: { from: string; fromOutput: number; to: string; toInput: number }) =>
  `${e.from}\u0000${e.fromOutput}\u0000${e.to}\u0000${e.toInput}`;

function compareLinks(a: Link, b: Link): number {
  return (
    naturalCompare(a.from, b.from) || a.fromOutput - b.fromOutput || naturalCompare(a.to, b.to) || a.toInput - b.toInput
  );
}

export function canonicalWires(wires: readonly Wire[]): Wire[] {
  const links = new Map<string, Link>();
  for (const w of wires) {
    const edges: Edge[] = wireEdges(w);
    edges.forEach((e, i) => {
      const k = key(e);
      let link = links.get(k);
      if (link === undefined) {
        link = { from: e.from, fromOutput: e.fromOutput, to: e.to, toInput: e.toInput, leading: [], trailing: [] };
        links.set(k, link);
      }
      if (i === 0 && w.comments !== undefined) {
        link.leading.push(...(w.comments.leading ?? []));
        link.trailing.push(...(w.comments.trailing ?? []), ...(w.comments.dangling ?? []));
      }
    });
  }
  const all = [...links.values()].sort(compareLinks);
  const incoming = new Map<string, Link[]>();
  const outgoing = new Map<string, Link[]>();
  for (const l of all) {
    (incoming.get(l.to) ?? incoming.set(l.to, []).get(l.to)!).push(l);
    (outgoing.get(l.from) ?? outgoing.set(l.from, []).get(l.from)!).push(l);
  }
  const passesThrough = (node: string): Link | undefined => {
    const ins = incoming.get(node) ?? [];
    const outs = outgoing.get(node) ?? [];
    return ins.length === 1 && outs.length === 1 && outs[0]!.fromOutput === 0 ? outs[0] : undefined;
  };

  const used = new Set<Link>();
  const chains: Link[][] = [];
  const follow = (start: Link) => {
    const chain = [start];
    used.add(start);
    let next = passesThrough(start.to);
    while (next !== undefined && !used.has(next)) {
      chain.push(next);
      used.add(next);
      next = passesThrough(next.to);
    }
    chains.push(chain);
  };
  // Chains start where a connection cannot be reached by continuing another chain.
  for (const l of all) if (!used.has(l) && passesThrough(l.from) !== l) follow(l);
  // What is left are loops made only of pass-through nodes: start each at its smallest connection.
  for (const l of all) if (!used.has(l)) follow(l);

  // "Uses several inputs (outputs)": some connection's index differs from the first one's.
  const multiInput = (node: string) => (incoming.get(node) ?? []).some((l, _, all) => l.toInput !== all[0]!.toInput);
  const multiOutput = (node: string) =>
    (outgoing.get(node) ?? []).some((l, _, all) => l.fromOutput !== all[0]!.fromOutput);
  const endpoint = (node: string, index: number | null): WireEndpoint => ({
    kind: "WireEndpoint",
    node: { kind: "Identifier", name: node, range: NO_RANGE },
    index,
    range: NO_RANGE,
  });

  return chains
    .sort((a, b) => compareLinks(a[0]!, b[0]!))
    .map((chain) => {
      const first = chain[0]!;
      const showOutput = first.fromOutput !== 0 || multiOutput(first.from);
      const endpoints = [endpoint(first.from, showOutput ? first.fromOutput : null)];
      for (const l of chain) endpoints.push(endpoint(l.to, l.toInput !== 0 || multiInput(l.to) ? l.toInput : null));
      const wire: Wire = { kind: "Wire", chain: endpoints, range: NO_RANGE };
      if (chain.some((l) => l.leading.length > 0 || l.trailing.length > 0)) {
        const leading = chain.flatMap((l) => l.leading);
        const trailing = chain.flatMap((l) => l.trailing);
        wire.comments = {};
        if (leading.length > 0) wire.comments.leading = leading;
        if (trailing.length > 0) wire.comments.trailing = trailing;
      }
      return wire;
    });
}
