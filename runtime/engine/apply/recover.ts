/**
 * Finishing what an apply cut short. An apply of several requests keeps a journal (apply-journal.ts)
 * until it ends; a journal still there means svc, the bridge or the connection between them stopped
 * in the middle. The next command against that bridge and network finds it and, before anything
 * else, either undoes what landed (the default) or keeps it (--keep-partial), then says how many
 * requests had landed and what was undone or kept. Nothing is left for the artist to clean by hand.
 *
 * The bridge's transaction holds the undo steps of every request that landed, and undoes them
 * newest first. When the bridge no longer holds it (TouchDesigner restarted, or the transaction
 * expired), svc compares the network with the one read before the apply: if TouchDesigner reopened
 * the project without the apply, there is nothing to undo; otherwise svc deletes the nodes the
 * journal says the apply created, and says what it cannot put back (values changed in place).
 */
import { diagnostic, NO_RANGE, type Diagnostic } from "../../../diagnostics/index.js";
import { BridgeError, type BridgeClient } from "../bridge-client/index.js";
import {
  landedCounts,
  landedText,
  removeJournal,
  unfinishedApplies,
  writeJournal,
  type ApplyJournal,
} from "./apply-journal.js";
import { rollBackTransaction, sameAsBefore } from "./transaction-rollback.js";
import type { Progress } from "./apply-plan.js";
import { ownerRunning } from "./journal-owner.js";

/** Deletes per request when svc removes what an apply created (each is one top-most node). */
const DELETES_PER_REQUEST = 100;

export interface RecoveryReport {
  root: string;
  transaction: string;
  totalRequests: number;
  /** Requests that had landed, after asking the bridge about the unanswered ones. */
  landed: number;
  /** Requests whose fate nobody could tell (no answer, no receipt). */
  unknown: number;
  /**
   * - `rolled-back`: what landed was undone (or was already gone), the network is as before;
   * - `kept`: what landed stays (--keep-partial), the transaction committed;
   * - `finished`: every request had landed and only the commit was missing;
   * - `incomplete`: undone as far as possible, but the network is not as before;
   * - `in-progress`: another svc process is applying it now; left alone.
   */
  action: "rolled-back" | "kept" | "finished" | "incomplete" | "in-progress";
  /** Requests the bridge undid from its transaction. */
  undoneRequests: number;
  /** Nodes svc deleted itself because the bridge no longer held the transaction. */
  deletedNodes: number;
  /** One sentence: what was found and what was done. */
  summary: string;
}

export interface RecoverOptions {
  /** Only these network roots (default: every unfinished apply against this bridge). */
  roots?: readonly string[];
  /** Keep what landed instead of undoing it. */
  keepPartial?: boolean;
  progress?: Progress;
}

