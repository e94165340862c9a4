/**
 * Turns a plan into the bridge operations that carry it out, in a safe order: renames, unwiring
 * (while both ends still exist), deletes (top-most only), creates (parents first, each node fully
 * set up), updates, wiring, and last the record of what was applied. Creates reuse the compiler's own operations for the node,
 * so a node built by a plan is exactly the node a fresh build would make.
 */
import type { Operation } from "../../../compiler/lower/operations.js";
import type { Origin } from "../../../compiler/model.js";
import type { CustomPageState, NetworkState, NodeState, ParamState } from "../plan/network-state.js";
import type { Plan } from "../plan/plan-types.js";
import { toBatchRequest, type BridgeOperation } from "../../../compiler/lower/batch-json.js";
import { sequenceAwareChanges } from "../plan/sequence-params.js";
import { APPLIED_KEY } from "../plan/live-state.js";
import type { StoredState } from "../plan/stored-state.js";
import { recordRepairOperations, recordStoreOperations, type RecordDamage } from "../plan/record-pieces.js";
import { runInSlices, runToEnd, SLICE_MS } from "../plan/slices.js";

export interface TracedOperation {
  op: BridgeOperation;
  /** The node it acts on, for messages. */
  path: string;
  /** Where in the source it comes from; absent for svc's own bookkeeping. */
  origin?: Origin;
}

function traced(op: BridgeOperation, path: string, origin?: Origin): TracedOperation {
  return origin === undefined ? { op, path } : { op, path, origin };
}

const nameOf = (path: string) => path.slice(path.lastIndexOf("/") + 1);

/** Compiler operations translated between two chances to pause (never splitting one node's run). */
const OPERATIONS_PER_STEP = 512;

/**
 * compiledOperations over a long list, a node's run of operations at a time: the translation only
 * ever merges neighbouring operations on the same node, so cutting between nodes changes nothing.
 */
function* compiledOperationsSteps(ops: readonly Operation[]): Generator<void, TracedOperation[]> {
  const out: TracedOperation[] = [];
  let from = 0;
  while (from < ops.length) {
    let to = Math.min(from + OPERATIONS_PER_STEP, ops.length);
    while (to < ops.length && ops[to]!.path === ops[to - 1]!.path) to++;
    for (const op of compiledOperations(ops.slice(from, to))) out.push(op);
    from = to;
    yield;
  }
  return out;
}

/** The compiler's own bridge operations for some of its operations, each traced to its source. */
function compiledOperations(ops: readonly Operation[]): TracedOperation[] {
  const request = toBatchRequest(ops);
  return request.body.operations.map((op, i) => {
    const from = request.sources[i]![0]!;
    return traced(op, from.path, from.origin);
  });
}

function originOf(node: NodeState | undefined): Origin | undefined {
  const s = node?.source;
  return s === undefined ? undefined : { file: s.file ?? "<input>", range: s.range };
}

function paramOperation(path: string, name: string, to: ParamState | undefined): BridgeOperation {
  if (to === undefined) return { action: "reset_param", path, param: name };
  switch (to.mode) {
    case "constant":
      return { action: "set_mode", path, param: name, mode: "constant", value: to.value };
    case "bind":
      return { action: "set_mode", path, param: name, mode: "bind", expr: to.expr };
    default:
      // Exports are applied as channel reference expressions (compiler/lower/batch-json.ts).
      return { action: "set_mode", path, param: name, mode: "expression", expr: to.expr };
  }
}

export interface PlanOperationsInput {
  plan: Plan;
  /** The record found live, to tell whether svc's own record needs refreshing. */
  previous?: StoredState | undefined;
  /** A record found damaged (record-pieces.ts): the apply writes it again whole. */
  damagedRecord?: RecordDamage | undefined;
  desired: NetworkState;
  /** The compiler's operations for the whole program. */
  compiled: readonly Operation[];
  /** The record stored in the root COMP when the apply succeeds. */
  record: StoredState;
}

export function planOperations(input: PlanOperationsInput): TracedOperation[] {
  return runToEnd(planOperationsSteps(input));
}

/** The same, giving the event loop a turn every few milliseconds (an MCP server planning 10,000 nodes). */
export function planOperationsInSlices(input: PlanOperationsInput, sliceMs = SLICE_MS): Promise<TracedOperation[]> {
  return runInSlices(planOperationsSteps(input), sliceMs);
}

