/**
 * Sends a plan's operations to the bridge. A request is atomic on the bridge (a failure rolls back
 * everything that request did); a plan that fits in one request is therefore all-or-nothing. A
 * larger plan goes in chunks small enough for one frame (requests run on TouchDesigner's main
 * thread between frames), and a failure stops at the failing chunk: what earlier chunks built is
 * owned by svc, so running apply again carries on from there.
 */
import { diagnostic, NO_RANGE, type Diagnostic } from "../../diagnostics/index.js";
import { BridgeError, type BridgeClient } from "../bridge-client/index.js";
import { chunkByCost } from "./plan-operations.js";
import type { NetworkPlan } from "./plan-program.js";

/** The bridge's own cap is 1000 operations per batch. */
export const MAX_OPERATIONS_PER_REQUEST = 1000;

/**
 * Cost budget of one request (see operationCost): about one frame of bridge work at 60 fps, so a
 * large apply never holds TouchDesigner's main thread for longer than a frame (bench/apply.bench.mjs).
 */
export const DEFAULT_REQUEST_BUDGET = 60;

export interface ApplyOutcome {
  root: string;
  ok: boolean;
  requests: number;
  operations: number;
  /** Chunks that completed before a failure (0 when the first one failed: nothing changed). */
  chunksApplied: number;
  chunks: number;
  diagnostics: Diagnostic[];
}

export type Progress = (message: string) => void;

export async function applyPlan(
  client: BridgeClient,
  np: NetworkPlan,
  options: { budget?: number; progress?: Progress } = {},
): Promise<ApplyOutcome> {
  const chunks = chunkByCost(np.operations, options.budget ?? DEFAULT_REQUEST_BUDGET, MAX_OPERATIONS_PER_REQUEST);
  const outcome: ApplyOutcome = { root: np.root, ok: true, requests: 0, operations: np.operations.length, chunksApplied: 0, chunks: chunks.length, diagnostics: [] };
  let offset = 0;
  for (const [i, part] of chunks.entries()) {
    options.progress?.(`applying ${np.root}: request ${i + 1} of ${chunks.length} (${part.length} operations)`);
    try {
      outcome.requests++;
      await client.post("/api/batch", { operations: part.map((t) => t.op) });
    } catch (err) {
      if (!(err instanceof BridgeError)) throw err;
      outcome.ok = false;
      const index = typeof err.details.index === "number" ? err.details.index : undefined;
      const failed = index === undefined ? undefined : part[index];
      const cause = err.details.cause as { code?: string; message?: string } | undefined;
      const message = cause?.message ?? err.message;
      const help = [
        `the bridge rolled back this request (${err.details.rolled_back === false ? "it was refused before anything ran" : "nothing of it remains"})`,
      ];
      if (i > 0) help.push(`${i} earlier request(s) of this apply had already been applied; run apply again to finish once the problem is fixed`);
      if (failed) help.push(`operation ${offset + (index ?? 0) + 1} of ${np.operations.length}: ${failed.op.action} on ${failed.path}`);
      const origin = failed?.origin;
      outcome.diagnostics.push(
        diagnostic(
          "apply-operation-failed",
          origin?.range ?? NO_RANGE,
          { node: failed?.path ?? np.root, message: cause?.code ? `${message} (${cause.code})` : message },
          origin ? { file: origin.file, help } : { help },
        ),
      );
      return outcome;
    }
    outcome.chunksApplied++;
    offset += part.length;
  }
  return outcome;
}
