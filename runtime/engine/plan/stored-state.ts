/**
 * The last-applied record svc keeps in a network COMP's storage: the desired state it applied,
 * without source ranges, plus the canonical source (so an export can keep the artist's comments
 * and spelling for what did not change live).
 */
import type { NetworkState, NodeState } from "./network-state.js";

export interface StoredState {
  state: NetworkState;
  /** The storage keys of the pieces the record was read from (a record stored in parts). */
  pieceKeys?: string[];
  /** Canonical .svcnet text of the file the network came from, when known. */
  source?: { file: string; text: string };
  appliedAt?: string;
}

const STORED_FORMAT = 1;

export function stateToJson(stored: StoredState): unknown {
  const nodes = [...stored.state.nodes.values()]
    .sort((a, b) => a.path.localeCompare(b.path))
    .map(({ source: _source, renamedFrom: _renamed, paramSources: _params, textSource: _textSource, ...node }) => node);
  return {
    format: STORED_FORMAT,
    root: stored.state.root,
    nodes,
    wires: stored.state.wires,
    ...(stored.source ? { source: stored.source } : {}),
    ...(stored.appliedAt ? { appliedAt: stored.appliedAt } : {}),
  };
}

/** Reads a stored record; anything unreadable counts as "no record" (planning then has no drift data). */
export function stateFromJson(value: unknown): StoredState | undefined {
  if (!value || typeof value !== "object") return undefined;
  const v = value as {
    format?: number;
    root?: string;
    nodes?: NodeState[];
    wires?: NetworkState["wires"];
    source?: StoredState["source"];
    appliedAt?: string;
  };
  if (v.format !== STORED_FORMAT || typeof v.root !== "string" || !Array.isArray(v.nodes) || !Array.isArray(v.wires))
    return undefined;
  const nodes = new Map<string, NodeState>();
  for (const n of v.nodes)
    if (n && typeof n.path === "string")
      nodes.set(n.path, { ...n, params: n.params ?? {}, flags: n.flags ?? {}, tags: n.tags ?? [] });
  const stored: StoredState = { state: { root: v.root, nodes, wires: v.wires } };
  if (v.source && typeof v.source.text === "string") stored.source = v.source;
  if (typeof v.appliedAt === "string") stored.appliedAt = v.appliedAt;
  return stored;
}
