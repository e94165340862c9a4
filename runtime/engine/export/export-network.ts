/**
 * Export: a live network as canonical `.svcnet`. Everything is read live; where a node, a control
 * panel or a level's wiring is exactly as svc last applied it, the artist's own text for it (with
 * its comments and spelling, `1280x720`, `#ff8800`, `bind Gain`, a recipe use) is kept instead of a
 * re-spelling of the same values. Anything changed live, or never applied by svc, is written from
 * the live state.
 */
import { getOperatorByType } from "../../../kb/index.js";
import type * as A from "../../../grammar/ast.js";
import type { BridgeClient } from "../bridge-client/index.js";
import type { Progress } from "../progress.js";
import { readLiveNetwork, type LiveRead } from "../plan/live-state.js";
import { planNetwork } from "../plan/reconcile.js";
import { OWNER_TAG, wireKey, type NetworkState, type NodeState } from "../plan/network-state.js";
import { withoutGuards } from "../plan/output-guards.js";
import * as B from "./ast-build.js";
import { customScalarNames } from "../plan/network-state.js";
import {
  nameOf,
  parentOf,
  synthesizeControls,
  synthesizeFlags,
  synthesizeParams,
  synthesizeWires,
} from "./synthesize.js";

interface Reuse {
  /** The program svc last applied here, parsed from its stored canonical text. */
  program: A.Program;
  /** Nodes whose own declaration (parameters, flags, metadata, text) is unchanged. */
  unchanged: Set<string>;
  /** COMPs whose control panel is unchanged. */
  sameControls: Set<string>;
  /** Levels (COMP paths) whose wires are unchanged. */
  sameWires: Set<string>;
  /** Nodes not live any more, or not svc's: their subtrees cannot be reused whole. */
  changedAnywhere: Set<string>;
}

function childrenOf(state: NetworkState, level: string): NodeState[] {
  return [...state.nodes.values()]
    .filter((n) => parentOf(n.path) === level && n.path !== level)
    .sort((a, b) => nameOf(a.path).localeCompare(nameOf(b.path)));
}

function wiresAt(state: NetworkState, level: string): Set<string> {
  return new Set(state.wires.filter((w) => parentOf(w.to) === level).map(wireKey));
}

function sameSet(a: Set<string>, b: Set<string>): boolean {
  return a.size === b.size && [...a].every((x) => b.has(x));
}

type ParseSource = typeof import("../../../grammar/parse.js").parse;

/** What can be reused: compare live with the stored record, field by field, with the plan's own rules. */
function reusable(live: LiveRead, parse: ParseSource): Reuse | undefined {
  const record = live.lastApplied;
  if (record?.source === undefined) return undefined;
  const parsed = parse(record.source.text, record.source.file);
  if (parsed.diagnostics.some((d) => d.severity === "error")) return undefined;
  const plan = planNetwork({ desired: record.state, live: live.state, lastApplied: record.state, force: true });
  const changedAnywhere = new Set<string>();
  const sameControls = new Set(record.state.nodes.keys());
  for (const c of plan.changes) {
    if (c.kind === "update") {
      if (c.params.length > 0 || c.fields.some((f) => f.field !== "position" && f.field !== "customPages"))
        changedAnywhere.add(c.path);
      if (c.fields.some((f) => f.field === "customPages")) sameControls.delete(c.path);
    } else if (c.kind === "rename") {
      changedAnywhere.add(c.from).add(c.to);
    } else {
      changedAnywhere.add(c.path);
    }
  }
  for (const n of live.state.nodes.values()) if (!record.state.nodes.has(n.path)) changedAnywhere.add(n.path);
  for (const conflict of plan.conflicts) changedAnywhere.add(conflict.path);
  // A value the artist set live that svc never wrote is part of the network: written from live.
  for (const value of plan.liveOnly) {
    changedAnywhere.add(value.path);
    if (value.name === "controls") sameControls.delete(value.path);
  }
  const unchanged = new Set(
    [...record.state.nodes.keys()].filter((p) => live.state.nodes.has(p) && !changedAnywhere.has(p)),
  );
  const levels = new Set([...live.state.nodes.keys()].map(parentOf));
  const sameWires = new Set(
    [...levels].filter((level) => sameSet(wiresAt(live.state, level), wiresAt(record.state, level))),
  );
  return { program: parsed.ast, unchanged, sameControls, sameWires, changedAnywhere };
}

function subtreeUnchanged(reuse: Reuse, state: NetworkState, path: string): boolean {
  for (const p of state.nodes.keys()) {
    if ((p === path || p.startsWith(path + "/")) && reuse.changedAnywhere.has(p)) return false;
    if (p.startsWith(path + "/") && !reuse.sameWires.has(parentOf(p))) return false;
  }
  return reuse.unchanged.has(path);
}

