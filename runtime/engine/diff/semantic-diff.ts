/**
 * Semantic comparison of two networks, each a `.svcnet` file or a live network: nodes, parameters,
 * flags, controls, text and wires, by path relative to each network's root. Order, formatting,
 * comments and layout positions do not count; neither does a parameter written at its default.
 */
import { getParam } from "../../../kb/index.js";
import { planNetwork } from "../plan/reconcile.js";
import {
  OWNER_TAG,
  isDefaultColour,
  sameValue,
  type JsonValue,
  type NetworkState,
  type NodeState,
} from "../plan/network-state.js";
import type { NodeChange } from "../plan/plan-types.js";
import { fieldChangeLines } from "../plan/render-fields.js";

export interface SemanticDiff {
  /** Each side's root. */
  a: string;
  b: string;
  /** Each side as the header names it: a file's name and its network, or a live path. */
  labelA: string;
  labelB: string;
  /** What differs, counted by parameter (a node with three changed parameters counts three). */
  counts: DiffCounts;
  changes: NodeChange[];
  wiresOnlyInA: Array<{ from: string; fromOutput: number; to: string; toInput: number }>;
  wiresOnlyInB: Array<{ from: string; fromOutput: number; to: string; toInput: number }>;
  same: boolean;
}

interface DiffCounts {
  parameters: number;
  /** Flags, comment, colour, tags, DAT text, controls. */
  settings: number;
  /** Nodes whose parameters or settings differ. */
  nodesChanged: number;
  onlyInA: number;
  onlyInB: number;
  /** Nodes of another type, or under another name, on the other side. */
  replaced: number;
  wires: number;
}

/** A side's label: a live network's path, or a file's name with the network it declares. */
export function sideLabel(state: NetworkState, file?: string): string {
  return file === undefined
    ? `${state.root} (live)`
    : `${file} (network ${state.root.slice(state.root.lastIndexOf("/") + 1)})`;
}

const ROOT = "/net";

/** Re-roots a state at a common path, marks every node comparable, drops what does not count. */
function normalizeForDiff(state: NetworkState): NetworkState {
  const move = (p: string) => (p === state.root ? ROOT : ROOT + p.slice(state.root.length));
  const nodes = new Map<string, NodeState>();
  for (const node of state.nodes.values()) {
    const params: NodeState["params"] = {};
    for (const [name, p] of Object.entries(node.params)) {
      // A constant at the knowledge base's default is the same as leaving it out.
      const kbDefault = p.mode === "constant" ? defaultOf(node.type, name) : undefined;
      if (kbDefault !== undefined && sameValue(p.value, kbDefault as JsonValue)) continue;
      const { atDefault: _ignored, ...rest } = p;
      void _ignored;
      params[name] = rest;
    }
    const { position: _position, source: _source, renamedFrom: _renamed, ...restNode } = node;
    void _position;
    void _source;
    void _renamed;
    const flags = Object.fromEntries(Object.entries(node.flags).filter(([f, on]) => f !== "allowCooking" && on));
    const normalized: NodeState = {
      ...restNode,
      path: move(node.path),
      params,
      flags,
      tags: [...new Set([OWNER_TAG, ...node.tags])].sort(),
    };
    // Unset and default look the same: the standard tile colour, an empty comment or DAT text.
    if (isDefaultColour(normalized.color)) delete normalized.color;
    if (!normalized.comment) delete normalized.comment;
    if (!normalized.text) delete normalized.text;
    nodes.set(move(node.path), normalized);
  }
  return { root: ROOT, nodes, wires: state.wires.map((w) => ({ ...w, from: move(w.from), to: move(w.to) })) };
}

function defaultOf(type: string, scalar: string): unknown {
  const ref = getParam(type, scalar);
  if (ref === undefined) return undefined;
  const d = ref.param.default;
  if (d === null || d === undefined) return undefined;
  return Array.isArray(d) ? (ref.component === null ? undefined : d[ref.component]) : d;
}

