/**
 * Reads a live network through the bridge into the shape planning compares: the root COMP and
 * everything below it, with non-default parameters and their modes, flags, metadata, DAT text and
 * custom pages, plus the record of what svc applied last time (kept in the root COMP's storage).
 */
import { encodePath, type BridgeClient } from "../bridge-client/index.js";
import { BridgeError } from "../bridge-client/errors.js";
import type { CustomPageState, JsonValue, NetworkState, NodeState, ParamState } from "../plan/network-state.js";
import { readWholeTopology } from "./paged-topology.js";
import { stateFromJson, type StoredState } from "./stored-state.js";
import { isDefaultBlockCount } from "./sequence-params.js";

/** The storage key on the network COMP that holds what svc applied last. */
export const APPLIED_KEY = "svc_applied";

interface LiveParam {
  name: string;
  value: JsonValue;
  /** A sequence header, reported with the block count as its value. */
  sequence?: boolean;
  mode?: string;
  expr?: string;
  bindExpr?: string;
}

interface LiveCustomPar {
  name: string;
  style: string;
  label: string;
  help?: string;
  size: number;
  pars: string[];
  default: JsonValue;
  normMin?: number;
  normMax?: number;
  clampMin?: boolean;
  clampMax?: boolean;
  menuNames?: string[];
  menuLabels?: string[];
}

interface LiveNode {
  path: string;
  type: string;
  flags: Record<string, boolean>;
  tags: string[];
  comment: string;
  color: [number, number, number] | null;
  position: { x: number; y: number };
  params?: Record<string, LiveParam>;
  text?: string;
  custom_pages?: Array<{ name: string; pars: LiveCustomPar[] }>;
}

interface Detail extends LiveNode {
  non_default_params: LiveParam[];
}

export interface LiveRead {
  /** undefined when nothing exists at the root path yet. */
  state: NetworkState;
  exists: boolean;
  lastApplied: StoredState | undefined;
}

function paramState(p: LiveParam): ParamState {
  switch (p.mode) {
    case "expression":
      return { mode: "expression", expr: p.expr ?? "" };
    case "bind":
      return { mode: "bind", expr: p.bindExpr ?? "" };
    case "export":
      return { mode: "export", expr: p.expr ?? "" };
    default:
      return { mode: "constant", value: p.value };
  }
}

/** TouchDesigner's slider range for a new number parameter; left out of comparisons on both sides. */
export function rangeEntries(min: number | undefined, max: number | undefined): { min?: number; max?: number } {
  if (min === 0 && max === 1) return {};
  return { ...(min === undefined ? {} : { min }), ...(max === undefined ? {} : { max }) };
}

/** Custom pages in the shape the compiler's operations describe them (slider range as min/max). */
export function customPagesState(pages: LiveNode["custom_pages"]): CustomPageState[] | undefined {
  if (pages === undefined || pages.length === 0) return undefined;
  return pages.map((page) => ({
    name: page.name,
    pars: page.pars.map((p) => ({
      name: p.name,
      style: p.style,
      label: p.label,
      ...(p.help ? { help: p.help } : {}),
      // A pulse holds no value: its "default" is not something the source can say.
      ...(p.style === "Pulse" ? {} : { default: p.default }),
      ...rangeEntries(typeof p.normMin === "number" ? p.normMin : undefined, typeof p.normMax === "number" ? p.normMax : undefined),
      ...(p.menuNames !== undefined && p.style === "Menu" ? { menuNames: p.menuNames } : {}),
      ...(p.menuLabels !== undefined && p.style === "Menu" && p.menuLabels.some((l, i) => l !== p.menuNames?.[i]) ? { menuLabels: p.menuLabels } : {}),
      ...(p.clampMin === true && p.clampMax === true ? { clamp: true } : {}),
    })),
  }));
}

export function nodeState(n: LiveNode, params: Record<string, ParamState>): NodeState {
  const state: NodeState = {
    path: n.path,
    type: n.type,
    params,
    flags: { ...n.flags },
    tags: [...n.tags].sort(),
    position: { x: n.position.x, y: n.position.y },
  };
  if (n.comment) state.comment = n.comment;
  if (n.color) state.color = n.color;
  if (n.text !== undefined) state.text = n.text;
  const pages = customPagesState(n.custom_pages);
  if (pages) state.customPages = pages;
  return state;
}

