/**
 * The one bridge client of the server process, created on the first tool or resource that needs
 * the live environment, so that listing tools never loads the bridge client.
 */
import type { BridgeClient, BridgeError } from "../engine/index.js";

let shared: Promise<BridgeClient> | undefined;

/** By name, so that a server's start does not load the engine for its error class. */
export function isBridgeError(err: unknown): err is BridgeError {
  return err instanceof Error && err.name === "BridgeError";
}

/** The process-wide client, configured from SVC_BRIDGE_URL and SVC_BRIDGE_TOKEN. */
export function bridgeClient(): Promise<BridgeClient> {
  shared ??= import("../engine/index.js").then((m) => new m.BridgeClient(m.bridgeConfigFromEnv()));
  return shared;
}

/** Closes the client if one was made (server shutdown). */
export async function closeBridgeClient(): Promise<void> {
  const pending = shared;
  shared = undefined;
  if (pending) await (await pending).close();
}
