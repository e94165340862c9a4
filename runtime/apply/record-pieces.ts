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
import type { BridgeOperation } from "../../compiler/lower/batch-json.js";
import type { StoredValue } from "./network-state-read.js";
import { stateFromJson, stateToJson, type StoredState } from "./stored-state.js";

/** Characters of record JSON per piece: 16 K costs 8 units (plan-operations operationCost). */
export const PIECE_CHARS = 16_384;

export interface RecordHead {
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
  for (let at = 0; at < text.length; ) {
    let end = Math.min(at + size, text.length);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end--;
    out.push(text.slice(at, end));
    at = end;
  }
  return out;
}

/** The store operations that write `record` under `key` of `root`, given the piece keys stored now. */
export function recordStoreOperations(root: string, key: string, record: StoredState, previous: readonly string[] = []): BridgeOperation[] {
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
  return [...ops, ...recordRemoveOperations(root, previous.filter((k) => !keys.includes(k)))];
}

/** Removes the pieces named (a record's own key is removed with a `store` of null). */
export function recordRemoveOperations(root: string, pieceKeys: readonly string[]): BridgeOperation[] {
  return [...new Set(pieceKeys)].map((k) => ({ action: "store", path: root, key: k, value: null }));
}

/**
 * A record as read back: a head whose pieces are all present (joined and parsed), or a record
 * stored whole by an earlier svc. Anything unreadable counts as no record.
 */
export function storedRecord(stored: StoredValue | undefined): StoredState | undefined {
  if (stored === undefined || !stored.present) return undefined;
  const head = stored.value as Partial<RecordHead> | null;
  if (head === null || typeof head !== "object" || !Array.isArray(head.pieces)) return stateFromJson(stored.value);
  const pieces = stored.pieces ?? [];
  if (pieces.length !== head.pieces.length || pieces.some((p) => !p.present || typeof p.text !== "string")) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(pieces.map((p) => p.text).join(""));
  } catch {
    return undefined;
  }
  const record = stateFromJson(typeof head.appliedAt === "string" ? { ...(value as object), appliedAt: head.appliedAt } : value);
  if (record !== undefined) record.pieceKeys = pieces.map((p) => p.key);
  return record;
}