function* planOperationsSteps({
  plan,
  desired,
  compiled,
  record,
  previous,
  damagedRecord,
}: PlanOperationsInput): Generator<void, TracedOperation[]> {
  const out: TracedOperation[] = [];
  const at = (path: string) => originOf(desired.nodes.get(path));

  for (const c of plan.changes) {
    if (c.kind === "rename") out.push(traced({ action: "rename", path: c.from, name: nameOf(c.to) }, c.to, at(c.to)));
  }
  // Before deletes: a wire names both of its ends, and one of them may be about to go.
  for (const w of plan.wiresRemoved) {
    // Behind guards, the wire lands in the last guard's input 0: the guards stay wired to the output.
    const into = w.via?.at(-1) ?? w.to;
    out.push(traced({ action: "disconnect", to_path: into, to_input: w.via ? 0 : w.toInput, from_path: w.from }, w.to));
  }
  for (const c of plan.changes) {
    if (c.kind === "delete") out.push(traced({ action: "delete", path: c.path, confirmation_policy: "yolo" }, c.path));
    if (c.kind === "replace")
      out.push(traced({ action: "delete", path: c.path, confirmation_policy: "yolo" }, c.path, at(c.path)));
  }
  const built = new Set(
    plan.changes.filter((c) => c.kind === "create" || c.kind === "replace").map((c) => (c as { path: string }).path),
  );
  for (const op of yield* compiledOperationsSteps(
    compiled.filter((o) => built.has(o.path) && o.kind !== "connect" && o.kind !== "store-metadata"),
  ))
    out.push(op);
  for (const c of plan.changes) {
    if (c.kind !== "update") continue;
    const origin = at(c.path);
    // Custom pages first: a parameter update below may set one of their values. They are rebuilt
    // with the compiler's own operations, so clamp, ranges and menu labels are exactly a fresh build's.
    const pages = c.fields.find((f) => f.field === "customPages");
    if (pages !== undefined) {
      // Only svc's own pages: an artist's page on the same COMP stays (the plan left it out of `from`).
      const svcPages = ((pages.from ?? []) as unknown as CustomPageState[]).map((p) => p.name);
      out.push(traced({ action: "clear_custom_pars", path: c.path, pages: svcPages }, c.path, origin));
      out.push(...compiledOperations(compiled.filter((o) => o.kind === "add-custom-page" && o.path === c.path)));
    }
    for (const p of sequenceAwareChanges(c.type, c.params))
      out.push(traced(paramOperation(c.path, p.name, p.to), c.path, origin));
    const flags: Record<string, boolean> = {};
    const meta: Record<string, unknown> = {};
    for (const f of c.fields) {
      if (f.field.startsWith("flag:")) flags[f.field.slice(5)] = f.to === true;
      else if (f.field === "comment") meta.comment = f.to ?? "";
      else if (f.field === "color") meta.color = f.to;
      else if (f.field === "tags") meta.tags = [...new Set(["svc", ...((f.to as string[] | undefined) ?? [])])].sort();
      else if (f.field === "text")
        out.push(traced({ action: "set_text", path: c.path, text: f.to ?? "" }, c.path, origin));
      else if (f.field === "position") {
        const [x, y] = f.to as [number, number];
        out.push(traced({ action: "set_position", path: c.path, node_x: x, node_y: y }, c.path, origin));
      }
    }
    if (Object.keys(flags).length > 0) out.push(traced({ action: "set_flags", path: c.path, flags }, c.path, origin));
    if (Object.keys(meta).length > 0) out.push(traced({ action: "set_meta", path: c.path, ...meta }, c.path, origin));
  }
  const wireOrigin = new Map(
    compiled
      .filter((o) => o.kind === "connect")
      .map(
        (o) =>
          [
            `${o.path}[${(o as { fromIndex: number }).fromIndex}]->${(o as { to: string }).to}[${(o as { toIndex: number }).toIndex}]`,
            o.origin,
          ] as const,
      ),
  );
  for (const w of plan.wiresAdded) {
    const origin = wireOrigin.get(`${w.from}[${w.fromOutput}]->${w.to}[${w.toInput}]`);
    const into = w.via?.at(-1);
    if (into === undefined) {
      out.push(
        traced(
          {
            action: "connect",
            source_path: w.from,
            source_output: w.fromOutput,
            target_path: w.to,
            target_input: w.toInput,
          },
          w.to,
          origin,
        ),
      );
      continue;
    }
    out.push(
      traced(
        { action: "connect", source_path: w.from, source_output: w.fromOutput, target_path: into, target_input: 0 },
        w.to,
        origin,
      ),
    );
    // An output built anew comes back unwired: its front guard is wired into it again.
    if (built.has(w.to))
      out.push(
        traced({ action: "connect", source_path: w.via![0]!, target_path: w.to, target_input: 0 }, w.to, origin),
      );
  }
  // The network may be unchanged while its source text is not (comments, spelling): svc's record
  // is refreshed then, so an export keeps the artist's current text. Nothing else is sent.
  const sourceMoved = record.source !== undefined && record.source.text !== previous?.source?.text;
  if (out.length > 0 || sourceMoved || damagedRecord !== undefined) {
    out.push(...compiledOperations(compiled.filter((o) => o.kind === "store-metadata" && o.path === plan.root)));
    const recordOps =
      damagedRecord === undefined
        ? recordStoreOperations(plan.root, APPLIED_KEY, record, previous?.pieceKeys)
        : recordRepairOperations(plan.root, APPLIED_KEY, record, damagedRecord);
    out.push(...recordOps.map((op) => traced(op, plan.root)));
  }
  return out;
}

