/**
 * The artist's consent to a new OAuth client, asked through the bridge's interaction broker
 * (spec 2.4, 3.2): an Allow/Deny box in TouchDesigner. The bridge sees only what the box shows
 * (the client's name and redirect address) and gives back one decision, consumed once. Codes,
 * verifiers, state and tokens stay in this process. Every failure is Deny: no bridge, a bridge
 * error, the box closed or timed out, the browser gone, a decision that cannot be consumed.
 */
import type { BridgeClient } from "../../engine/index.js";
import { askArtist } from "../../broker/ask-artist.js";

interface ConsentRequest {
  clientName: string;
  redirectUri: string;
  /** What is being granted, shown under the question. */
  scopes: string[];
  resource: string;
  /** Aborts when the browser waiting for the answer goes away. */
  signal: AbortSignal;
}

interface ConsentAnswer {
  allowed: boolean;
  /** Why: "chosen", or the broker's safe-choice reason, or what failed. */
  reason: string;
}

export type AskConsent = (request: ConsentRequest) => Promise<ConsentAnswer>;

export function brokerConsent(bridge: () => Promise<BridgeClient>, ttlSeconds: number): AskConsent {
  return async (request) => {
    const target = { client_name: request.clientName, redirect_uri: request.redirectUri };
    try {
      const client = await bridge();
      const status = await askArtist(client, {
        kind: "oauth_consent",
        target,
        ttlSeconds,
        message: `It asks for svc's MCP tools (${request.scopes.join(" ")}) at ${request.resource}.`,
        signal: request.signal,
      });
      if (status.choice !== "Allow")
        return {
          allowed: false,
          reason: status.reason === "chosen" ? `the artist chose ${status.choice}` : (status.reason ?? "no decision"),
        };
      // The decision counts only once consumed: the bridge checks it is the same client and address.
      const consumed = await client.post<{ allowed: boolean }>(
        `/api/oauth/consents/${encodeURIComponent(status.id)}/consume`,
        { target },
      );
      return consumed.allowed === true
        ? { allowed: true, reason: "chosen" }
        : { allowed: false, reason: "not consumed as Allow" };
    } catch (err) {
      return {
        allowed: false,
        reason: `the artist could not be asked: ${err instanceof Error ? err.message : String(err)}`,
      };
    }
  };
}
