/**
 * The order a network's nodes print in: the way its pictures and channels flow, so a file reads as
 * the network works (seed, loop, output). A node comes after every node wired into it, sources
 * first; among nodes ready at the same time, the first by name. Nodes no wire touches (a shader's
 * DAT, a panel, a recipe used alone) follow the flow, by name. A Feedback TOP closes its loop by a
 * parameter (`top: level1`), not a wire, so a feedback loop is read from its seed on. A loop of
 * wires (an error the checker reports) is broken at its first node by name. Same nodes and wires,
 * same order, however the file was written.
 */
import type { Wire } from "./ast.js";
import { naturalCompare } from "./natural-order.js";
import { wireEdges } from "./wires.js";

/** A binary heap of names, smallest (natural order) first: a 10,000-node network stays quick. */
class NameHeap {
  private readonly items: string[] = [];
  get size(): number {
    return this.items.length;
  }
  push(name: string): void {
    const items = this.items;
    items.push(name);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (naturalCompare(items[parent]!, items[i]!) <= 0) break;
      [items[parent], items[i]] = [items[i]!, items[parent]!];
      i = parent;
    }
  }
  pop(): string {
    const items = this.items;
    const top = items[0]!;
    const last = items.pop()!;
    if (items.length > 0) {
      items[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let least = i;
        if (l < items.length && naturalCompare(items[l]!, items[least]!) < 0) least = l;
        if (r < items.length && naturalCompare(items[r]!, items[least]!) < 0) least = r;
        if (least === i) break;
        [items[least], items[i]] = [items[i]!, items[least]!];
        i = least;
      }
    }
    return top;
  }
}

export function flowOrder<T extends { name: { name: string } }>(nodes: readonly T[], wires: readonly Wire[]): T[] {
  const byName = new Map<string, T>();
  for (const n of nodes) if (!byName.has(n.name.name)) byName.set(n.name.name, n);
  const waiting = new Map<string, number>();
  const next = new Map<string, string[]>();
  for (const w of wires) {
    for (const e of wireEdges(w)) {
      if (!byName.has(e.from) || !byName.has(e.to) || e.from === e.to) continue;
      waiting.set(e.to, (waiting.get(e.to) ?? 0) + 1);
      (next.get(e.from) ?? next.set(e.from, []).get(e.from)!).push(e.to);
    }
  }
  const wired = new Set([...next.keys(), ...waiting.keys()]);
  const ready = new NameHeap();
  for (const name of wired) if ((waiting.get(name) ?? 0) === 0) ready.push(name);
  const placed = new Set<string>();
  const order: T[] = [];
  const place = (name: string) => {
    placed.add(name);
    order.push(byName.get(name)!);
    for (const to of next.get(name) ?? []) {
      const left = waiting.get(to)! - 1;
      waiting.set(to, left);
      if (left === 0 && !placed.has(to)) ready.push(to);
    }
  };
  let unplaced: string[] | undefined;
  while (order.length < wired.size) {
    if (ready.size > 0) {
      const name = ready.pop();
      if (!placed.has(name)) place(name);
      continue;
    }
    // Only wire loops are left: start at the first of them by name.
    unplaced ??= [...wired].sort(naturalCompare);
    const first = unplaced.find((n) => !placed.has(n))!;
    place(first);
  }
  for (const name of [...byName.keys()].filter((n) => !wired.has(n)).sort(naturalCompare)) place(name);
  // Nodes declared twice (an error reported elsewhere) keep every declaration, after the first.
  if (order.length < nodes.length) for (const n of nodes) if (!order.includes(n)) order.push(n);
  return order;
}
