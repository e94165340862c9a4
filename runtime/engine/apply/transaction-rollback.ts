/**
 * Undoing a bridge transaction to the end, and checking the network is as it was before. The
 * bridge undoes as many of a transaction's requests per call as a short time budget allows (it
 * runs on TouchDesigner's main thread and must not hold a frame), and answers how many remain; a
 * call by hand undoes only part of a large apply. svc calls again until none remain.
 */
import type { BridgeClient } from "../bridge-client/index.js";
import { fingerprintState } from "../plan/fingerprint.js";
import { readLiveNetwork } from "../plan/live-state.js";
import { stateToJson } from "../plan/stored-state.js";

/** Main-thread time one rollback request may take (it undoes at least one request each time). */
const ROLLBACK_BUDGET_MS = 15;

export interface TransactionRollback {
  /** Requests the bridge undid (0 when it no longer held the transaction). */
  undone: number;
  /** Undo steps that failed, as the bridge describes them (at most 20 per call). */
  failures: string[];
  /** Rollback calls made. */
  calls: number;
}

interface RollbackAnswer {
  rolled_back_requests: number;
  remaining: number;
  failures: string[];
}

/**
 * Rolls back every request `transaction` still holds. `requests` bounds the calls: each call undoes
 * at least one request, so more calls than requests (and two to spare) means a bridge that does not.
 */
export async function rollBackTransaction(
  client: BridgeClient,
  transaction: string,
  requests: number,
  budgetMs = ROLLBACK_BUDGET_MS,
): Promise<TransactionRollback> {
  const out: TransactionRollback = { undone: 0, failures: [], calls: 0 };
  let remaining = Infinity;
  while (remaining > 0) {
    if (out.calls > requests + 2)
      throw new Error(
        `the bridge still holds ${remaining} request(s) of transaction ${transaction} after ${out.calls} rollback calls`,
      );
    out.calls++;
    const r = await client.post<RollbackAnswer>(
      `/api/transactions/${encodeURIComponent(transaction)}/rollback?time_budget_ms=${budgetMs}`,
      undefined,
    );
    out.undone += r.rolled_back_requests;
    out.failures.push(...r.failures);
    remaining = r.remaining;
  }
  return out;
}

/** Whether the network at `root` reads as it did before (its fingerprint and svc's record of the last apply). */
export async function sameAsBefore(
  client: BridgeClient,
  root: string,
  params: ReadonlyMap<string, readonly string[]>,
  before: { fingerprint: string; record: string },
): Promise<{ sameNetwork: boolean; sameRecord: boolean; nodes: ReadonlySet<string> }> {
  const after = await readLiveNetwork(client, root, params);
  return {
    sameNetwork: fingerprintState(after.state) === before.fingerprint,
    sameRecord:
      (after.lastApplied === undefined ? "" : JSON.stringify(stateToJson(after.lastApplied))) === before.record,
    nodes: new Set(after.state.nodes.keys()),
  };
}
