/**
 * The process's one connection to the bridge's event stream, made when a transport starts with
 * SVC_EVENTS on; every MCP server of the process (one for stdio, one per HTTP session) listens to it.
 */
import type { EventsConfig } from "./config.js";
import type { EventForwarding } from "./event-forwarding.js";
import type { BridgeEventStream } from "../engine/index.js";

let stream: BridgeEventStream | undefined;

export async function startSharedEvents(
  config: EventsConfig,
  env: NodeJS.ProcessEnv = process.env,
): Promise<EventForwarding | undefined> {
  if (!config.enabled) return undefined;
  if (!stream) {
    const { BridgeEventStream, bridgeConfigFromEnv } = await import("../engine/index.js");
    const bridge = bridgeConfigFromEnv(env);
    stream = new BridgeEventStream({ url: bridge.url, token: bridge.token, highFrequency: config.highFrequency });
    stream.start();
  }
  return { source: stream, highFrequency: new Set(config.highFrequency) };
}

/** The running stream, for tools that wait on events (watch_node); undefined when SVC_EVENTS is off. */
export function sharedEventStream(): BridgeEventStream | undefined {
  return stream;
}

export function stopSharedEvents(): void {
  stream?.stop();
  stream = undefined;
}
