/**
 * The order a network's nodes print in: the way its pictures and channels flow, so a file reads as
 * the network works (seed, loop, output). A node comes after the nodes it reads: those wired into
 * it and the siblings its parameters name (`top: level1`, `pixeldat: shader`, `export lfo1.chan1`);
 * among nodes ready at the same time, the first by name. A feedback loop (a Feedback TOP reading
 * the end of its loop) is broken at its Feedback TOP, so it reads from its seed on; any other loop
 * (a wire loop is an error the checker reports) at its first node by name. Nodes that read nothing
 * and that nothing reads follow the flow, by name. Same nodes and wires, same order, however written.
 */
import type { NodeDecl, Value, Wire } from "./ast.js";
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

/** The sibling a reference path starts at (`comp1/out1` is read from comp1), if it names one. */
function siblingOf(path: string): string | undefined {
  if (path.startsWith(".") || path.startsWith("/")) return undefined;
  return path.split("/")[0];
}

/** The siblings a value names: bare names, operator paths, binds and exports. */
function namedIn(value: Value, out: string[]): void {
  switch (value.kind) {
    case "Name":
      out.push(value.name);
      break;
    case "OperatorRef": {
      const s = siblingOf(value.path);
      if (s !== undefined) out.push(s);
      break;
    }
    case "Bind":
    case "Export": {
      const s = value.operator === null ? undefined : siblingOf(value.operator.path);
      if (s !== undefined) out.push(s);
      break;
    }
    case "Tuple":
      for (const item of value.items) namedIn(item, out);
      break;
    default:
      break;
  }
}

type Orderable = Pick<NodeDecl, "name" | "type" | "params">;

export function flowOrder<T extends Orderable>(nodes: readonly T[], wires: readonly Wire[]): T[] {
  const byName = new Map<string, T>();
  for (const n of nodes) if (!byName.has(n.name.name)) byName.set(n.name.name, n);
  const waiting = new Map<string, number>();
  const next = new Map<string, string[]>();
  const seen = new Set<string>();
  const edge = (from: string, to: string) => {
    if (from === to || !byName.has(from) || !byName.has(to) || seen.has(`${from}\u0000${to}`)) return;
    seen.add(`${from}\u0000${to}`);
    waiting.set(to, (waiting.get(to) ?? 0) + 1);
    (next.get(from) ?? next.set(from, []).get(from)!).push(to);
  };
  for (const w of wires) for (const e of wireEdges(w)) edge(e.from, e.to);
  for (const n of byName.values()) {
    const named: string[] = [];
    for (const p of n.params) namedIn(p.value, named);
    for (const from of named) edge(from, n.name.name);
  }
  const linked = new Set([...next.keys(), ...waiting.keys()]);
  const ready = new NameHeap();
  for (const name of linked) if ((waiting.get(name) ?? 0) === 0) ready.push(name);
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
  let loopy: string[] | undefined;
  while (order.length < linked.size) {
    if (ready.size > 0) {
      const name = ready.pop();
      if (!placed.has(name)) place(name);
      continue;
    }
    // Only loops are left: a Feedback TOP starts its loop; else the first node by name.
    loopy ??= [...linked].sort(naturalCompare);
    const left = loopy.filter((n) => !placed.has(n));
    place(left.find((n) => byName.get(n)!.type.name === "feedbackTOP") ?? left[0]!);
  }
  for (const name of [...byName.keys()].filter((n) => !linked.has(n)).sort(naturalCompare)) place(name);
  // Nodes declared twice (an error reported elsewhere) keep every declaration, after the first.
  if (order.length < nodes.length) for (const n of nodes) if (!order.includes(n)) order.push(n);
  return order;
}