function exportBody(
  state: NetworkState,
  level: string,
  source: A.NetworkBody | undefined,
  reuse: Reuse | undefined,
): A.NetworkBody {
  const levelNode = state.nodes.get(level);
  const controls =
    source !== undefined && reuse?.sameControls.has(level)
      ? source.controls
      : levelNode?.customPages
        ? synthesizeControls(levelNode.customPages)
        : [];
  const nodes = childrenOf(state, level).map((live) =>
    exportNode(
      state,
      live,
      source?.nodes.find((n) => n.name.name === nameOf(live.path)),
      reuse,
    ),
  );
  const wires =
    source !== undefined && reuse?.sameWires.has(level) ? source.wires : synthesizeWires(level, state.wires);
  return { controls, nodes, wires };
}

function exportNode(
  state: NetworkState,
  live: NodeState,
  source: A.NodeDecl | undefined,
  reuse: Reuse | undefined,
): A.NodeDecl {
  const isRecipeUse = source !== undefined && getOperatorByType(source.type.name) === undefined;
  if (source !== undefined && reuse !== undefined && isRecipeUse && subtreeUnchanged(reuse, state, live.path))
    return source;
  const hasChildren = childrenOf(state, live.path).length > 0 || (live.customPages?.length ?? 0) > 0;
  const innerSource = isRecipeUse ? undefined : (source?.network ?? undefined);
  const network: A.InnerNetwork | null = hasChildren
    ? { kind: "InnerNetwork", ...exportBody(state, live.path, innerSource, reuse), range: B.num(0).range }
    : null;
  if (source !== undefined && !isRecipeUse && reuse?.unchanged.has(live.path) && source.type.name === live.type) {
    return { ...source, network: network ?? null };
  }
  const decl = B.node(
    nameOf(live.path),
    live.type,
    synthesizeFlags(live),
    synthesizeParams(live, customScalarNames(live)),
    network,
  );
  if (isRecipeUse) {
    decl.comments = {
      leading: [
        {
          text: `# Expanded from recipe '${source!.type.name}': it was changed live since the last apply.`,
          range: decl.range,
        },
      ],
    };
  }
  return decl;
}

export interface ExportedNetwork {
  root: string;
  network: A.Network;
  /** The record's program, when one was stored (for its imports, recipes and file comments). */
  recorded?: A.Program;
}

/** `progress` is told when a read changes course (goes on in pages). */
export async function readExport(
  client: BridgeClient,
  root: string,
  progress?: Progress,
): Promise<ExportedNetwork | undefined> {
  let live = await readLiveNetwork(client, root, new Map(), progress);
  if (!live.exists) return undefined;
  if (live.lastApplied !== undefined) {
    // Re-read with the parameters the record names, so a value set to its default reads back as set.
    const wanted = new Map(
      [...live.lastApplied.state.nodes.values()].map((n) => [n.path, Object.keys(n.params)] as const),
    );
    live = await readLiveNetwork(client, root, wanted, progress);
  }
  // Guards a safety chain or a failover backup wired in front of outputs are theirs, not this network's.
  const read = live.state;
  live = { ...live, state: withoutGuards(read, (p) => read.nodes.get(p)?.tags.includes(OWNER_TAG) === true) };
  // The parser (chevrotain) is loaded only for a network whose record holds its source.
  const parse = live.lastApplied?.source === undefined ? undefined : (await import("../../../grammar/parse.js")).parse;
  const reuse = parse === undefined ? undefined : reusable(live, parse);
  const name = nameOf(root);
  const source = reuse?.program.networks.find((n) => n.name.name === name);
  const body = exportBody(live.state, root, source, reuse);
  const network: A.Network = { kind: "Network", name: B.ident(name), ...body, range: B.num(0).range };
  if (source?.comments && reuse?.unchanged.has(root)) network.comments = source.comments;
  return reuse === undefined ? { root, network } : { root, network, recorded: reuse.program };
}

/** The pinned positions the record holds for the exported networks. */
function layoutFor(recorded: A.Program | undefined, names: ReadonlySet<string>): A.LayoutBlock | null {
  const block = recorded?.layout;
  if (!block) return null;
  const entries = block.entries.filter((e) => names.has(e.path.split("/")[0]!));
  return entries.length === 0 ? null : { ...block, entries };
}

/**
 * One canonical file for the networks at `roots`, with the imports and recipes their record names.
 * The printer (and chevrotain's tokens under it) is loaded here, on the first export.
 */
export async function exportProgram(networks: readonly ExportedNetwork[]): Promise<string> {
  const { print } = await import("../../../grammar/print.js");
  const recorded = networks.find((n) => n.recorded)?.recorded;
  const program: A.Program = {
    kind: "Program",
    version: { kind: "VersionHeader", version: 1, range: B.num(0).range },
    imports: recorded?.imports ?? [],
    networks: networks.map((n) => n.network),
    recipes: recorded?.recipes ?? [],
    layout: layoutFor(recorded, new Set(networks.map((n) => n.network.name.name))),
    range: B.num(0).range,
  };
  if (recorded?.version?.comments) program.version!.comments = recorded.version.comments;
  if (recorded?.comments) program.comments = recorded.comments;
  return print(program);
}

/** A network written from state alone (no record to reuse): how an imported network becomes text. */
export function networkFromState(state: NetworkState, root: string): A.Network {
  return {
    kind: "Network",
    name: B.ident(nameOf(root)),
    ...exportBody(state, root, undefined, undefined),
    range: B.num(0).range,
  };
}
