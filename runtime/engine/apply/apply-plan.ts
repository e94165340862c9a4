/**
 * Sends a plan's operations to the bridge, all or nothing at any size. A plan that fits in one
 * request is atomic on the bridge. A larger plan goes in chunks small enough for one frame
 * (requests run on TouchDesigner's main thread between frames), all under one bridge
 * transaction: if a chunk fails, the bridge undoes the earlier ones newest first, and svc reads
 * the network again to check that it is exactly as it was before the apply. Only `keepPartial`
 * keeps what the earlier chunks did.
 */
import { diagnostic, NO_RANGE, type Diagnostic } from "../../../diagnostics/index.js";
import { randomUUID } from "node:crypto";
import { BridgeError, type BridgeClient } from "../bridge-client/index.js";
import { fingerprintState } from "../plan/fingerprint.js";
import { readLiveNetwork } from "../plan/live-state.js";
import { chunkByCost, type TracedOperation } from "./plan-operations.js";
import { sourceParams, type NetworkPlan } from "../plan/plan-program.js";
import { stateToJson } from "../plan/stored-state.js";

/** The bridge's own cap is 1000 operations per batch. */
const MAX_OPERATIONS_PER_REQUEST = 1000;

/**
 * Cost budget of one request (see operationCost): well within one frame of bridge work at 60 fps,
 * so a large apply never holds TouchDesigner's main thread for longer than a frame
 * (bench/apply.bench.mjs, tdsim: a request of 64 units took 3 to 8 ms of its main thread, updates
 * the most until each parameter counted as a unit). 72 keeps the main example, seven operators
 * with a panel and the applied record (67), in one request: a request more costs a transaction, a
 * commit and a frame of waiting.
 */
const DEFAULT_REQUEST_BUDGET = 72;

/** Main-thread time one rollback request may take (it undoes at least one request each time). */
const ROLLBACK_BUDGET_MS = 15;

interface RollbackReport {
  /** Requests the bridge undid. */
  requests: number;
  /** The live network read back equals the one read before the apply. */
  verified: boolean;
  elapsedMs: number;
}

export interface ApplyOutcome {
  root: string;
  ok: boolean;
  requests: number;
  operations: number;
  /** Chunks whose changes remain live: all on success, 0 after a rollback, the earlier ones with keepPartial. */
  chunksApplied: number;
  chunks: number;
  /** Present when a failure was rolled back. */
  rollback?: RollbackReport;
  diagnostics: Diagnostic[];
}

/** A line about long work; `step` counts its parts, when it has several (request 2 of 5). */
export type Progress = (message: string, step?: { done: number; total: number }) => void;

export interface ApplyOptions {
  budget?: number;
  progress?: Progress;
  /** Keep what earlier requests did when a later one fails (default: roll everything back). */
  keepPartial?: boolean;
  /** The artist's answer through the bridge's broker: this path's delete carries it instead of "yolo". */
  deleteAuthorization?: DeleteAuthorization;
}

export interface DeleteAuthorization {
  path: string;
  interactionId: string;
}

function authorized(op: TracedOperation["op"], auth: DeleteAuthorization | undefined): TracedOperation["op"] {
  if (auth === undefined || op.action !== "delete" || (op as { path?: string }).path !== auth.path) return op;
  const { confirmation_policy: _policy, ...rest } = op as { confirmation_policy?: string } & Record<string, unknown>;
  return { ...rest, interaction_id: auth.interactionId } as unknown as TracedOperation["op"];
}

export async function applyPlan(
  client: BridgeClient,
  np: NetworkPlan,
  options: ApplyOptions = {},
): Promise<ApplyOutcome> {
  const chunks = chunkByCost(np.operations, options.budget ?? DEFAULT_REQUEST_BUDGET, MAX_OPERATIONS_PER_REQUEST);
  const outcome: ApplyOutcome = {
    root: np.root,
    ok: true,
    requests: 0,
    operations: np.operations.length,
    chunksApplied: 0,
    chunks: chunks.length,
    diagnostics: [],
  };
  // One request is atomic by itself; several share a transaction so they can be undone together.
  const transaction = chunks.length > 1 ? `svc-${randomUUID()}` : undefined;
  let offset = 0;
  for (const [i, part] of chunks.entries()) {
    options.progress?.(`applying ${np.root}: request ${i + 1} of ${chunks.length} (${part.length} operations)`, {
      done: i + 1,
      total: chunks.length,
    });
    try {
      outcome.requests++;
      await client.post("/api/batch", {
        operations: part.map((t) => authorized(t.op, options.deleteAuthorization)),
        ...(transaction === undefined ? {} : { transaction }),
      });
    } catch (err) {
      if (!(err instanceof BridgeError)) throw err;
      outcome.ok = false;
      await failed(client, np, outcome, {
        err,
        part,
        offset,
        index: i,
        transaction,
        keepPartial: options.keepPartial === true,
        progress: options.progress,
      });
      return outcome;
    }
    outcome.chunksApplied++;
    offset += part.length;
  }
  if (transaction !== undefined) {
    outcome.requests++;
    await client.post(`/api/transactions/${transaction}/commit`, undefined);
  }
  return outcome;
}

