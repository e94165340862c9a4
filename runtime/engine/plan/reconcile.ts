/**
 * Reconciles desired (compiled) with live state, using what svc last applied to tell an artist's
 * live edit from svc's own earlier value. Pure: no I/O, so every rule is unit-testable.
 */
import { fingerprintSteps } from "./fingerprint.js";
import { runInSlices, runToEnd, SLICE_MS } from "./slices.js";
import { seeThroughGuards, type PlanWire } from "./output-guards.js";
import {
  OWNER_TAG,
  customScalarNames,
  describeParam,
  isDefaultColour,
  sameParam,
  sameValue,
  wireKey,
  type JsonValue,
  type NetworkState,
  type NodeState,
  type WireState,
} from "./network-state.js";
import type { Conflict, FieldChange, LiveOnlyValue, NodeChange, ParamChange, Plan } from "./plan-types.js";

export interface PlanInput {
  desired: NetworkState;
  live: NetworkState;
  /** What svc applied last time (stored inside the network's COMP); undefined on first apply. */
  lastApplied: NetworkState | undefined;
  /** Overwrite live edits (drift) instead of leaving them alone. */
  force?: boolean;
}

const isOwned = (n: NodeState) => n.tags.includes(OWNER_TAG);

/** The order `a.localeCompare(b)` gives, from one collator made once (much faster over 10,000 paths). */
const comparePaths = new Intl.Collator().compare;
const byPath = (a: { path: string }, b: { path: string }) => comparePaths(a.path, b.path);

/** Renames a path prefix: /a/old/x → /a/new/x. */
function movePath(path: string, from: string, to: string): string {
  return path === from ? to : path.startsWith(from + "/") ? to + path.slice(from.length) : path;
}

/** Applies declared renames to live and last-applied state so the rest of the diff compares by new names. */
function applyRenames(state: NetworkState, renames: ReadonlyArray<{ from: string; to: string }>): NetworkState {
  if (renames.length === 0) return state;
  const rename = (p: string) => renames.reduce((acc, r) => movePath(acc, r.from, r.to), p);
  const nodes = new Map<string, NodeState>();
  for (const node of state.nodes.values()) nodes.set(rename(node.path), { ...node, path: rename(node.path) });
  const wires = state.wires.map((w) => ({ ...w, from: rename(w.from), to: rename(w.to) }));
  return { root: state.root, nodes, wires };
}

function fieldValues(node: NodeState | undefined): Record<string, JsonValue | undefined> {
  if (node === undefined) return {};
  const out: Record<string, JsonValue | undefined> = {};
  for (const [flag, on] of Object.entries(node.flags)) out[`flag:${flag}`] = on;
  if (node.comment !== undefined) out.comment = node.comment;
  if (node.color !== undefined) out.color = node.color;
  const tags = node.tags.filter((t) => t !== OWNER_TAG).sort();
  if (tags.length > 0) out.tags = tags;
  if (node.text !== undefined) out.text = node.text;
  if (node.customPages !== undefined && node.customPages.length > 0)
    out.customPages = node.customPages as unknown as JsonValue;
  if (node.position !== undefined) out.position = [node.position.x, node.position.y];
  return out;
}

/** What "not set" means for a field: an empty comment, text or tag list; nothing for the rest. */
function emptyValue(field: string): JsonValue | undefined {
  if (field === "comment" || field === "text") return "";
  if (field === "tags" || field === "customPages") return [];
  return undefined;
}

const normalize = (field: string, v: JsonValue | undefined) => (v === undefined ? emptyValue(field) : v);

/** The value a field takes when svc stops setting it. Flags go back to the opposite of what svc set. */
function resetValue(field: string, lastValue: JsonValue): JsonValue | undefined {
  if (field.startsWith("flag:")) return typeof lastValue === "boolean" ? !lastValue : false;
  return emptyValue(field);
}

function show(v: JsonValue | undefined): string {
  return v === undefined ? "(default)" : JSON.stringify(v);
}

interface NodeDiff {
  params: ParamChange[];
  fields: FieldChange[];
  conflicts: Conflict[];
  liveOnly: LiveOnlyValue[];
}

