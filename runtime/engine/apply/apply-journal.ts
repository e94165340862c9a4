/**
 * svc's own journal of an apply that spans several requests: which requests were sent under which
 * idempotency key, which landed, and what each created, changed or deleted, next to what the network
 * was before. It lives in svc's state folder, one file per bridge and network root, and is written
 * durably before each request, so it outlives svc's process, the bridge's process and the
 * connection between them. An apply that ends (committed, rolled back, or kept with --keep-partial)
 * removes it; one that finds it (recover.ts) finishes or undoes what it describes.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { TracedOperation } from "./plan-operations.js";
import { writeFileAtomicSync } from "../../atomic-write.js";

export const JOURNAL_FORMAT = 1;

/**
 * - `sent`: on its way, no answer yet (its receipt says whether it landed);
 * - `landed`: the bridge answered that it was applied;
 * - `refused`: the bridge answered that it failed, and rolled it back itself;
 * - `not-sent`: it never reached the bridge.
 */
type JournalRequestState = "sent" | "landed" | "refused" | "not-sent";

export interface JournalRequest {
  /** 1-based position in the apply. */
  n: number;
  /** The request's idempotency key: the bridge's receipt for it says what became of it. */
  key: string;
  state: JournalRequestState;
  operations: number;
  /** Nodes the request creates, deletes, and changes in place (parameters, wires, flags). */
  created: string[];
  deleted: string[];
  changed: string[];
}

export interface ApplyJournal {
  format: typeof JOURNAL_FORMAT;
  bridge: string;
  root: string;
  /** The bridge transaction holding the requests' undo steps until commit or rollback. */
  transaction: string;
  startedAt: string;
  /** `applying` while requests go out; `committing` once all landed (nothing to undo). */
  phase: "applying" | "committing";
  /** The svc process applying: while it runs, no other command recovers this apply. */
  owner?: { pid: number; host: string };
  /** The apply ran with --keep-partial: what landed stays, and recovery only commits it. */
  keepPartial: boolean;
  totalRequests: number;
  before: {
    /** Whether the root existed before the apply. */
    existed: boolean;
    /** fingerprintState of the network read before the apply, with `params` read. */
    fingerprint: string;
    /** The record of the last apply before this one, as JSON text (empty when there was none). */
    record: string;
    /** Node paths before the apply. */
    nodes: string[];
    /** Per node path, the parameters the read fetched even at their defaults (the source sets them). */
    params: Record<string, string[]>;
  };
  requests: JournalRequest[];
}

/** The journal's file for one bridge and network root. */
function journalFile(dir: string, bridge: string, root: string): string {
  const id = createHash("sha256").update(`${bridge}\n${root}`).digest("hex").slice(0, 32);
  return join(dir, `apply-${id}.json`);
}

/** The network before the apply, large and written once, beside the journal that is rewritten per request. */
function beforeFile(journalPath: string): string {
  return journalPath.replace(/\.json$/, ".before.json");
}

type BeforeDetails = Pick<ApplyJournal["before"], "record" | "nodes" | "params">;

/**
 * Writes the journal whole. `withBefore` writes the network before the apply too (once, when the
 * apply starts, and before the journal, so a journal on disk always has it).
 */
export function writeJournal(dir: string, journal: ApplyJournal, withBefore = false): void {
  const path = journalFile(dir, journal.bridge, journal.root);
  const { record, nodes, params, ...light } = journal.before;
  if (withBefore) writeJournalFile(beforeFile(path), JSON.stringify({ record, nodes, params } satisfies BeforeDetails));
  writeJournalFile(path, JSON.stringify({ ...journal, before: light }));
}

export function removeJournal(dir: string, journal: Pick<ApplyJournal, "bridge" | "root">): void {
  const path = journalFile(dir, journal.bridge, journal.root);
  rmSync(path, { force: true });
  rmSync(beforeFile(path), { force: true });
}

