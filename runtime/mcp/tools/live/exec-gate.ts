/**
 * Turns the bridge's refusals of client Python into errors that say what to do. The exec routes
 * are closed unless the environment's own process has SVC_BRIDGE_ALLOW_EXEC=1; these tools never
 * try another way to run the code.
 */
import { BridgeError } from "../../../engine/index.js";
import { failure, type ToolFailure } from "../result.js";

const EXEC_CLOSED_MESSAGE =
  "the bridge's Python execution routes are closed. To open them, set SVC_BRIDGE_ALLOW_EXEC=1 in the environment of the process " +
  "that runs the bridge (TouchDesigner, or 'svc sim') and restart that process; the bridge token alone never opens them";

/** A failure for the exec gate or a raised exception; undefined for any other error (rethrow it). */
export function execFailure(err: unknown): ToolFailure | undefined {
  if (!(err instanceof BridgeError)) return undefined;
  if (err.code === "exec_disabled")
    return failure("exec_disabled", EXEC_CLOSED_MESSAGE, { details: { status: err.status ?? null } });
  if (err.code === "exec_error") {
    const traceback = err.details.traceback;
    return failure(
      "exec_error",
      `the Python code raised ${err.message}. Changes it made before that stay in the project (arbitrary Python is not rolled back; the environment's undo reverts the whole call)`,
      typeof traceback === "string" ? { details: { traceback } } : {},
    );
  }
  return undefined;
}
