/**
 * Everything the HTTP transport needs for OAuth mode, loaded only when SVC_MCP_AUTH asks for it
 * (Express and the SDK's auth modules are not loaded otherwise).
 */
import type { OAuthSettings } from "./auth-config.js";
import { OAuthStore } from "./oauth-store.js";

export { brokerConsent } from "./consent.js";
export { createOAuthFront } from "./oauth-front.js";

const DAY_MS = 86_400_000;

export function openOAuthStore(settings: OAuthSettings, now?: () => number): OAuthStore {
  return new OAuthStore({
    statePath: settings.statePath,
    maxClients: settings.maxClients,
    clientIdleMs: settings.clientIdleDays * DAY_MS,
    accessTokenMs: settings.accessTokenSeconds * 1000,
    refreshTokenMs: settings.refreshTokenDays * DAY_MS,
    now,
  });
}
