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
import { chunkByCost, type TracedOperation } from "./plan-operations.js";
import { sourceParams, type NetworkPlan } from "../plan/plan-program.js";
import { stateToJson } from "../plan/stored-state.js";
import {
  JOURNAL_FORMAT,
  landedText,
  removeJournal,
  requestEffects,
  unfinishedApplies,
  writeJournal,
  type ApplyJournal,
} from "./apply-journal.js";
import { rollBackTransaction, sameAsBefore } from "./transaction-rollback.js";
import { applyEnded, applyingNow, journalOwner, ownerRunning } from "./journal-owner.js";
import type { Progress } from "../progress.js";

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

export type { Progress };

export interface ApplyOptions {
  budget?: number;
  progress?: Progress;
  /** Keep what earlier requests did when a later one fails (default: roll everything back). */
  keepPartial?: boolean;
  /** The artist's answer through the bridge's broker: this path's delete carries it instead of "yolo". */
  deleteAuthorization?: DeleteAuthorization;
  /**
   * svc's state folder for apply journals (apply-journal.ts): an apply of several requests is
   * journalled there, so that one cut short is finished or undone by the next command (recover.ts).
   */
  journalDir?: string;
}

/** The apply's journal and where it is kept; undefined when the apply is not journalled. */
interface Ledger {
  dir: string;
  journal: ApplyJournal;
}

function save(ledger: Ledger | undefined): void {
  if (ledger !== undefined) writeJournal(ledger.dir, ledger.journal);
}

function openLedger(
  client: BridgeClient,
  np: NetworkPlan,
  transaction: string,
  chunks: number,
  keepPartial: boolean,
  dir: string | undefined,
): Ledger | undefined {
  if (dir === undefined) return undefined;
  const ledger: Ledger = {
    dir,
    journal: {
      format: JOURNAL_FORMAT,
      bridge: client.config.url,
      root: np.root,
      transaction,
      startedAt: new Date().toISOString(),
      phase: "applying",
      owner: journalOwner(),
      keepPartial,
      totalRequests: chunks,
      before: {
        existed: np.live.exists,
        fingerprint: np.plan.liveFingerprint,
        record: recordText(np.live.lastApplied),
        nodes: [...np.live.state.nodes.keys()],
        params: Object.fromEntries(sourceParams(np.desired)),
      },
      requests: [],
    },
  };
  writeJournal(dir, ledger.journal, true);
  return ledger;
}

/** The last-applied record as comparable text (empty when there is none). */
function recordText(record: NetworkPlan["live"]["lastApplied"]): string {
  return record === undefined ? "" : JSON.stringify(stateToJson(record));
}