/** Live fields svc has no say in when nobody wrote them: where a node sits, and the default tile colour. */
function liveOnlyField(field: string, value: JsonValue | undefined): boolean {
  if (field === "position" || field === "customPages" || value === undefined) return false;
  if (field === "color") return !isDefaultColour(value as number[]);
  if (field.startsWith("flag:")) return value === true && field !== "flag:allowCooking";
  return !sameValue(normalize(field, value), emptyValue(field));
}

function diffNode(desired: NodeState, live: NodeState, last: NodeState | undefined, force: boolean): NodeDiff {
  const result: NodeDiff = { params: [], fields: [], conflicts: [], liveOnly: [] };
  // A COMP's control values are its controls' business, not parameters the source sets.
  const controls = new Set([...customScalarNames(live), ...customScalarNames(desired)]);
  const names = new Set([
    ...Object.keys(desired.params),
    ...Object.keys(live.params),
    ...Object.keys(last?.params ?? {}),
  ]);
  for (const name of [...names].sort()) {
    const d = desired.params[name];
    const l = live.params[name];
    const a = last?.params[name];
    if (sameParam(d, l)) continue;
    if (a !== undefined) {
      // svc set this last time: a live value different from that is the artist's edit.
      if (!sameParam(l, a) && !force) {
        result.conflicts.push({
          kind: "drift",
          path: desired.path,
          name,
          lastApplied: describeParam(a),
          live: describeParam(l),
          desired: describeParam(d),
          message: `'${name}' was changed live since the last apply`,
        });
        continue;
      }
      result.params.push({ name, from: l, to: d });
      continue;
    }
    // svc never set it. Without a source value the live value is the artist's own: leave it, and say so.
    if (d === undefined) {
      if (l !== undefined && !l.atDefault && !controls.has(name))
        result.liveOnly.push({ path: desired.path, name, live: describeParam(l) });
      continue;
    }
    if (l !== undefined && !l.atDefault && last !== undefined && !force) {
      result.conflicts.push({
        kind: "drift",
        path: desired.path,
        name,
        live: describeParam(l),
        desired: describeParam(d),
        message: `'${name}' was set live and the source now sets it too`,
      });
      continue;
    }
    result.params.push({ name, from: l, to: d });
  }

  const df = fieldValues(desired);
  const af = fieldValues(last);
  // Pages neither the source nor svc's record names are the artist's: kept as they are, even by --force.
  const svcPages = new Set([...(desired.customPages ?? []), ...(last?.customPages ?? [])].map((p) => p.name));
  const artistPages = (live.customPages ?? []).filter((p) => !svcPages.has(p.name));
  const lf = fieldValues(
    artistPages.length === 0 ? live : { ...live, customPages: live.customPages!.filter((p) => svcPages.has(p.name)) },
  );
  for (const page of artistPages) {
    result.liveOnly.push({
      path: desired.path,
      name: "controls",
      live: `page ${JSON.stringify(page.name)}: ${page.pars.map((p) => p.name).join(", ")}`,
    });
  }
  for (const field of Object.keys(lf).sort()) {
    if (!(field in df) && !(field in af) && liveOnlyField(field, lf[field]))
      result.liveOnly.push({ path: desired.path, name: field, live: show(lf[field]) });
  }
  const fields = new Set([...Object.keys(df), ...Object.keys(af)]);
  for (const field of [...fields].sort()) {
    const a = af[field];
    const l = lf[field];
    // A field the source stopped writing returns to its reset value only if svc had set it.
    const d = field in df ? df[field] : a !== undefined ? resetValue(field, a) : undefined;
    if (d === undefined || sameValue(normalize(field, d), normalize(field, l))) continue;
    if (a !== undefined && !sameValue(normalize(field, l), normalize(field, a)) && !force) {
      // A node the artist moved stays where the artist put it: not a conflict, just not svc's to undo.
      if (field === "position") continue;
      result.conflicts.push({
        kind: "drift",
        path: desired.path,
        name: field,
        lastApplied: show(a),
        live: show(l),
        desired: show(d),
        message: `${field.replace("flag:", "flag ")} was changed live since the last apply`,
      });
      continue;
    }
    result.fields.push({ field, from: l, to: d });
  }
  return result;
}