/** A sequence's block count at the kb's default for a fresh operator: listed like a default parameter. */
function atDefaultCount(type: string, p: LiveParam): boolean {
  return p.sequence === true && isDefaultBlockCount(type, p.name, p.value);
}

function isNotFound(err: unknown): boolean {
  return err instanceof BridgeError && (err.code === "node_not_found" || err.code === "not_found") && err.status === 404;
}

/** Paths per parameter read; the bridge's time budget may answer fewer, and the rest are asked again. */
const PARAM_PATHS_PER_REQUEST = 500;

/**
 * The bridge lists non-default parameters only. A parameter the source sets to its default value
 * would then look unset: read those few by name, so live and source compare like for like.
 */
async function fillSourceParams(client: BridgeClient, nodes: Map<string, NodeState>, wanted: ReadonlyMap<string, readonly string[]>): Promise<void> {
  const paths: string[] = [];
  const keys = new Set<string>();
  for (const [path, names] of wanted) {
    const node = nodes.get(path);
    if (node === undefined) continue;
    const missing = names.filter((n) => !(n in node.params));
    if (missing.length === 0) continue;
    paths.push(path);
    for (const n of missing) keys.add(n);
  }
  // The bridge answers as many paths as its time budget allows and says so: ask again for the rest.
  const answered: Array<{ path: string; params: Array<LiveParam & { isDefault: boolean }> }> = [];
  for (let rest = paths; rest.length > 0; ) {
    const data = await client.read<{ nodes: typeof answered; missing: string[] }>("/api/param_modes/batch", {
      paths: rest.slice(0, PARAM_PATHS_PER_REQUEST),
      keys: [...keys].sort(),
    });
    answered.push(...data.nodes);
    const done = new Set([...data.nodes.map((n) => n.path), ...data.missing]);
    if (done.size === 0) throw new BridgeError("bridge", "read_incomplete", "the bridge read no parameter in a whole request", { method: "POST", path: "/api/param_modes/batch" });
    rest = rest.filter((p) => !done.has(p));
  }
  for (const entry of answered) {
    const node = nodes.get(entry.path)!;
    const names = new Set(wanted.get(entry.path) ?? []);
    for (const p of entry.params) {
      if (!names.has(p.name) || p.name in node.params) continue;
      const atDefault = (p.isDefault || atDefaultCount(node.type, p)) && (p.mode ?? "constant") === "constant";
      node.params[p.name] = { ...paramState(p), ...(atDefault ? { atDefault: true } : {}) };
    }
  }
}

/**
 * Reads the network at `root` (all depths). A missing root is an empty network, not an error.
 * `wanted` names, per node path, the parameters the source sets (see fillSourceParams).
 */
export async function readLiveNetwork(client: BridgeClient, root: string, wanted: ReadonlyMap<string, readonly string[]> = new Map()): Promise<LiveRead> {
  let detail: Detail;
  try {
    detail = await client.get<Detail>(`/api/nodes/${encodePath(root)}`);
  } catch (err) {
    if (isNotFound(err)) return { state: { root, nodes: new Map(), wires: [] }, exists: false, lastApplied: undefined };
    throw err;
  }
  const topology = await readWholeTopology<LiveNode>(client, root, { depth: 64, params: true, text: true, custom: true });
  const nodes = new Map<string, NodeState>();
  const rootParams: Record<string, ParamState> = {};
  for (const p of detail.non_default_params) if (!atDefaultCount(detail.type, p)) rootParams[p.name] = paramState(p);
  nodes.set(root, nodeState({ ...detail, custom_pages: (topology.customPages as LiveNode["custom_pages"]) ?? detail.custom_pages }, rootParams));
  for (const n of topology.nodes) {
    const params: Record<string, ParamState> = {};
    for (const [name, p] of Object.entries(n.params ?? {})) if (!atDefaultCount(n.type, p)) params[name] = paramState(p);
    nodes.set(n.path, nodeState(n, params));
  }
  await fillSourceParams(client, nodes, wanted);
  const wires = topology.wires.map((w) => ({ from: w.source, fromOutput: w.source_output, to: w.target, toInput: w.target_input }));
  const stored = await client.get<{ present: boolean; value: unknown }>(`/api/nodes/${encodePath(root)}/storage`, { key: APPLIED_KEY });
  const lastApplied = stored.present ? stateFromJson(stored.value) : undefined;
  return { state: { root, nodes, wires }, exists: true, lastApplied };
}
