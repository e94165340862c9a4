/**
 * Groups the operation list into batches for `/api/batch`: consecutive operations, at most
 * `maxOperations` per batch and about `maxBytes` of JSON, never reordered. An operation larger than
 * `maxBytes` (a long DAT text) travels alone.
 */
import type { Operation } from "./operations.js";

export interface BatchOptions {
  maxOperations?: number;
  maxBytes?: number;
}

/**
 * About 100 operations keep one request within a frame of a 60 fps project (the bridge's benchmark:
 * about 0.15 ms per operation, as much again to roll back); the bridge refuses more than 1000.
 */
const DEFAULT_BATCH: Required<BatchOptions> = { maxOperations: 100, maxBytes: 256 * 1024 };

export interface Batch {
  index: number;
  operations: Operation[];
}

/**
 * About the size of an operation's JSON without its origin (origins stay on svc's side): a fixed
 * part for the keys plus the bytes of its strings. Serialising every operation just to measure it
 * cost more than everything else in lowering.
 */
const bytes = (s: string) => Buffer.byteLength(s, "utf8");
/** Names and paths are ASCII in practice; their length is their size. */
const short = (s: string) => s.length;

function size(op: Operation): number {
  const fixed = 96 + short(op.path);
  switch (op.kind) {
    case "set-text":
      return fixed + bytes(op.text);
    case "set-param":
      return fixed + short(op.param) + (typeof op.value === "string" ? bytes(op.value) : 24);
    case "set-expression":
    case "set-bind":
      return fixed + short(op.param) + bytes(op.expression);
    case "add-custom-page":
    case "store-metadata":
      return fixed + bytes(JSON.stringify(op.kind === "add-custom-page" ? op.params : op.value) ?? "");
    case "connect":
      return fixed + short(op.to);
    case "create":
    case "set-tags":
      return fixed + bytes(op.tags.join(","));
    case "set-comment":
      return fixed + bytes(op.comment);
    default:
      return fixed;
  }
}

export function batchOperations(operations: readonly Operation[], options: BatchOptions = {}): Batch[] {
  const maxOperations = Math.max(1, options.maxOperations ?? DEFAULT_BATCH.maxOperations);
  const maxBytes = Math.max(1, options.maxBytes ?? DEFAULT_BATCH.maxBytes);
  const batches: Batch[] = [];
  let current: Operation[] = [];
  let bytes = 0;
  for (const op of operations) {
    const n = size(op);
    if (current.length > 0 && (current.length >= maxOperations || bytes + n > maxBytes)) {
      batches.push({ index: batches.length, operations: current });
      current = [];
      bytes = 0;
    }
    current.push(op);
    bytes += n;
  }
  if (current.length > 0) batches.push({ index: batches.length, operations: current });
  return batches;
}