export interface RecoverResult {
  reports: RecoveryReport[];
  diagnostics: Diagnostic[];
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** Asks the bridge what became of each request sent without an answer; the journal is updated. */
async function resolveUnanswered(client: BridgeClient, dir: string, journal: ApplyJournal): Promise<void> {
  let changed = false;
  for (const r of journal.requests) {
    if (r.state !== "sent") continue;
    try {
      const receipt = await client.get<{ ok: boolean }>(`/api/receipts/${encodeURIComponent(r.key)}`);
      r.state = receipt.ok ? "landed" : "refused";
      changed = true;
    } catch (err) {
      // No receipt: it never arrived, or the bridge restarted since and forgot; it stays unknown.
      if (!(err instanceof BridgeError && err.code === "receipt_not_found")) throw err;
    }
  }
  if (changed) writeJournal(dir, journal);
}

/** What landed (or may have), counted by kind, for a "kept" or "undone" sentence. */
function effects(journal: ApplyJournal): { created: string[]; deleted: number; changed: number } {
  const created: string[] = [];
  let deleted = 0;
  let changed = 0;
  for (const r of journal.requests) {
    if (r.state !== "landed" && r.state !== "sent") continue;
    created.push(...r.created);
    deleted += r.deleted.length;
    changed += r.changed.length;
  }
  return { created, deleted, changed };
}

function effectsText(e: ReturnType<typeof effects>): string {
  const parts = [
    e.created.length > 0 ? `${plural(e.created.length, "node")} created` : "",
    e.changed > 0 ? `${plural(e.changed, "node")} changed` : "",
    e.deleted > 0 ? `${plural(e.deleted, "node")} deleted` : "",
  ].filter((p) => p !== "");
  return parts.length === 0 ? "nothing" : parts.join(", ");
}

/** The top-most of `paths`: a node whose ancestor is also deleted goes with it. */
function topMost(paths: readonly string[]): string[] {
  const set = new Set(paths);
  return [...set].filter((p) => {
    for (let i = p.lastIndexOf("/"); i > 0; i = p.lastIndexOf("/", i - 1)) if (set.has(p.slice(0, i))) return false;
    return true;
  });
}

/** Deletes the nodes the apply created that are still there and were not there before. */
async function deleteCreated(client: BridgeClient, journal: ApplyJournal, live: ReadonlySet<string>): Promise<number> {
  const before = new Set(journal.before.nodes);
  const created = effects(journal).created.filter((p) => live.has(p) && !before.has(p));
  // A root the apply created goes whole.
  const doomed = !journal.before.existed && live.has(journal.root) ? [journal.root] : topMost(created);
  for (let i = 0; i < doomed.length; i += DELETES_PER_REQUEST) {
    await client.post("/api/batch", {
      operations: doomed
        .slice(i, i + DELETES_PER_REQUEST)
        .map((path) => ({ action: "delete", path, confirmation_policy: "yolo" })),
    });
  }
  return doomed.length;
}

async function recoverOne(
  client: BridgeClient,
  dir: string,
  journal: ApplyJournal,
  options: RecoverOptions,
): Promise<{ report: RecoveryReport; diagnostics: Diagnostic[] }> {
  const report: RecoveryReport = {
    root: journal.root,
    transaction: journal.transaction,
    totalRequests: journal.totalRequests,
    landed: 0,
    unknown: 0,
    action: "rolled-back",
    undoneRequests: 0,
    deletedNodes: 0,
    summary: "",
  };
  const done = (action: RecoveryReport["action"], summary: string, severity: "fine" | "error" = "fine") => {
    report.action = action;
    report.summary = summary;
    const landed = landedText(journal);
    return {
      report,
      diagnostics: [
        severity === "fine"
          ? diagnostic("apply-recovered", NO_RANGE, { root: journal.root, landed, done: summary })
          : diagnostic(
              "apply-recovery-incomplete",
              NO_RANGE,
              { root: journal.root, landed, message: summary },
              {
                help: [
                  "run 'svc plan' on the network's source to see the differences, and 'svc apply' to bring the network to it",
                ],
              },
            ),
      ],
    };
  };
  Object.assign(report, landedCounts(journal));
  if (ownerRunning(journal.owner, journal.transaction)) {
    report.action = "in-progress";
    report.summary = `svc process ${journal.owner!.pid} is applying it now; it was left alone`;
    return { report, diagnostics: [] };
  }

  options.progress?.(`finishing an unfinished apply of ${journal.root}`);
  await resolveUnanswered(client, dir, journal);
  Object.assign(report, landedCounts(journal));
  const tx = encodeURIComponent(journal.transaction);

  if (journal.phase === "committing") {
    await client.post(`/api/transactions/${tx}/commit`, undefined);
    removeJournal(dir, journal);
    return done("finished", "every request had landed; svc finished its commit, and the network is as planned");
  }
  if (journal.keepPartial || options.keepPartial === true) {
    const answer = await client.post<{ committed_requests: number }>(`/api/transactions/${tx}/commit`, undefined);
    removeJournal(dir, journal);
    const kept = effectsText(effects(journal));
    const held = answer.committed_requests > 0 ? "" : " (the bridge no longer held its undo steps)";
    return done(
      "kept",
      `kept what landed (--keep-partial${held}): ${kept}; run 'svc plan' to see what is left and 'svc apply' to finish`,
    );
  }

  options.progress?.(`rolling back the unfinished apply of ${journal.root}`);
  const rollback = await rollBackTransaction(client, journal.transaction, journal.totalRequests);
  report.undoneRequests = rollback.undone;
  const params = new Map(Object.entries(journal.before.params));
  let after = await sameAsBefore(client, journal.root, params, journal.before);
  let how =
    rollback.undone > 0
      ? `the bridge undid ${plural(rollback.undone, "request")} (${effectsText(effects(journal))})`
      : report.landed + report.unknown === 0
        ? "nothing of it had landed"
        : "the bridge no longer held its undo steps";
  if (rollback.undone === 0 && !(after.sameNetwork && after.sameRecord)) {
    report.deletedNodes = await deleteCreated(client, journal, after.nodes);
    if (report.deletedNodes > 0) {
      how += `; svc deleted ${plural(report.deletedNodes, "node")} the apply had created`;
      after = await sameAsBefore(client, journal.root, params, journal.before);
    }
  } else if (rollback.undone === 0 && report.landed + report.unknown > 0) {
    how += ", and the network no longer holds what landed (TouchDesigner reopened the project without it)";
  }
  // Undone as far as svc can: the journal goes, or every later command would try again.
  removeJournal(dir, journal);
  if (rollback.failures.length > 0)
    return done(
      "incomplete",
      `${how}, but ${plural(rollback.failures.length, "undo step")} failed: ${rollback.failures.slice(0, 3).join("; ")}`,
      "error",
    );
  if (!after.sameNetwork || !after.sameRecord) {
    const { changed, deleted } = effects(journal);
    const cannot =
      rollback.undone === 0 && changed + deleted > 0
        ? `; svc cannot put back what the apply changed in place or deleted (${plural(changed, "node")} changed, ${plural(deleted, "node")} deleted)`
        : "";
    return done(
      "incomplete",
      `${how}${cannot}; ${after.sameNetwork ? "svc's record of the last apply differs" : "the nodes, parameters or wires differ"}`,
      "error",
    );
  }
  return done("rolled-back", `${how}; the live network is verified as it was before the apply`);
}

/** An unfinished apply found by a read-only plan and left as it is, with what the next apply will do. */
export interface PendingApply {
  root: string;
  totalRequests: number;
  /** Requests the journal knows landed (the bridge is not asked about the unanswered ones). */
  landed: number;
  /** Requests sent without an answer: they may have landed. */
  unknown: number;
  /**
   * What the next apply of this network (or 'svc recover') does first: `roll-back` what landed,
   * `keep` it (the apply ran with --keep-partial), `commit` (every request had landed), or nothing
   * while `in-progress` in another svc process.
   */
  next: "roll-back" | "keep" | "commit" | "in-progress";
  /** One sentence: what the next apply or 'svc recover' will do. */
  summary: string;
}

function pendingOf(journal: ApplyJournal): PendingApply {
  const { landed, unknown } = landedCounts(journal);
  const base = { root: journal.root, totalRequests: journal.totalRequests, landed, unknown };
  if (ownerRunning(journal.owner, journal.transaction))
    return {
      ...base,
      next: "in-progress",
      summary: `svc process ${journal.owner!.pid} is applying it now; this plan shows the network part of the way`,
    };
  if (journal.phase === "committing")
    return {
      ...base,
      next: "commit",
      summary: "every request had landed; the next apply (or 'svc recover') first finishes its commit",
    };
  if (journal.keepPartial)
    return {
      ...base,
      next: "keep",
      summary:
        "it ran with --keep-partial: the next apply (or 'svc recover') first keeps what landed, and this plan is against the network as it was left",
    };
  return {
    ...base,
    next: "roll-back",
    summary:
      "the next apply (or 'svc recover') first rolls back what landed (keep it with --keep-partial), so this plan, made against the network as it was left, is not what that apply will do",
  };
}

/**
 * The unfinished applies of `roots` against this client's bridge, described and left as they are
 * (a read-only plan must change nothing): what landed, and what the next apply or 'svc recover'
 * will do about each. The bridge is not asked.
 */
export function pendingApplies(
  client: BridgeClient,
  dir: string,
  roots: readonly string[],
): { pending: PendingApply[]; diagnostics: Diagnostic[] } {
  const { journals, unreadable } = unfinishedApplies(dir, client.config.url, roots);
  const pending = journals.map(pendingOf);
  return {
    pending,
    diagnostics: [
      ...unreadable.map((u) => unreadableDiagnostic(u.file, u.problem)),
      ...journals.map((j, i) =>
        diagnostic(
          "apply-unfinished",
          NO_RANGE,
          { root: j.root, landed: landedText(j), next: pending[i]!.summary },
          { help: ["'svc recover' finishes it now; 'svc status' lists every unfinished apply against this bridge"] },
        ),
      ),
    ],
  };
}

function unreadableDiagnostic(file: string, problem: string): Diagnostic {
  return diagnostic(
    "apply-journal-unreadable",
    NO_RANGE,
    { file, problem },
    { help: ["svc leaves it alone; run 'svc plan' to see the live network"] },
  );
}

/**
 * Finds the unfinished applies against this client's bridge (of `roots`, when given) and finishes
 * each: rolled back, or kept with `keepPartial`. A bridge that cannot be reached throws its
 * BridgeError, and the journals stay for the next try.
 */
export async function recoverApplies(
  client: BridgeClient,
  dir: string,
  options: RecoverOptions = {},
): Promise<RecoverResult> {
  const { journals, unreadable } = unfinishedApplies(dir, client.config.url, options.roots);
  const out: RecoverResult = {
    reports: [],
    diagnostics: unreadable.map((u) => unreadableDiagnostic(u.file, u.problem)),
  };
  for (const journal of journals) {
    const { report, diagnostics } = await recoverOne(client, dir, journal, options);
    out.reports.push(report);
    out.diagnostics.push(...diagnostics);
  }
  return out;
}