/** What a failed request's error says of its fate, for the journal. */
function fateOf(err: BridgeError): "sent" | "refused" | "not-sent" {
  if (err.details.applied === "unknown") return "sent";
  if (err.details.applied === false || err.kind === "connection" || err.kind === "timeout") return "not-sent";
  return "refused";
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
  // Two applies of one network at once would interleave their requests and share one journal.
  const running =
    options.journalDir === undefined
      ? undefined
      : unfinishedApplies(options.journalDir, client.config.url, [np.root]).journals.find((j) =>
          ownerRunning(j.owner, j.transaction),
        );
  if (running !== undefined) {
    outcome.ok = false;
    outcome.diagnostics.push(
      diagnostic(
        "apply-in-progress",
        NO_RANGE,
        { root: np.root, pid: String(running.owner!.pid) },
        { help: ["wait for it to end, then plan again; nothing was sent"] },
      ),
    );
    return outcome;
  }
  // One request is atomic by itself; several share a transaction so they can be undone together.
  const transaction = chunks.length > 1 ? `svc-${randomUUID()}` : undefined;
  const ledger =
    transaction === undefined
      ? undefined
      : openLedger(client, np, transaction, chunks.length, options.keepPartial === true, options.journalDir);
  // While it runs, this apply's journal is this process's own: a recovery here leaves it alone.
  if (transaction !== undefined) applyingNow(transaction);
  try {
    let offset = 0;
    for (const [i, part] of chunks.entries()) {
      options.progress?.(`applying ${np.root}: request ${i + 1} of ${chunks.length} (${part.length} operations)`, {
        done: i + 1,
        total: chunks.length,
      });
      const key = randomUUID();
      const entry = ledger && {
        n: i + 1,
        key,
        state: "sent" as const,
        operations: part.length,
        ...requestEffects(part),
      };
      if (ledger && entry) {
        ledger.journal.requests.push(entry);
        save(ledger);
      }
      try {
        outcome.requests++;
        await client.post(
          "/api/batch",
          {
            operations: part.map((t) => authorized(t.op, options.deleteAuthorization)),
            ...(transaction === undefined ? {} : { transaction }),
          },
          { idempotencyKey: key },
        );
        if (entry) (entry as { state: string }).state = "landed";
      } catch (err) {
        if (!(err instanceof BridgeError)) throw err;
        if (entry) {
          (entry as { state: string }).state = fateOf(err);
          save(ledger);
        }
        outcome.ok = false;
        await failed(client, np, outcome, {
          ledger,
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
      // Every request landed: from here on there is nothing to undo, only the commit to finish.
      if (ledger) ledger.journal.phase = "committing";
      save(ledger);
      outcome.requests++;
      try {
        await client.post(`/api/transactions/${transaction}/commit`, undefined);
        if (ledger) removeJournal(ledger.dir, ledger.journal);
      } catch (err) {
        // Everything landed; only the bridge's undo steps are left to drop (it drops them itself
        // after a while). The journal says so, and the next command against the network commits.
        if (!(err instanceof BridgeError) || ledger === undefined) throw err;
        outcome.diagnostics.push(
          diagnostic("apply-commit-pending", NO_RANGE, {
            root: np.root,
            requests: String(chunks.length),
            message: err.message,
          }),
        );
      }
    }
    return outcome;
  } finally {
    if (transaction !== undefined) applyEnded(transaction);
  }
}

interface Failure {
  ledger: Ledger | undefined;
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

  if (f.transaction !== undefined)
    help.push(
      f.ledger === undefined
        ? `${index} earlier request${index === 1 ? "" : "s"} of ${outcome.chunks} had landed`
        : landedText(f.ledger.journal),
    );

  let verifyProblem: string | undefined;
  let interrupted: BridgeError | undefined;
  if (f.transaction !== undefined && f.keepPartial) {
    try {
      outcome.requests++;
      await client.post(`/api/transactions/${f.transaction}/commit`, undefined);
      if (f.ledger) removeJournal(f.ledger.dir, f.ledger.journal);
    } catch (e) {
      if (!(e instanceof BridgeError)) throw e;
      interrupted = e;
    }
    help.push(
      `${index} earlier request(s) of this apply were kept (--keep-partial); run apply again to finish once the problem is fixed`,
    );
  } else if (f.transaction !== undefined) {
    f.progress?.(`rolling back ${np.root}`);
    const started = performance.now();
    try {
      const r = await rollBackTransaction(client, f.transaction, outcome.chunks);
      outcome.requests += r.calls;
      if (r.failures.length > 0)
        verifyProblem = `${r.failures.length} undo step(s) failed: ${r.failures.slice(0, 3).join("; ")}`;
      outcome.chunksApplied = 0;
      const after = await sameAsBefore(client, np.root, sourceParams(np.desired), {
        fingerprint: np.plan.liveFingerprint,
        record: recordText(np.live.lastApplied),
      });
      outcome.requests++;
      if (!after.sameNetwork || !after.sameRecord)
        verifyProblem ??= after.sameNetwork
          ? "svc's record of the last apply differs"
          : "the nodes, parameters or wires differ; run 'svc plan' to see how";
      // The bridge held and undid the transaction: nothing is left for a later command to finish.
      if (f.ledger) removeJournal(f.ledger.dir, f.ledger.journal);
      outcome.rollback = {
        requests: r.undone,
        verified: verifyProblem === undefined,
        elapsedMs: Math.round(performance.now() - started),
      };
      if (verifyProblem === undefined)
        help.push(`rolled back ${r.undone} request${r.undone === 1 ? "" : "s"}, live network verified unchanged`);
    } catch (e) {
      if (!(e instanceof BridgeError)) throw e;
      interrupted = e;
    }
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
  if (interrupted !== undefined) {
    const landed = f.ledger === undefined ? `${index} request(s) had landed` : landedText(f.ledger.journal);
    outcome.diagnostics.push(
      diagnostic(
        "apply-interrupted",
        NO_RANGE,
        {
          root: np.root,
          landed,
          message: interrupted.message,
        },
        {
          help:
            f.ledger === undefined
              ? [`once the bridge answers again, roll back transaction ${f.transaction} until none of it remains`]
              : [
                  `svc's journal of this apply is kept in ${f.ledger.dir}`,
                  f.keepPartial
                    ? "once the bridge answers, the next 'svc plan', 'svc apply' or 'svc status' (or 'svc recover') keeps what landed and says what"
                    : "once the bridge answers, the next 'svc plan', 'svc apply' or 'svc status' (or 'svc recover') rolls it back and says what it undid; 'svc recover --keep-partial' keeps it instead",
                ],
        },
      ),
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
