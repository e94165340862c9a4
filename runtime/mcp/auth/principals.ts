/** Who an MCP session belongs to (http.ts binds each session to the principal that opened it). */

/** The legacy SVC_MCP_TOKEN: everyone who holds it is one principal. */
export const LEGACY_PRINCIPAL = "bearer";

/** An open loopback server (auto mode, no token). */
export const ANYONE_PRINCIPAL = "anyone";

/** An OAuth client: the one the artist allowed. */
export function oauthPrincipal(clientId: string): string {
  return `oauth:${clientId}`;
}