export function semanticDiff(a: NetworkState, b: NetworkState, labels: { a?: string; b?: string } = {}): SemanticDiff {
  const na = normalizeForDiff(a);
  const nb = normalizeForDiff(b);
  // "What would turn A into B", with nothing treated as an artist's edit.
  const plan = planNetwork({ desired: nb, live: na, lastApplied: na, force: true });
  const changes = plan.changes.map((c) => relabel(c, a.root, b.root));
  const rel = (root: string) => (w: { from: string; fromOutput: number; to: string; toInput: number }) => ({
    ...w,
    from: w.from.replace(ROOT, root),
    to: w.to.replace(ROOT, root),
  });
  const updates = changes.filter((c) => c.kind === "update");
  const counts: DiffCounts = {
    parameters: updates.reduce((n, c) => n + c.params.length, 0),
    settings: updates.reduce((n, c) => n + c.fields.length, 0),
    nodesChanged: updates.length,
    onlyInA: changes.filter((c) => c.kind === "delete").length,
    onlyInB: changes.filter((c) => c.kind === "create").length,
    replaced: changes.filter((c) => c.kind === "replace" || c.kind === "rename").length,
    wires: plan.wiresAdded.length + plan.wiresRemoved.length,
  };
  return {
    a: a.root,
    b: b.root,
    labelA: labels.a ?? a.root,
    labelB: labels.b ?? b.root,
    counts,
    changes,
    wiresOnlyInA: plan.wiresRemoved.map(rel(a.root)),
    wiresOnlyInB: plan.wiresAdded.map(rel(b.root)),
    same: changes.length === 0 && plan.wiresAdded.length === 0 && plan.wiresRemoved.length === 0,
  };
}

function relabel(c: NodeChange, rootA: string, rootB: string): NodeChange {
  const inB = (p: string) => p.replace(ROOT, rootB);
  const inA = (p: string) => p.replace(ROOT, rootA);
  switch (c.kind) {
    case "create":
      return { ...c, path: inB(c.path), node: { ...c.node, path: inB(c.path) } };
    case "delete":
      return { ...c, path: inA(c.path) };
    case "replace":
      return { ...c, path: inB(c.path), node: { ...c.node, path: inB(c.path) } };
    case "rename":
      return { ...c, from: inA(c.from), to: inB(c.to) };
    case "update":
      return { ...c, path: inB(c.path) };
  }
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** The closing line: parameters counted one by one, then settings, nodes on one side only, wires. */
function diffSummary(c: DiffCounts, labelA: string, labelB: string): string {
  const parts: string[] = [];
  if (c.parameters > 0 || c.settings > 0) {
    const what = [
      c.parameters > 0 ? plural(c.parameters, "parameter") : "",
      c.settings > 0 ? plural(c.settings, "other setting") : "",
    ]
      .filter(Boolean)
      .join(" and ");
    parts.push(`${what} differ${c.parameters + c.settings === 1 ? "s" : ""} in ${plural(c.nodesChanged, "node")}`);
  }
  if (c.onlyInA > 0) parts.push(`${plural(c.onlyInA, "node")} only in ${labelA}`);
  if (c.onlyInB > 0) parts.push(`${plural(c.onlyInB, "node")} only in ${labelB}`);
  if (c.replaced > 0) parts.push(`${plural(c.replaced, "node")} of another type or name`);
  if (c.wires > 0) parts.push(`${plural(c.wires, "wire")} on one side only`);
  return `${parts.join("; ")}.`;
}

export function renderDiffText(d: SemanticDiff): string {
  if (d.same) return `No differences between ${d.labelA} and ${d.labelB}.\n`;
  const rel = (root: string, p: string) => (p === root ? "(network)" : p.slice(root.length + 1));
  const out = [`--- ${d.labelA}`, `+++ ${d.labelB}`];
  for (const c of d.changes) {
    if (c.kind === "create") out.push(`+ ${rel(d.b, c.path)} (${c.type})`);
    else if (c.kind === "delete") out.push(`- ${rel(d.a, c.path)} (${c.type})`);
    else if (c.kind === "replace") out.push(`~ ${rel(d.b, c.path)}: type ${c.fromType} -> ${c.toType}`);
    else if (c.kind === "rename") out.push(`~ ${rel(d.a, c.from)} is ${rel(d.b, c.to)} (${c.type})`);
    else if (c.kind === "update") {
      out.push(`~ ${rel(d.b, c.path)} (${c.type})`);
      for (const p of c.params) out.push(`    ${p.name}: ${show(p.from)} -> ${show(p.to)}`);
      for (const f of c.fields) for (const line of fieldChangeLines(f)) out.push(`    ${line}`);
    }
  }
  for (const w of d.wiresOnlyInA)
    out.push(`- wire ${rel(d.a, w.from)}[${w.fromOutput}] -> ${rel(d.a, w.to)}[${w.toInput}]`);
  for (const w of d.wiresOnlyInB)
    out.push(`+ wire ${rel(d.b, w.from)}[${w.fromOutput}] -> ${rel(d.b, w.to)}[${w.toInput}]`);
  out.push(diffSummary(d.counts, d.labelA, d.labelB));
  return out.join("\n") + "\n";
}

function show(p: { mode: string; value?: unknown; expr?: string } | undefined): string {
  if (p === undefined) return "(default)";
  if (p.mode === "constant") return JSON.stringify(p.value);
  return `${p.mode === "expression" ? "=" : p.mode} ${p.expr}`;
}