function readBefore(journalPath: string): BeforeDetails {
  const value = JSON.parse(readFileSync(beforeFile(journalPath), "utf8")) as Partial<BeforeDetails>;
  if (typeof value.record !== "string" || !Array.isArray(value.nodes) || typeof value.params !== "object")
    throw new Error("the record of the network before the apply is not complete");
  return { record: value.record, nodes: value.nodes, params: value.params ?? {} };
}

function isJournal(value: unknown): value is ApplyJournal {
  const j = value as Partial<ApplyJournal> | null;
  return (
    !!j &&
    j.format === JOURNAL_FORMAT &&
    typeof j.bridge === "string" &&
    typeof j.root === "string" &&
    typeof j.transaction === "string" &&
    Array.isArray(j.requests) &&
    typeof j.before?.fingerprint === "string"
  );
}

export interface UnreadableJournal {
  file: string;
  problem: string;
}

/** Every unfinished apply against this bridge (of these roots, when given), and files that cannot be read. */
export function unfinishedApplies(
  dir: string,
  bridge: string,
  roots?: readonly string[],
): { journals: ApplyJournal[]; unreadable: UnreadableJournal[] } {
  const journals: ApplyJournal[] = [];
  const unreadable: UnreadableJournal[] = [];
  if (!existsSync(dir)) return { journals, unreadable };
  const wanted = roots === undefined ? undefined : new Set(roots.map((r) => journalFile(dir, bridge, r)));
  for (const name of readdirSync(dir).sort()) {
    if (!/^apply-[0-9a-f]{32}\.json$/.test(name)) continue; // not the .before.json beside each
    const file = join(dir, name);
    if (wanted !== undefined && !wanted.has(file)) continue;
    let value: unknown;
    try {
      value = JSON.parse(readFileSync(file, "utf8"));
      if (!isJournal(value)) throw new Error(`not an apply journal of format ${JOURNAL_FORMAT}`);
      if (value.bridge !== bridge) continue;
      value.before = { ...value.before, ...readBefore(file) };
    } catch (err) {
      unreadable.push({ file, problem: (err as Error).message });
      continue;
    }
    journals.push(value);
  }
  return { journals, unreadable };
}

/** What one request does to which nodes, from its operations. */
export function requestEffects(
  part: readonly TracedOperation[],
): Pick<JournalRequest, "created" | "deleted" | "changed"> {
  const created: string[] = [];
  const deleted: string[] = [];
  const changed = new Set<string>();
  for (const { op, path } of part) {
    if (op.action === "create") created.push(path);
    else if (op.action === "delete") deleted.push(path);
    else changed.add(path);
  }
  const made = new Set(created);
  return { created, deleted, changed: [...changed].filter((p) => !made.has(p)) };
}

/** Requests that landed, and those whose fate only the bridge's receipt can tell. */
export function landedCounts(journal: Pick<ApplyJournal, "requests">): { landed: number; unknown: number } {
  let landed = 0;
  let unknown = 0;
  for (const r of journal.requests) {
    if (r.state === "landed") landed++;
    else if (r.state === "sent") unknown++;
  }
  return { landed, unknown };
}

/** "19 requests had landed (and 1 may have)". */
export function landedText(journal: Pick<ApplyJournal, "requests" | "totalRequests">): string {
  const { landed, unknown } = landedCounts(journal);
  const of = `${landed} of ${journal.totalRequests} request${journal.totalRequests === 1 ? "" : "s"} had landed`;
  return unknown === 0 ? of : `${of} (and ${unknown} more may have: the bridge never said)`;
}

/** The unfinished applies against this bridge, as a command that cannot reach it reports them. */
export function unfinishedAppliesOf(
  dir: string,
  bridge: string,
): { root: string; landed: number; total: number; text: string }[] {
  return unfinishedApplies(dir, bridge).journals.map((j) => ({
    root: j.root,
    landed: landedCounts(j).landed,
    total: j.totalRequests,
    text: landedText(j),
  }));
}

/** A journal file replaced whole or not at all (svc's one atomic writer), private to the user. */
function writeJournalFile(path: string, text: string): void {
  writeFileAtomicSync(path, text, { mode: 0o600, makeFolder: true, privateFolder: true });
}