interface Failure {
  err: BridgeError;
  part: TracedOperation[];
  offset: number;
  /** The failing chunk's index: that many earlier chunks had been applied. */
  index: number;
  transaction: string | undefined;
  keepPartial: boolean;
  progress: Progress | undefined;
}

async function failed(client: BridgeClient, np: NetworkPlan, outcome: ApplyOutcome, f: Failure): Promise<void> {
  const { err, part, index } = f;
  const at = typeof err.details.index === "number" ? err.details.index : undefined;
  const failedOp = at === undefined ? undefined : part[at];
  const cause = err.details.cause as { code?: string; message?: string } | undefined;
  const message = cause?.message ?? err.message;
  const help: string[] = [];
  const unanswered = err.code.startsWith("timeout_") ? "did not answer in time" : "lost the connection";
  if (err.details.applied === "unknown")
    help.push(`the bridge ${unanswered} and did not say afterwards whether this request was applied`);
  else if (err.details.applied === false)
    help.push("the bridge never received this request: nothing of it was applied");
  else if (err.kind === "connection")
    help.push(`the bridge could not be reached (${err.code}): this request was not sent`);
  else
    help.push(
      `the bridge rolled back this request (${err.details.rolled_back === false ? "it was refused before anything ran" : "nothing of it remains"})`,
    );
  if (failedOp)
    help.push(
      `operation ${f.offset + (at ?? 0) + 1} of ${np.operations.length}: ${failedOp.op.action} on ${failedOp.path}`,
    );

  let verifyProblem: string | undefined;
  if (f.transaction !== undefined && f.keepPartial) {
    outcome.requests++;
    await client.post(`/api/transactions/${f.transaction}/commit`, undefined);
    help.push(
      `${index} earlier request(s) of this apply were kept (--keep-partial); run apply again to finish once the problem is fixed`,
    );
  } else if (f.transaction !== undefined) {
    f.progress?.(`rolling back ${np.root}`);
    const started = performance.now();
    let undone = 0;
    // Each call undoes at least one request, so this ends; the bound guards against a bridge that does not.
    for (let calls = 0; calls <= outcome.chunks + 1; calls++) {
      outcome.requests++;
      const r = await client.post<{ rolled_back_requests: number; remaining: number; failures: string[] }>(
        `/api/transactions/${f.transaction}/rollback?time_budget_ms=${ROLLBACK_BUDGET_MS}`,
        undefined,
      );
      undone += r.rolled_back_requests;
      if (r.failures.length > 0)
        verifyProblem = `${r.failures.length} undo step(s) failed: ${r.failures.slice(0, 3).join("; ")}`;
      if (r.remaining === 0) break;
    }
    outcome.chunksApplied = 0;
    const after = await readLiveNetwork(client, np.root, sourceParams(np.desired));
    outcome.requests++;
    const sameNetwork = fingerprintState(after.state) === np.plan.liveFingerprint;
    const sameRecord =
      JSON.stringify(after.lastApplied && stateToJson(after.lastApplied)) ===
      JSON.stringify(np.live.lastApplied && stateToJson(np.live.lastApplied));
    if (!sameNetwork || !sameRecord)
      verifyProblem ??= sameNetwork
        ? "svc's record of the last apply differs"
        : "the nodes, parameters or wires differ; run 'svc plan' to see how";
    outcome.rollback = {
      requests: undone,
      verified: verifyProblem === undefined,
      elapsedMs: Math.round(performance.now() - started),
    };
    if (verifyProblem === undefined)
      help.push(`rolled back ${undone} request${undone === 1 ? "" : "s"}, live network verified unchanged`);
  }
  const origin = failedOp?.origin;
  outcome.diagnostics.push(
    diagnostic(
      "apply-operation-failed",
      origin?.range ?? NO_RANGE,
      { node: failedOp?.path ?? np.root, message: cause?.code ? `${message} (${cause.code})` : message },
      origin ? { file: origin.file, help } : { help },
    ),
  );
  if (f.transaction !== undefined && f.keepPartial) {
    outcome.chunksApplied = index;
    outcome.diagnostics.push(
      diagnostic("apply-partial-kept", NO_RANGE, {
        root: np.root,
        applied: String(index),
        total: String(outcome.chunks),
      }),
    );
  }
  if (verifyProblem !== undefined) {
    outcome.diagnostics.push(
      diagnostic(
        "apply-rollback-unverified",
        NO_RANGE,
        { root: np.root, message: verifyProblem },
        { help: ["run 'svc plan' to see the live state, and 'svc apply' to bring it to the source"] },
      ),
    );
  }
}
