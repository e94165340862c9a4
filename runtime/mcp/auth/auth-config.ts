/**
 * How the HTTP transport authenticates (SVC_MCP_AUTH), read from the environment with every
 * combination that cannot work refused at startup:
 *
 * - `auto` (default): as before OAuth existed: SVC_MCP_TOKEN when set, else open on loopback.
 * - `oauth`: OAuth 2.0 access tokens only. SVC_MCP_TOKEN must be unset.
 * - `hybrid`: OAuth tokens, and the legacy SVC_MCP_TOKEN as well (which must then be set).
 */
const AUTH_MODES = ["auto", "oauth", "hybrid"] as const;
type AuthMode = (typeof AUTH_MODES)[number];

export interface OAuthSettings {
  /** SVC_MCP_OAUTH_STATE: the JSON file of clients and refresh tokens. */
  statePath: string;
  /** SVC_MCP_PUBLIC_URL: https URL of /mcp as remote clients reach it through a reverse proxy. */
  publicUrl?: URL;
  consentSeconds: number;
  accessTokenSeconds: number;
  refreshTokenDays: number;
  maxClients: number;
  clientIdleDays: number;
  registrationsPerMinute: number;
  /** Per-source buckets keyed by the X-Forwarded-For address the proxy appended; undefined when off. */
  trustedProxy?: { perSourcePerMinute: number; ceilingPerMinute: number };
}

export type AuthConfig = { mode: "auto" } | { mode: "oauth" | "hybrid"; oauth: OAuthSettings };

export const OAUTH_DEFAULTS = {
  statePath: ".svc/mcp-oauth.json",
  consentSeconds: 60,
  accessTokenSeconds: 3600,
  refreshTokenDays: 30,
  maxClients: 256,
  clientIdleDays: 7,
  registrationsPerMinute: 10,
  perSourcePerMinute: 2,
  ceilingPerMinute: 30,
} as const;

/** Every variable that only means something with OAuth on. */
const OAUTH_VARIABLES = [
  "SVC_MCP_OAUTH_STATE",
  "SVC_MCP_PUBLIC_URL",
  "SVC_MCP_OAUTH_CONSENT_SECONDS",
  "SVC_MCP_OAUTH_ACCESS_TOKEN_SECONDS",
  "SVC_MCP_OAUTH_REFRESH_TOKEN_DAYS",
  "SVC_MCP_OAUTH_MAX_CLIENTS",
  "SVC_MCP_OAUTH_CLIENT_IDLE_DAYS",
  "SVC_MCP_OAUTH_REGISTRATIONS_PER_MINUTE",
  "SVC_MCP_OAUTH_TRUSTED_PROXY",
  "SVC_MCP_OAUTH_SOURCE_REGISTRATIONS_PER_MINUTE",
  "SVC_MCP_OAUTH_PROXY_REGISTRATIONS_PER_MINUTE",
] as const;

type Fail = (message: string) => never;
type Read = (name: string, fallback: number, min: number, max: number) => number;

function publicUrl(raw: string | undefined, fail: Fail): URL | undefined {
  const text = raw?.trim();
  if (!text) return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return fail(`SVC_MCP_PUBLIC_URL must be a URL such as https://td.example.com/mcp, not '${text}'`);
  }
  if (url.protocol !== "https:") fail(`SVC_MCP_PUBLIC_URL must be https (clients send tokens to it), not '${text}'`);
  if (url.pathname !== "/mcp" || url.search || url.hash || url.username || url.password) {
    fail(
      `SVC_MCP_PUBLIC_URL is the origin the reverse proxy forwards whole, with the path /mcp and nothing else, not '${text}'`,
    );
  }
  return url;
}

/**
 * The auth settings, or a call to `fail` with a message that says what to change. `flag` and
 * `read` are the config module's readers of on/off and bounded whole numbers.
 */
