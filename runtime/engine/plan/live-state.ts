/**
 * Reads a live network through the bridge into the shape planning compares: the root COMP and
 * everything below it, with non-default parameters and their modes, flags, metadata, DAT text and
 * custom pages, plus the record of what svc applied last time (kept in the root COMP's storage).
 */
import type { BridgeClient } from "../bridge-client/index.js";
import type { Progress } from "../progress.js";
import { BridgeError } from "../bridge-client/errors.js";
import type { CustomPageState, JsonValue, NetworkState, NodeState, ParamState } from "./network-state.js";
import { readNetworkState, type NetworkStateRead, type StateEntry } from "./network-state-read.js";
import { readRecord, type RecordDamage } from "./record-pieces.js";
import type { StoredState } from "./stored-state.js";
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

/** A node as the state read gives it, with the parameter and custom page shapes spelled out. */
type LiveNode = Omit<StateEntry, "digest" | "inputs" | "params" | "custom_pages"> & {
  params?: Record<string, LiveParam>;
  custom_pages?: Array<{ name: string; pars: LiveCustomPar[] }>;
};

export interface LiveRead {
  /** undefined when nothing exists at the root path yet. */
  state: NetworkState;
  exists: boolean;
  lastApplied: StoredState | undefined;
  /** The record's head names pieces that are missing, changed or unreadable (record-pieces.ts). */
  recordDamage?: RecordDamage;
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
function customPagesState(pages: LiveNode["custom_pages"]): CustomPageState[] | undefined {
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
      ...rangeEntries(
        typeof p.normMin === "number" ? p.normMin : undefined,
        typeof p.normMax === "number" ? p.normMax : undefined,
      ),
      ...(p.menuNames !== undefined && p.style === "Menu" ? { menuNames: p.menuNames } : {}),
      ...(p.menuLabels !== undefined && p.style === "Menu" && p.menuLabels.some((l, i) => l !== p.menuNames?.[i])
        ? { menuLabels: p.menuLabels }
        : {}),
      ...(p.clampMin === true && p.clampMax === true ? { clamp: true } : {}),
    })),
  }));
}

function nodeState(n: LiveNode, params: Record<string, ParamState>): NodeState {
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
  return err instanceof BridgeError && err.code === "node_not_found" && err.status === 404;
}

/**
 * The bridge lists non-default parameters only. A parameter the source sets to its default value
 * would then look unset: the read names those (`wanted`), and the bridge reports them apart.
 */
function sourceParamStates(
  type: string,
  rows: unknown[] | undefined,
  names: readonly string[],
  params: Record<string, ParamState>,
): void {
  if (rows === undefined) return;
  const wanted = new Set(names);
  for (const row of rows as Array<LiveParam & { isDefault: boolean }>) {
    if (!wanted.has(row.name) || row.name in params) continue;
    const atDefault = (row.isDefault || atDefaultCount(type, row)) && (row.mode ?? "constant") === "constant";
    params[row.name] = { ...paramState(row), ...(atDefault ? { atDefault: true } : {}) };
  }
}

function liveParams(type: string, params: Record<string, unknown>): Record<string, ParamState> {
  const out: Record<string, ParamState> = {};
  for (const [name, p] of Object.entries(params as Record<string, LiveParam>))
    if (!atDefaultCount(type, p)) out[name] = paramState(p);
  return out;
}

/**
 * Reads the network at `root` (all depths). A missing root is an empty network, not an error.
 * `wanted` names, per node path, the parameters the source sets (see fillSourceParams).
 */
export async function readLiveNetwork(
  client: BridgeClient,
  root: string,
  wanted: ReadonlyMap<string, readonly string[]> = new Map(),
  progress?: Progress,
): Promise<LiveRead> {
  let read: NetworkStateRead;
  try {
    read = await readNetworkState(client, root, {
      wanted,
      storageKey: APPLIED_KEY,
      ...(progress === undefined ? {} : { progress }),
    });
  } catch (err) {
    if (isNotFound(err)) return { state: { root, nodes: new Map(), wires: [] }, exists: false, lastApplied: undefined };
    throw err;
  }
  const nodes = new Map<string, NodeState>();
  for (const n of [read.root, ...read.nodes]) {
    const params = liveParams(n.type, n.params);
    sourceParamStates(n.type, n.source_params, wanted.get(n.path) ?? [], params);
    nodes.set(n.path, nodeState(n as unknown as LiveNode, params));
  }
  const wires = read.wires.map((w) => ({
    from: w.source,
    fromOutput: w.source_output,
    to: w.target,
    toInput: w.target_input,
  }));
  const { record, damage } = readRecord(read.stored);
  return {
    state: { root, nodes, wires },
    exists: true,
    lastApplied: record,
    ...(damage === undefined ? {} : { recordDamage: damage }),
  };
}
