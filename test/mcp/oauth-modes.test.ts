/**
 * SVC_MCP_AUTH and the OAuth variables: `auto` is the server as before, OAuth needs `oauth` or
 * `hybrid`, and every combination that cannot work stops `svc serve --http` at startup with one
 * line that says what to change.
 */
import { writeFileSync, mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, mcpConfigFromEnv } from "../../runtime/mcp/config.js";
import { startHttpServer, type RunningHttpServer } from "../../runtime/mcp/transports/http.js";
import { runSvc } from "../cli/run-cli.js";
import { startOAuthServer, tempStatePath } from "./oauth-fixture.js";

const servers: RunningHttpServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

const http = (env: Record<string, string>) => mcpConfigFromEnv({ SVC_TRANSPORT: "http", ...env });
const refusal = (env: Record<string, string>) => {
  try {
    http(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error("the configuration was accepted");
};

describe("modes", () => {
  it("auto is the default and keeps the legacy token; oauth and hybrid carry the OAuth settings", () => {
    expect(http({}).http.auth).toEqual({ mode: "auto" });
    expect(http({ SVC_MCP_TOKEN: "t" }).http).toMatchObject({ token: "t", auth: { mode: "auto" } });
    const oauth = http({ SVC_MCP_AUTH: "oauth" }).http.auth;
    expect(oauth).toMatchObject({
      mode: "oauth",
      oauth: { statePath: ".svc/mcp-oauth.json", consentSeconds: 60, clientIdleDays: 7, maxClients: 256 },
    });
    const hybrid = http({
      SVC_MCP_AUTH: "hybrid",
      SVC_MCP_TOKEN: "t",
      SVC_MCP_PUBLIC_URL: "https://td.example.test/mcp",
      SVC_MCP_OAUTH_TRUSTED_PROXY: "on",
      SVC_MCP_OAUTH_SOURCE_REGISTRATIONS_PER_MINUTE: "1",
    }).http.auth;
    expect(hybrid).toMatchObject({
      mode: "hybrid",
      oauth: { trustedProxy: { perSourcePerMinute: 1, ceilingPerMinute: 30 } },
    });
    expect(hybrid.mode === "hybrid" && hybrid.oauth.publicUrl?.href).toBe("https://td.example.test/mcp");
  });

  it("refuses every combination that cannot work, saying what to change", () => {
    expect(refusal({ SVC_MCP_AUTH: "sso" })).toBe("SVC_MCP_AUTH must be one of auto, oauth, hybrid, not 'sso'");
    expect(refusal({ SVC_MCP_AUTH: "oauth", SVC_MCP_TOKEN: "t" })).toMatch(
      /SVC_MCP_TOKEN is set but SVC_MCP_AUTH=oauth .*set SVC_MCP_AUTH=hybrid/,
    );
    expect(refusal({ SVC_MCP_AUTH: "hybrid" })).toMatch(/SVC_MCP_AUTH=hybrid .* SVC_MCP_TOKEN is not set/);
    expect(refusal({ SVC_MCP_OAUTH_STATE: "/tmp/x.json" })).toMatch(
      /^SVC_MCP_OAUTH_STATE only apply with OAuth on; set SVC_MCP_AUTH=oauth/,
    );
    expect(refusal({ SVC_MCP_AUTH: "oauth", SVC_MCP_OAUTH_PROXY_REGISTRATIONS_PER_MINUTE: "5" })).toMatch(
      /only apply with SVC_MCP_OAUTH_TRUSTED_PROXY=on/,
    );
    expect(refusal({ SVC_MCP_AUTH: "oauth", SVC_MCP_PUBLIC_URL: "http://td.example.test/mcp" })).toMatch(
      /must be https/,
    );
    expect(refusal({ SVC_MCP_AUTH: "oauth", SVC_MCP_PUBLIC_URL: "https://td.example.test/svc" })).toMatch(
      /with the path \/mcp/,
    );
    expect(refusal({ SVC_MCP_AUTH: "oauth", SVC_MCP_OAUTH_CONSENT_SECONDS: "300" })).toMatch(
      /SVC_MCP_OAUTH_CONSENT_SECONDS must be a whole number from 5 to 120/,
    );
    expect(() => mcpConfigFromEnv({ SVC_MCP_AUTH: "oauth" })).toThrow(
      /protects the HTTP transport; set SVC_TRANSPORT=http or use svc serve --http/,
    );
  });

  it("svc serve --http stops at startup with the reason and exit code 2", async () => {
    const run = await runSvc(["serve", "--http", "--port", "0"], { SVC_MCP_AUTH: "oauth", SVC_MCP_TOKEN: "t" });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/SVC_MCP_TOKEN is set but SVC_MCP_AUTH=oauth/);
    const statePath = tempStatePath();
    mkdirSync(dirname(statePath), { recursive: true });
    writeFileSync(statePath, "{ not json");
    const broken = await runSvc(["serve", "--http", "--port", "0"], {
      SVC_MCP_AUTH: "oauth",
      SVC_MCP_OAUTH_STATE: statePath,
    });
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(/the OAuth state file .* is not valid JSON; move it aside/);
  });

  it("auto serves no OAuth endpoint; oauth serves them and refuses /mcp without a token", async () => {
    const legacy = await startHttpServer({
      selection: { profile: "core", rawPython: true },
      port: 0,
      token: undefined,
      sessionIdleMs: 60_000,
      maxSessions: 4,
    });
    servers.push(legacy);
    expect((await fetch(`http://127.0.0.1:${legacy.port}/.well-known/oauth-authorization-server`)).status).toBe(404);
    const oauth = await startOAuthServer();
    servers.push(oauth);
    expect((await fetch(`http://127.0.0.1:${oauth.port}/.well-known/oauth-authorization-server`)).status).toBe(200);
    const refused = await fetch(oauth.url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(refused.status).toBe(401);
    // The loopback guards still come first: a foreign Host never reaches OAuth.
    const rebinding = await fetch(`http://127.0.0.1:${oauth.port}/.well-known/oauth-authorization-server`, {
      headers: { origin: "http://evil.example" },
    });
    expect(rebinding.status).toBe(403);
  });
});