/** A COMP with parameters or controls of its own in a source or record (not only what is inside). */
const hasOwnSettings = (n: NodeState) => Object.keys(n.params).length > 0 || (n.customPages?.length ?? 0) > 0;

/** Only what an adopted COMP's source decides about the COMP: its parameters and controls. */
function ownSettingsOf(n: NodeState): NodeState {
  return {
    path: n.path,
    type: n.type,
    params: n.params,
    flags: {},
    tags: [],
    ...(n.customPages === undefined ? {} : { customPages: n.customPages }),
  };
}

const nameOf = (path: string) => path.slice(path.lastIndexOf("/") + 1);
const parentOf = (path: string) => path.slice(0, path.lastIndexOf("/"));

/**
 * Nodes renamed by hand: a node svc built (in its record, still in the source) is gone, and in its
 * place (same parent, same type) is one node with svc's tag that neither the source nor the record
 * knows. A COMP's children move with it. Ambiguous cases (two such nodes) are not guessed.
 */
function* findHandRenames(
  desired: NetworkState,
  live: NetworkState,
  last: NetworkState | undefined,
): Generator<void, Array<{ from: string; to: string; type: string }>> {
  if (last === undefined) return [];
  const strays = [...live.nodes.values()].filter(
    (n) => isOwned(n) && !desired.nodes.has(n.path) && !last.nodes.has(n.path),
  );
  const found: Array<{ from: string; to: string; type: string }> = [];
  for (const [i, want] of [...desired.nodes.values()].sort(byPath).entries()) {
    if (i % NODES_PER_STEP === 0) yield;
    if (want.path === desired.root || live.nodes.has(want.path) || !last.nodes.has(want.path)) continue;
    if (found.some((r) => want.path.startsWith(r.to + "/"))) continue;
    const candidates = strays.filter(
      (s) => s.type === want.type && parentOf(s.path) === parentOf(want.path) && !found.some((r) => r.from === s.path),
    );
    if (candidates.length === 1) found.push({ from: candidates[0]!.path, to: want.path, type: want.type });
  }
  return found;
}

/** True when `path` or one of its ancestors is in `paths`. */
function atOrUnder(paths: ReadonlySet<string>, path: string): boolean {
  for (let p = path; p.length > 0; p = p.slice(0, p.lastIndexOf("/"))) if (paths.has(p)) return true;
  return false;
}

/** Nodes (or wires) compared between two chances to pause. */
const NODES_PER_STEP = 64;

export function planNetwork(input: PlanInput): Plan {
  return runToEnd(planNetworkSteps(input));
}

/** The same plan, giving the event loop a turn every few milliseconds (an MCP server planning 10,000 nodes). */
export function planNetworkInSlices(input: PlanInput, sliceMs = SLICE_MS): Promise<Plan> {
  return runInSlices(planNetworkSteps(input), sliceMs);
}

/** What the phases of one plan share: the inputs after renames, and the plan as it grows. */
interface Reconciling {
  desired: NetworkState;
  live: NetworkState;
  last: NetworkState | undefined;
  force: boolean;
  /** Live nodes renamed by hand, held as drift (without --force): their new and their old paths. */
  heldNew: ReadonlySet<string>;
  heldOld: ReadonlySet<string>;
  /** True when this network is built inside a root COMP svc did not build. */
  hosted: boolean;
  /** A live node this network owns. */
  mine: (n: NodeState) => boolean;
  changes: NodeChange[];
  conflicts: Conflict[];
  liveOnly: LiveOnlyValue[];
  summary: Plan["summary"];
}