/**
 * Bytes of payload that cost as much as one simple operation. Storing a value or setting a DAT's
 * text decodes and copies it on the main thread: in tdsim, measured side by side in one batch
 * request each, a 107 KB record took as long as 47 to 70 simple operations (1.6 to 2.3 KB each),
 * so svc's last-applied record of a large network is a frame's work on its own.
 */
const BYTES_PER_COST_UNIT = 2048;

/**
 * Payloads up to this size count as one simple operation: the request budget leaves about half a
 * frame free, which absorbs a few KB of decoding (an 8 KB record costs about four simple operations).
 */
const SMALL_PAYLOAD_BYTES = 8192;

/** A payload's cost: one unit per BYTES_PER_COST_UNIT once it is larger than SMALL_PAYLOAD_BYTES. */
function payloadCost(bytes: number): number {
  return bytes <= SMALL_PAYLOAD_BYTES ? 1 : Math.round(bytes / BYTES_PER_COST_UNIT);
}

/**
 * An update writes each of its parameters (found, checked, coerced, journaled, undone on failure):
 * on tdsim 64 updates of two parameters took twice the main-thread time of 16 creates
 * (bench/apply.bench.mjs), so each parameter counts as one unit. The bridge's own limit counts an
 * update as 1 (bridge/svc_bridge/batch_cost.py): a request costed here never exceeds it.
 */
function updateCost(op: BridgeOperation): number {
  const params = op.parameters;
  const written = params !== null && typeof params === "object" ? Object.keys(params).length : 0;
  return Math.max(1, written);
}

/** Relative main-thread cost of a bridge operation: making an operator, and large payloads, are the expensive part. */
export function operationCost(op: BridgeOperation): number {
  switch (op.action) {
    case "create":
    case "delete":
      return 4;
    case "add_custom_par":
    case "clear_custom_pars":
      return 2;
    case "store":
      return payloadCost(JSON.stringify(op.value ?? null).length);
    case "set_text":
      return payloadCost(String(op.text ?? "").length);
    case "update":
      return updateCost(op);
    default:
      return 1;
  }
}

/**
 * Splits operations into requests whose summed cost stays within `budget`, in order, and never
 * more than `maxCount` operations (the bridge accepts 1000).
 */
export function chunkByCost(items: readonly TracedOperation[], budget: number, maxCount: number): TracedOperation[][] {
  const out: TracedOperation[][] = [];
  let current: TracedOperation[] = [];
  let spent = 0;
  for (const item of items) {
    const cost = operationCost(item.op);
    if (current.length > 0 && (spent + cost > budget || current.length >= maxCount)) {
      out.push(current);
      current = [];
      spent = 0;
    }
    current.push(item);
    spent += cost;
  }
  if (current.length > 0) out.push(current);
  return out;
}
