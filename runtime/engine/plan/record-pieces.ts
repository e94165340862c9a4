/**
 * svc's last-applied record, stored in bounded pieces. A large network's record is hundreds of
 * kilobytes: stored whole, it is one operation that holds TouchDesigner's main thread for a frame or
 * more. Instead its JSON text is cut into pieces of at most PIECE_CHARS, each stored under a key
 * named by its content's digest, and the record's own key holds a small head naming the pieces in
 * order. A piece already stored (same content, same key) is not written again; pieces the new head
 * no longer names are removed. Each piece is one `store` costed by its size, so the apply's
 * requests stay within their budget; the apply's transaction keeps head and pieces all-or-nothing.
 */
import { createHash } from "node:crypto";
import type { BridgeOperation } from "../../../compiler/lower/batch-json.js";
import type { StoredValue } from "./network-state-read.js";
import { stateFromJson, stateToJson, type StoredState } from "./stored-state.js";

/** Characters of record JSON per piece: 16 K costs 8 units (plan-operations operationCost). */
export const PIECE_CHARS = 16_384;

interface RecordHead {
  pieces: string[];
  appliedAt?: string;
}

/** The first 32 hex digits of the sha256 of the text's UTF-8, as the bridge digests a stored piece. */
export function pieceDigest(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex").slice(0, 32);
}

/** Cuts text into pieces of at most `size` UTF-16 units, never between the halves of a surrogate pair. */
export function cutPieces(text: string, size = PIECE_CHARS): string[] {
  const out: string[] = [];
  for (let at = 0; at < text.length;) {
    let end = Math.min(at + size, text.length);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end--;
    out.push(text.slice(at, end));
    at = end;
  }
  return out;
}

/** The store operations that write `record` under `key` of `root`, given the piece keys stored now. */
export function recordStoreOperations(
  root: string,
  key: string,
  record: StoredState,
  previous: readonly string[] = [],
): BridgeOperation[] {
  const { appliedAt, ...rest } = stateToJson(record) as { appliedAt?: string };
  const texts = cutPieces(JSON.stringify(rest));
  const keys = texts.map((t) => `${key}.${pieceDigest(t)}`);
  const stored = new Set(previous);
  const ops: BridgeOperation[] = [];
  texts.forEach((text, i) => {
    if (!stored.has(keys[i]!)) ops.push({ action: "store", path: root, key: keys[i]!, value: text });
  });
  const head: RecordHead = { pieces: keys, ...(appliedAt === undefined ? {} : { appliedAt }) };
  ops.push({ action: "store", path: root, key, value: head });
  return [
    ...ops,
    ...recordRemoveOperations(
      root,
      previous.filter((k) => !keys.includes(k)),
    ),
  ];
}

/** Removes the pieces named (a record's own key is removed with a `store` of null). */
export function recordRemoveOperations(root: string, pieceKeys: readonly string[]): BridgeOperation[] {
  return [...new Set(pieceKeys)].map((k) => ({ action: "store", path: root, key: k, value: null }));
}

/**
 * A record whose head names pieces that are not all there (one removed, or changed by hand): its
 * pieces cannot be joined, so svc does not know what it applied last. The plan says so (code
 * `record-damaged`) and the next apply writes the record again whole, keeping the intact pieces and
 * removing the corrupt ones.
 */
export interface RecordDamage {
  /** Piece keys the head names that are not in storage. */
  missing: string[];
  /** Piece keys present whose text no longer has the digest its key names. */
  corrupt: string[];
  /** Piece keys present and as written. */
  intact: string[];
  /** What else is wrong with the pieces joined (their JSON does not parse, or is not a record). */
  unreadable?: string;
}

export interface RecordRead {
  record: StoredState | undefined;
  damage?: RecordDamage;
}

/** The digest a piece key names (its text's, when it was written), or undefined for another key. */
function keyDigest(key: string): string | undefined {
  const m = /\.([0-9a-f]{32})$/.exec(key);
  return m === null ? undefined : m[1];
}

/**
 * A record as read back: a head whose pieces are all present (joined and parsed), or a record
 * stored whole by an earlier svc. A head whose pieces are missing, changed or unreadable is
 * reported as damage rather than silently taken for no record.
 */
export function readRecord(stored: StoredValue | undefined): RecordRead {
  if (stored === undefined || !stored.present) return { record: undefined };
  const head = stored.value as Partial<RecordHead> | null;
  if (head === null || typeof head !== "object" || !Array.isArray(head.pieces))
    return { record: stateFromJson(stored.value) };
  const pieces = stored.pieces ?? [];
  const listed = new Map(pieces.map((p) => [p.key, p] as const));
  const missing: string[] = [];
  const corrupt: string[] = [];
  const intact: string[] = [];
  for (const key of head.pieces) {
    const p = typeof key === "string" ? listed.get(key) : undefined;
    if (p === undefined || !p.present || typeof p.text !== "string") missing.push(String(key));
    else if (keyDigest(key as string) !== pieceDigest(p.text)) corrupt.push(p.key);
    else intact.push(p.key);
  }
  const damage = { missing, corrupt, intact };
  if (missing.length > 0 || corrupt.length > 0) return { record: undefined, damage };
  let value: unknown;
  try {
    value = JSON.parse(pieces.map((p) => p.text).join(""));
  } catch (err) {
    return {
      record: undefined,
      damage: { ...damage, unreadable: `the joined pieces are not JSON (${(err as Error).message})` },
    };
  }
  const record = stateFromJson(
    typeof head.appliedAt === "string" ? { ...(value as object), appliedAt: head.appliedAt } : value,
  );
  if (record === undefined)
    return { record: undefined, damage: { ...damage, unreadable: "the joined pieces are not an svc record" } };
  record.pieceKeys = pieces.map((p) => p.key);
  return { record };
}

/** The record alone (undefined when there is none or it is damaged). */
export function storedRecord(stored: StoredValue | undefined): StoredState | undefined {
  return readRecord(stored).record;
}

/**
 * Writes `record` again over a damaged one: intact pieces are kept (and removed when the new record
 * does not name them), every other piece the new record names is written, and corrupt pieces it
 * does not name are removed.
 */
export function recordRepairOperations(
  root: string,
  key: string,
  record: StoredState,
  damage: RecordDamage,
): BridgeOperation[] {
  const ops = recordStoreOperations(root, key, record, damage.intact);
  const head = ops.find((o) => o.key === key)?.value as RecordHead;
  const named = new Set(head.pieces);
  return [
    ...ops,
    ...recordRemoveOperations(
      root,
      damage.corrupt.filter((k) => !named.has(k)),
    ),
  ];
}