function* planNetworkSteps(input: PlanInput): Generator<void, Plan> {
  const liveFingerprint = yield* fingerprintSteps(input.live);
  const plan = yield* reconcileRenames(input);
  const ignoredUnowned = [...plan.live.nodes.values()].filter((n) => !plan.mine(n)).length;
  const replacedComps = yield* reconcileNodes(plan);
  const doomedPaths = reconcileDeletes(plan, replacedComps);
  const { wiresAdded, wiresRemoved } = yield* reconcileWires(plan, doomedPaths);
  return {
    root: plan.desired.root,
    changes: plan.changes,
    wiresAdded,
    wiresRemoved,
    conflicts: plan.conflicts,
    liveOnly: plan.liveOnly,
    ignoredUnowned,
    summary: plan.summary,
    liveFingerprint,
    forced: plan.force,
  };
}

/**
 * Renames first: a node the source renames (`[was: old]`) is renamed live, and a node renamed by hand
 * is the artist's edit like any other: held as drift, renamed back by --force.
 */
function* reconcileRenames(input: PlanInput): Generator<void, Reconciling> {
  const force = input.force ?? false;
  const { desired } = input;
  const renames: Array<{ from: string; to: string; type: string }> = [];
  for (const node of desired.nodes.values()) {
    if (node.renamedFrom === undefined) continue;
    const from = node.path.slice(0, node.path.lastIndexOf("/") + 1) + node.renamedFrom;
    const old = input.live.nodes.get(from);
    if (old && isOwned(old) && !input.live.nodes.has(node.path)) renames.push({ from, to: node.path, type: node.type });
  }
  let live = applyRenames(input.live, renames);
  const last = input.lastApplied ? applyRenames(input.lastApplied, renames) : undefined;
  const handRenames = yield* findHandRenames(desired, live, last);
  if (force) {
    renames.push(...handRenames);
    live = applyRenames(live, handRenames);
  }
  const conflicts: Conflict[] = force
    ? []
    : handRenames.map((r) => ({
        kind: "drift",
        path: r.to,
        name: "name",
        lastApplied: nameOf(r.to),
        live: nameOf(r.from),
        desired: nameOf(r.to),
        message: `was renamed live to '${nameOf(r.from)}'; svc leaves it: write '${nameOf(r.from)}: ${r.type} [was: ${nameOf(r.to)}]' in the source to keep the new name, or use --force to rename it back`,
      }));
  // A root COMP svc did not build (an artist's /project1) hosts svc's nodes: svc builds and manages
  // its own nodes inside and never changes the COMP itself. Below a host, an svc node counts as
  // this network's only when this network made it (its record or its source names it): another
  // svc network may live in an artist's COMP further down, and it is not this plan's to delete.
  const liveRoot = live.nodes.get(desired.root);
  const hosted = liveRoot !== undefined && !isOwned(liveRoot);
  return {
    desired,
    live,
    last,
    force,
    heldNew: new Set(force ? [] : handRenames.map((r) => r.from)),
    heldOld: new Set(force ? [] : handRenames.map((r) => r.to)),
    hosted,
    mine: (n) => isOwned(n) && (!hosted || desired.nodes.has(n.path) || last?.nodes.has(n.path) === true),
    changes: renames.map((r) => ({ kind: "rename", from: r.from, to: r.to, type: r.type })),
    conflicts,
    liveOnly: [],
    summary: { add: 0, change: renames.length, destroy: 0 },
  };
}

/**
 * Each node the source wants: created, replaced (another type), updated, or a conflict. Returns the
 * replaced COMPs: everything live inside them goes with them, so what the source keeps there is built anew.
 */
