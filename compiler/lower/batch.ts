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

export const DEFAULT_BATCH: Required<BatchOptions> = { maxOperations: 200, maxBytes: 256 * 1024 };

export interface Batch {
  index: number;
  operations: Operation[];
}

/** Size of an operation's JSON without its origin (origins stay on svc's side). */
function size(op: Operation): number {
  const { origin: _origin, ...rest } = op;
  void _origin;
  return Buffer.byteLength(JSON.stringify(rest), "utf8");
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
