/**
 * Asking the artist through the bridge's interaction broker (bridge/README.md, "Interaction
 * broker"): one request, polled until it is terminal. A caller that goes away (its signal aborts)
 * cancels the request, so the artist is not left with a question nobody waits for.
 */
import type { BridgeClient } from "../engine/index.js";

type InteractionKind = "node_delete" | "file_overwrite" | "oauth_consent";

export interface InteractionStatus {
  id: string;
  kind: InteractionKind;
  target: string;
  choices: string[];
  safe_choice: string;
  state: "pending" | "terminal" | "consumed";
  choice: string | null;
  reason: string | null;
  ttl_s: number;
}

interface BrokerStatus {
  pending: number;
  limit: number;
  delivery: "messageBox" | "perform_mode" | "headless";
}

export interface AskOptions {
  kind: InteractionKind;
  target: string | Record<string, string>;
  ttlSeconds?: number;
  message?: string;
  signal?: AbortSignal;
  /** How often the status is read (default 250 ms). */
  pollMs?: number;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    }
    signal?.addEventListener("abort", done);
  });

/** True when a prompt would reach the artist now (a UI, not in Perform Mode). */
export async function artistReachable(client: BridgeClient): Promise<boolean> {
  const status = await client.get<BrokerStatus>("/api/interactions/status");
  return status.delivery === "messageBox";
}

/** The terminal status of one question to the artist: their choice, or the safe one and why. */
export async function askArtist(client: BridgeClient, options: AskOptions): Promise<InteractionStatus> {
  const ttl = options.ttlSeconds ?? 30;
  let status = await client.post<InteractionStatus>("/api/interactions", {
    kind: options.kind,
    target: options.target,
    ttl_seconds: ttl,
    ...(options.message === undefined ? {} : { message: options.message }),
  });
  // The bridge ends it at the TTL; the extra margin covers a modal box holding the bridge's frame.
  const deadline = Date.now() + (ttl + 30) * 1000;
  while (status.state === "pending") {
    if (options.signal?.aborted || Date.now() > deadline) {
      return client.post<InteractionStatus>(`/api/interactions/${status.id}/cancel`, undefined);
    }
    await sleep(options.pollMs ?? 250, options.signal);
    status = await client.get<InteractionStatus>(`/api/interactions/${status.id}`);
  }
  return status;
}