function* reconcileNodes(plan: Reconciling): Generator<void, Set<string>> {
  const { desired, live, last, force, heldOld, changes, conflicts, summary } = plan;
  const replacedComps = new Set<string>();
  for (const [i, want] of [...desired.nodes.values()].sort(byPath).entries()) {
    if (i % NODES_PER_STEP === 0) yield;
    if (plan.hosted && want.path === desired.root) {
      const recorded = last?.nodes.get(want.path);
      if (recorded !== undefined && hasOwnSettings(recorded)) {
        // An adopted COMP (svc adopt): it stays the artist's (never replaced or deleted), but the
        // parameters and controls it was adopted with are the source's from then on.
        const have = ownSettingsOf(live.nodes.get(want.path)!);
        const d = diffNode({ ...ownSettingsOf(want), type: have.type }, have, ownSettingsOf(recorded), force);
        conflicts.push(...d.conflicts);
        plan.liveOnly.push(...d.liveOnly);
        if (d.params.length > 0 || d.fields.length > 0) {
          changes.push({ kind: "update", path: want.path, type: have.type, params: d.params, fields: d.fields });
          summary.change++;
        }
        continue;
      }
      if (hasOwnSettings(want)) {
        conflicts.push({
          kind: "unowned-in-the-way",
          path: want.path,
          message: `${want.path} was not built by svc: svc builds inside it but does not change the COMP itself (its parameters or controls); put those in a COMP of svc's own`,
        });
      }
      continue;
    }
    if (atOrUnder(heldOld, want.path)) continue;
    const have = atOrUnder(replacedComps, want.path) ? undefined : live.nodes.get(want.path);
    if (have === undefined) {
      changes.push({ kind: "create", path: want.path, type: want.type, node: want });
      summary.add++;
      continue;
    }
    if (!isOwned(have)) {
      conflicts.push({
        kind: "unowned-in-the-way",
        path: want.path,
        message: `a node svc did not create is already at ${want.path}; rename one of them (svc never changes nodes it does not own)`,
      });
      continue;
    }
    if (have.type !== want.type) {
      changes.push({ kind: "replace", path: want.path, fromType: have.type, toType: want.type, node: want });
      replacedComps.add(want.path);
      summary.add++;
      summary.destroy++;
      continue;
    }
    const d = diffNode(want, have, last?.nodes.get(want.path), force);
    conflicts.push(...d.conflicts);
    plan.liveOnly.push(...d.liveOnly);
    if (d.params.length > 0 || d.fields.length > 0) {
      changes.push({ kind: "update", path: want.path, type: want.type, params: d.params, fields: d.fields });
      if (d.params.length > 0 || d.fields.some((f) => f.field !== "position")) summary.change++;
    }
  }
  return replacedComps;
}

/**
 * Owned live nodes the source no longer has. A COMP's children go with it, so only the top-most is
 * deleted; unowned work inside it blocks the delete. Returns every doomed path.
 */
function reconcileDeletes(plan: Reconciling, replacedComps: ReadonlySet<string>): Set<string> {
  const { desired, live, force, mine } = plan;
  const doomed = [...live.nodes.values()]
    .filter((n) => mine(n) && !desired.nodes.has(n.path) && !atOrUnder(plan.heldNew, n.path))
    .sort(byPath);
  const doomedPaths = new Set(doomed.map((n) => n.path));
  for (const node of doomed) {
    const parent = node.path.slice(0, node.path.lastIndexOf("/"));
    if (doomedPaths.has(parent) || atOrUnder(replacedComps, parent)) continue;
    const unownedInside = [...live.nodes.values()].filter((n) => n.path.startsWith(node.path + "/") && !mine(n));
    if (unownedInside.length > 0 && !force) {
      plan.conflicts.push({
        kind: "unowned-inside-delete",
        path: node.path,
        message: `${node.path} would be deleted but holds ${unownedInside.length} node(s) svc did not create (${unownedInside
          .slice(0, 3)
          .map((n) => n.path)
          .join(", ")}); move them out or use --force`,
      });
      continue;
    }
    plan.changes.push({ kind: "delete", path: node.path, type: node.type });
    plan.summary.destroy++;
  }
  return doomedPaths;
}

/**
 * Wires: those into owned nodes are svc's to manage; wires into unowned nodes are left alone. A
 * rewired node counts as one change unless its node change is already counted.
 */