export function authConfigFromEnv(
  env: NodeJS.ProcessEnv,
  context: { transport: "stdio" | "http"; token: string | undefined },
  flag: (name: string, fallback: boolean) => boolean,
  read: Read,
  fail: Fail,
): AuthConfig {
  const mode = (env.SVC_MCP_AUTH?.trim().toLowerCase() || "auto") as AuthMode;
  if (!(AUTH_MODES as readonly string[]).includes(mode))
    fail(`SVC_MCP_AUTH must be one of ${AUTH_MODES.join(", ")}, not '${env.SVC_MCP_AUTH}'`);
  const oauthSet = OAUTH_VARIABLES.filter((name) => env[name]?.trim());
  if (mode === "auto") {
    if (oauthSet.length > 0)
      fail(
        `${oauthSet.join(", ")} only apply with OAuth on; set SVC_MCP_AUTH=oauth (or hybrid to keep SVC_MCP_TOKEN too)`,
      );
    return { mode };
  }
  if (context.transport !== "http")
    fail(`SVC_MCP_AUTH=${mode} protects the HTTP transport; set SVC_TRANSPORT=http or use svc serve --http`);
  if (mode === "oauth" && context.token)
    fail(
      "SVC_MCP_TOKEN is set but SVC_MCP_AUTH=oauth accepts OAuth tokens only; unset it, or set SVC_MCP_AUTH=hybrid to accept both",
    );
  if (mode === "hybrid" && !context.token)
    fail(
      "SVC_MCP_AUTH=hybrid accepts OAuth tokens and SVC_MCP_TOKEN, but SVC_MCP_TOKEN is not set; set it, or use SVC_MCP_AUTH=oauth",
    );
  const proxied = flag("SVC_MCP_OAUTH_TRUSTED_PROXY", false);
  if (!proxied) {
    const stray = [
      "SVC_MCP_OAUTH_SOURCE_REGISTRATIONS_PER_MINUTE",
      "SVC_MCP_OAUTH_PROXY_REGISTRATIONS_PER_MINUTE",
    ].filter((n) => env[n]?.trim());
    if (stray.length > 0) fail(`${stray.join(", ")} only apply with SVC_MCP_OAUTH_TRUSTED_PROXY=on`);
  }
  const d = OAUTH_DEFAULTS;
  return {
    mode,
    oauth: {
      statePath: env.SVC_MCP_OAUTH_STATE?.trim() || d.statePath,
      publicUrl: publicUrl(env.SVC_MCP_PUBLIC_URL, fail),
      // The broker takes 5 to 120 seconds (spec 8).
      consentSeconds: read("SVC_MCP_OAUTH_CONSENT_SECONDS", d.consentSeconds, 5, 120),
      accessTokenSeconds: read("SVC_MCP_OAUTH_ACCESS_TOKEN_SECONDS", d.accessTokenSeconds, 60, 86_400),
      refreshTokenDays: read("SVC_MCP_OAUTH_REFRESH_TOKEN_DAYS", d.refreshTokenDays, 1, 365),
      maxClients: read("SVC_MCP_OAUTH_MAX_CLIENTS", d.maxClients, 1, 10_000),
      clientIdleDays: read("SVC_MCP_OAUTH_CLIENT_IDLE_DAYS", d.clientIdleDays, 1, 365),
      registrationsPerMinute: read("SVC_MCP_OAUTH_REGISTRATIONS_PER_MINUTE", d.registrationsPerMinute, 1, 1000),
      ...(proxied
        ? {
            trustedProxy: {
              perSourcePerMinute: read("SVC_MCP_OAUTH_SOURCE_REGISTRATIONS_PER_MINUTE", d.perSourcePerMinute, 1, 1000),
              ceilingPerMinute: read("SVC_MCP_OAUTH_PROXY_REGISTRATIONS_PER_MINUTE", d.ceilingPerMinute, 1, 10_000),
            },
          }
        : {}),
    },
  };
}