function* reconcileWires(
  plan: Reconciling,
  doomedPaths: ReadonlySet<string>,
): Generator<void, { wiresAdded: PlanWire[]; wiresRemoved: PlanWire[] }> {
  const { desired, live, mine, heldNew, heldOld, changes } = plan;
  const ownedTarget = (path: string) => {
    const n = live.nodes.get(path) ?? desired.nodes.get(path);
    return n !== undefined && (desired.nodes.has(path) || mine(n));
  };
  // An output guard in front of an owned output is read as the wire it stands in for, and a wire
  // into that output is applied to the guard's input 0 (`via`), so the guard stays.
  const seen = seeThroughGuards(
    live.wires,
    (p) => live.nodes.get(p)?.type,
    (p) => {
      const n = live.nodes.get(p);
      return n === undefined || mine(n);
    },
  );
  const liveWires = new Map(seen.wires.filter((w) => ownedTarget(w.to)).map((w) => [wireKey(w), w] as const));
  const behindGuards = (w: WireState): PlanWire => {
    const via = w.toInput === 0 ? seen.guarded.get(w.to) : undefined;
    return via === undefined ? w : { ...w, via };
  };
  const wantWires = new Map(desired.wires.map((w) => [wireKey(w), behindGuards(w)] as const));
  const replaced = new Set(
    changes.filter((c) => c.kind === "replace" || c.kind === "delete").map((c) => (c as { path: string }).path),
  );
  const wiresAdded: PlanWire[] = [];
  const wiresRemoved: PlanWire[] = [];
  // An input the source wires: a live wire into it from elsewhere gives way to the source's.
  const wantedInputs = new Set([...wantWires.values()].map((w) => `${w.to}[${w.toInput}]`));
  // A node svc did not build (not svc's, not in the source) that stays: its wires are the artist's.
  const artists = (path: string) => {
    const n = live.nodes.get(path);
    return n !== undefined && !mine(n) && !desired.nodes.has(path) && !atOrUnder(doomedPaths, path);
  };
  const artistsWire = (w: WireState) => artists(w.from) && !wantedInputs.has(`${w.to}[${w.toInput}]`);
  let step = 0;
  for (const [key, w] of wantWires) {
    if (step++ % NODES_PER_STEP === 0) yield;
    // A replaced node (and all inside it) comes back unwired, so its wires are added again.
    if (atOrUnder(heldOld, w.to) || atOrUnder(heldOld, w.from)) continue;
    if (!liveWires.has(key) || atOrUnder(replaced, w.to) || atOrUnder(replaced, w.from)) wiresAdded.push(w);
  }
  for (const [key, w] of liveWires) {
    if (step++ % NODES_PER_STEP === 0) yield;
    if (atOrUnder(heldNew, w.to) || atOrUnder(heldNew, w.from)) continue;
    // A wire from the artist's node into svc's is the artist's: left alone, unless the source wires that input.
    if (artistsWire(w)) continue;
    if (!wantWires.has(key) && !atOrUnder(replaced, w.to) && !atOrUnder(doomedPaths, w.to)) wiresRemoved.push(w);
  }
  // A node replaced by another type comes back unwired: the wires between it and the artist's nodes
  // (which the source does not declare) are made again, so a swap keeps every wire.
  for (const w of live.wires) {
    if (step++ % NODES_PER_STEP === 0) yield;
    const into = replaced.has(w.to) && changes.some((c) => c.kind === "replace" && c.path === w.to);
    const outOf = replaced.has(w.from) && changes.some((c) => c.kind === "replace" && c.path === w.from);
    if ((into && artistsWire(w)) || (outOf && artists(w.to))) wiresAdded.push(w);
  }
  const touchedByWires = new Set([...wiresAdded, ...wiresRemoved].map((w) => w.to));
  // A rewired node counts once: not again when its creation, replacement or a counted update
  // already covers it (a layout move alone is not counted, so the rewire is).
  const counted = (c: NodeChange) =>
    c.kind === "create" ||
    c.kind === "replace" ||
    (c.kind === "update" && (c.params.length > 0 || c.fields.some((f) => f.field !== "position")));
  const countedPaths = new Set(
    changes.filter((c) => counted(c) && "path" in c).map((c) => (c as { path: string }).path),
  );
  for (const path of touchedByWires) if (!countedPaths.has(path)) plan.summary.change++;
  // By target and input index: a multi-input operator grows one connector at a time, so its
  // inputs must be wired in order.
  const byKey = (a: WireState, b: WireState) =>
    comparePaths(a.to, b.to) || a.toInput - b.toInput || comparePaths(wireKey(a), wireKey(b));
  wiresAdded.sort(byKey);
  wiresRemoved.sort(byKey);
  return { wiresAdded, wiresRemoved };
}
