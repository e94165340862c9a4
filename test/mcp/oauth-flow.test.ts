/**
 * OAuth on the Streamable HTTP transport, from outside over loopback HTTP, with the MCP SDK's
 * client OAuth support as the client and tdsim's scripted artist answering the consent box: the
 * whole flow with PKCE, what is refused (wrong verifier, a code or a rotated refresh token used
 * twice, an expired token, the wrong resource, Deny, no answer in time), sessions bound to their
 * principal, and that nothing secret ever reaches the bridge.
 */
import { request as httpRequest } from "node:http";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import {
  auth,
  discoverAuthorizationServerMetadata,
  discoverOAuthProtectedResourceMetadata,
  exchangeAuthorization,
  refreshAuthorization,
  startAuthorization,
  UnauthorizedError,
} from "@modelcontextprotocol/sdk/client/auth.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { RunningHttpServer } from "../../runtime/mcp/transports/http.js";
import {
  authorizeOnce as authorizeWith,
  followAuthorization,
  mcpStatus,
  MemoryOAuthClient,
  REDIRECT_URI,
  register,
  startOAuthServer,
  startRecordedSim,
  TestClock,
  tokensFor as tokensWith,
  type RecordedSim,
  type Registered,
} from "./oauth-fixture.js";

let sim: RecordedSim;
const servers: RunningHttpServer[] = [];
const clients: Client[] = [];

beforeAll(async () => {
  sim = await startRecordedSim();
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close().catch(() => {})));
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

afterAll(async () => {
  await sim?.stop();
});

async function serve(clock = new TestClock(), settings = {}): Promise<RunningHttpServer> {
  const server = await startOAuthServer({ bridge: sim.bridge, clock, settings });
  servers.push(server);
  return server;
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 600 && !check(); i++) await new Promise((r) => setTimeout(r, 50));
  expect(check()).toBe(true);
}

const authorizeOnce = (r: Registered, answer?: string | null, resource?: URL) =>
  authorizeWith(sim, r, answer, resource);
const tokensFor = (r: Registered) => tokensWith(sim, r);

async function connectWithOAuth(
  server: RunningHttpServer,
  provider: MemoryOAuthClient,
): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const url = new URL(server.url);
  const first = new StreamableHTTPClientTransport(url, { authProvider: provider });
  await expect(new Client({ name: "assistant", version: "1" }).connect(first)).rejects.toBeInstanceOf(
    UnauthorizedError,
  );
  expect(provider.lastRedirect?.code, JSON.stringify(provider.lastRedirect)).toBeTruthy();
  await first.finishAuth(provider.lastRedirect!.code!);
  const transport = new StreamableHTTPClientTransport(url, { authProvider: provider });
  const client = new Client({ name: "assistant", version: "1" });
  await client.connect(transport);
  clients.push(client);
  return { client, transport };
}

describe("discovery", () => {
  it("serves path-specific protected-resource metadata and AS metadata per origin, and a 401 that points at them", async () => {
    const server = await serve();
    for (const origin of [`http://127.0.0.1:${server.port}`, `http://localhost:${server.port}`]) {
      const prm = await discoverOAuthProtectedResourceMetadata(new URL(`${origin}/mcp`));
      expect(prm.resource).toBe(`${origin}/mcp`);
      expect(prm.authorization_servers).toEqual([`${origin}/`]);
      expect(prm.scopes_supported).toEqual(["mcp"]);
      const as = await discoverAuthorizationServerMetadata(new URL(`${origin}/`));
      expect(as?.code_challenge_methods_supported).toEqual(["S256"]);
      expect(as?.registration_endpoint).toBe(`${origin}/register`);
    }
    // The protected-resource document is at the resource's own path only.
    expect((await fetch(`http://127.0.0.1:${server.port}/.well-known/oauth-protected-resource`)).status).toBe(404);
    const refused = await mcpStatus(server, "not-a-token");
    expect(refused.status).toBe(401);
    expect(refused.auth).toContain(
      `resource_metadata="http://127.0.0.1:${server.port}/.well-known/oauth-protected-resource/mcp"`,
    );
  });
});

describe("the authorization code flow", () => {
  it("connects an MCP client end to end with PKCE after the artist allows it, and the bridge sees no secret", async () => {
    const server = await serve();
    const start = sim.recorded.length;
    sim.artist("choose:Allow");
    const provider = new MemoryOAuthClient("Inspector");
    const { client } = await connectWithOAuth(server, provider);
    const tools = await client.listTools();
    expect(tools.tools.map((t) => t.name)).toContain("search_operators");

    // The artist was asked, with the client's name and redirect address only.
    const asked = sim.recorded.slice(start).filter((r) => r.method === "POST" && r.url === "/api/interactions");
    expect(asked).toHaveLength(1);
    expect(JSON.parse(asked[0]!.body)).toMatchObject({
      kind: "oauth_consent",
      target: { client_name: "Inspector", redirect_uri: REDIRECT_URI },
    });
    expect(sim.recorded.slice(start).some((r) => /^\/api\/oauth\/consents\/[^/]+\/consume$/.test(r.url))).toBe(true);
    // Codes, the verifier, state and tokens never reached the bridge, in any URL, header or body.
    const secrets = [
      provider.lastRedirect!.code!,
      provider.verifier!,
      provider.lastRedirect!.state!,
      provider.saved!.access_token,
      provider.saved!.refresh_token!,
    ];
    const seen = sim.recorded
      .slice(start)
      .map((r) => `${r.url}\n${r.headers}\n${r.body}`)
      .join("\n");
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(8);
      expect(seen).not.toContain(secret);
    }
  });

  it("refuses an authorization without PKCE S256 before asking anyone", async () => {
    const server = await serve();
    const r = await register(server);
    const start = sim.recorded.length;
    const base = `http://127.0.0.1:${server.port}/authorize?response_type=code&client_id=${r.clientInformation.client_id}&redirect_uri=${encodeURIComponent(REDIRECT_URI)}&state=s1&resource=${encodeURIComponent(server.url)}`;
    for (const extra of ["", "&code_challenge=abc&code_challenge_method=plain"]) {
      const redirect = await followAuthorization(base + extra);
      expect([redirect.status, redirect.error, redirect.code]).toEqual([302, "invalid_request", undefined]);
    }
    expect(sim.recorded.slice(start).filter((x) => x.url === "/api/interactions")).toHaveLength(0);
  });

  it("refuses a code with the wrong verifier, and a code used twice revokes what it gave", async () => {
    const server = await serve();
    const r = await register(server);
    const { redirect, codeVerifier } = await authorizeOnce(r);
    const exchange = (verifier: string) =>
      exchangeAuthorization(r.asUrl, {
        metadata: r.metadata,
        clientInformation: r.clientInformation,
        authorizationCode: redirect.code!,
        codeVerifier: verifier,
        redirectUri: REDIRECT_URI,
        resource: r.resource,
      });
    await expect(exchange(codeVerifier.replace(/.$/, (c) => (c === "a" ? "b" : "a")))).rejects.toThrow(
      /code_verifier does not match/,
    );
    const tokens = await exchange(codeVerifier);
    expect((await mcpStatus(server, tokens.access_token)).status).toBe(200);
    await expect(exchange(codeVerifier)).rejects.toThrow(/already used/);
    expect((await mcpStatus(server, tokens.access_token)).status).toBe(401);
    await expect(
      refreshAuthorization(r.asUrl, {
        metadata: r.metadata,
        clientInformation: r.clientInformation,
        refreshToken: tokens.refresh_token!,
        resource: r.resource,
      }),
    ).rejects.toThrow(/not valid/);
  });

  it("rotates refresh tokens, and a rotated one presented again revokes the whole family", async () => {
    const server = await serve();
    const r = await register(server);
    const first = await tokensFor(r);
    const refresh = (token: string) =>
      refreshAuthorization(r.asUrl, {
        metadata: r.metadata,
        clientInformation: r.clientInformation,
        refreshToken: token,
        resource: r.resource,
      });
    const second = await refresh(first.refresh_token!);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await mcpStatus(server, first.access_token)).status).toBe(401); // replaced by the refresh
    expect((await mcpStatus(server, second.access_token)).status).toBe(200);
    await expect(refresh(first.refresh_token!)).rejects.toThrow(/already used/);
    // The family is gone: the newest tokens stop working too.
    expect((await mcpStatus(server, second.access_token)).status).toBe(401);
    await expect(refresh(second.refresh_token!)).rejects.toThrow(/not valid/);
  });

  it("refuses an expired access token until the client refreshes", async () => {
    const clock = new TestClock();
    const server = await serve(clock, { accessTokenSeconds: 60 });
    const r = await register(server);
    const tokens = await tokensFor(r);
    expect(tokens.expires_in).toBe(60);
    clock.advance(61_000);
    const expired = await mcpStatus(server, tokens.access_token);
    expect(expired.status).toBe(401);
    expect(expired.auth).toContain("has expired");
    const fresh = await refreshAuthorization(r.asUrl, {
      metadata: r.metadata,
      clientInformation: r.clientInformation,
      refreshToken: tokens.refresh_token!,
      resource: r.resource,
    });
    expect((await mcpStatus(server, fresh.access_token)).status).toBe(200);
  });

  it("binds tokens to the scope granted: more is refused at /authorize and at refresh", async () => {
    const server = await serve();
    const r = await register(server);
    const start = sim.recorded.length;
    const { authorizationUrl } = await startAuthorization(r.asUrl, {
      metadata: r.metadata,
      clientInformation: r.clientInformation,
      redirectUrl: REDIRECT_URI,
      scope: "mcp admin",
      resource: r.resource,
    });
    const asked = await followAuthorization(authorizationUrl);
    expect([asked.error, asked.code]).toEqual(["invalid_scope", undefined]);
    expect(sim.recorded.slice(start).filter((x) => x.url === "/api/interactions")).toHaveLength(0);
    const tokens = await tokensFor(r);
    expect(tokens.scope).toBe("mcp");
    const more = await fetch(`http://127.0.0.1:${server.port}/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "refresh_token",
        refresh_token: tokens.refresh_token!,
        client_id: r.clientInformation.client_id,
        scope: "mcp admin",
      }),
    });
    expect([more.status, ((await more.json()) as { error: string }).error]).toEqual([400, "invalid_scope"]);
    // Refused before rotation: the refresh token still works.
    const fresh = await refreshAuthorization(r.asUrl, {
      metadata: r.metadata,
      clientInformation: r.clientInformation,
      refreshToken: tokens.refresh_token!,
      resource: r.resource,
    });
    expect((await mcpStatus(server, fresh.access_token)).status).toBe(200);
  });

  it("revokes a grant at /revoke", async () => {
    const server = await serve();
    const r = await register(server);
    const tokens = await tokensFor(r);
    const revoked = await fetch(`http://127.0.0.1:${server.port}/revoke`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token: tokens.refresh_token!, client_id: r.clientInformation.client_id }),
    });
    expect(revoked.status).toBe(200);
    expect((await mcpStatus(server, tokens.access_token)).status).toBe(401);
  });

  it("binds codes and tokens to the exact resource", async () => {
    const server = await serve();
    const r = await register(server);
    // A resource this server does not serve: refused before the artist is asked.
    const start = sim.recorded.length;
    const other = await authorizeOnce(r, null, new URL(`http://127.0.0.1:${server.port}/other`));
    expect(other.redirect.error).toBe("invalid_target");
    expect(sim.recorded.slice(start).filter((x) => x.url === "/api/interactions")).toHaveLength(0);
    // A code for one resource cannot be exchanged for another.
    const { redirect, codeVerifier } = await authorizeOnce(r);
    const localhost = new URL(`http://localhost:${server.port}/mcp`);
    await expect(
      exchangeAuthorization(r.asUrl, {
        metadata: r.metadata,
        clientInformation: r.clientInformation,
        authorizationCode: redirect.code!,
        codeVerifier,
        redirectUri: REDIRECT_URI,
        resource: localhost,
      }),
    ).rejects.toThrow(/issued for resource/);
    // A token for http://127.0.0.1:<port>/mcp is refused at http://localhost:<port>/mcp.
    const tokens = await tokensFor(r);
    expect((await mcpStatus(server, tokens.access_token)).status).toBe(200);
    const elsewhere = await mcpStatus(server, tokens.access_token, `localhost:${server.port}`);
    expect(elsewhere.status).toBe(401);
    expect(elsewhere.auth).toContain("not issued for this resource");
  });
});

describe("consent", () => {
  it("Deny sends the browser back with access_denied and no code", async () => {
    const server = await serve();
    const r = await register(server);
    const { redirect, state } = await authorizeOnce(r, "choose:Deny");
    expect([redirect.status, redirect.error, redirect.code, redirect.state]).toEqual([
      302,
      "access_denied",
      undefined,
      state,
    ]);
    expect(redirect.location?.searchParams.get("error_description")).toMatch(
      /did not allow this client \(the artist chose Deny\)/,
    );
  });

  it("no answer within the consent time is Deny", async () => {
    // 5 s is the broker's shortest TTL (it refuses less). The box is shown after the question is
    // created and the artist holds it 5.2 s, both on the bridge's monotonic clock, so the answer
    // comes after the expiry however loaded the machine is.
    const server = await serve(new TestClock(), { consentSeconds: 5 });
    const r = await register(server);
    const { redirect } = await authorizeOnce(r, "wait:5.2 choose:Allow");
    expect([redirect.error, redirect.code]).toEqual(["access_denied", undefined]);
    expect(redirect.location?.searchParams.get("error_description")).toMatch(/timeout/);
  });

  it("a browser that gives up gets no code, whatever the artist answers", async () => {
    const lines: string[] = [];
    const server = await startOAuthServer({ bridge: sim.bridge, log: (line) => lines.push(line) });
    servers.push(server);
    const r = await register(server);
    sim.artist("wait:1 choose:Allow"); // a slow artist
    const { authorizationUrl } = await startAuthorization(r.asUrl, {
      metadata: r.metadata,
      clientInformation: r.clientInformation,
      redirectUrl: REDIRECT_URI,
      scope: "mcp",
      resource: r.resource,
    });
    const start = sim.recorded.length;
    // The browser's connection, closed outright while the question is open.
    const browser = httpRequest(authorizationUrl);
    browser.on("error", () => {});
    browser.end();
    await until(() => sim.recorded.slice(start).some((x) => x.url === "/api/interactions"));
    browser.destroy();
    await until(() => lines.some((line) => /^oauth client \S+ (allowed|denied) /.test(line)));
    // The question was withdrawn (cancel) or, if the artist had already answered, the answer was not used.
    const after = sim.recorded.slice(start).map((x) => x.url);
    expect(
      after.some(
        (url) => /^\/api\/interactions\/[^/]+\/(cancel|$)/.test(url) || url.startsWith("/api/oauth/consents/"),
      ),
      after.join(" "),
    ).toBe(true);
    expect(lines).toContain(
      `oauth client ${r.clientInformation.client_id} denied (the browser left before the answer)`,
    );
    sim.clearArtist(); // the question may have been withdrawn before its box was shown
  });

  it("no bridge to ask is Deny", async () => {
    const server = await startOAuthServer({});
    servers.push(server);
    const r = await register(server);
    const { redirect } = await authorizeOnce(r, null);
    expect(redirect.error).toBe("access_denied");
    expect(redirect.location?.searchParams.get("error_description")).toMatch(/could not be asked/);
  });
});

/** Status of a tools/list in an existing session with this bearer token. */
async function listInSession(server: RunningHttpServer, token: string, sessionId: string): Promise<number> {
  const res = await fetch(server.url, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      "mcp-session-id": sessionId,
      "mcp-protocol-version": "2025-06-18",
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 9, method: "tools/list" }),
  });
  await res.body?.cancel();
  return res.status;
}

describe("sessions", () => {
  it("an Inspector-style session belongs to its client: another client's token cannot use it", async () => {
    const server = await serve();
    sim.artist("choose:Allow");
    const owner = new MemoryOAuthClient("Owner");
    const { client, transport } = await connectWithOAuth(server, owner);
    sim.artist("choose:Allow");
    const intruder = new MemoryOAuthClient("Intruder");
    expect(await auth(intruder, { serverUrl: new URL(server.url) })).toBe("REDIRECT");
    expect(
      await auth(intruder, { serverUrl: new URL(server.url), authorizationCode: intruder.lastRedirect!.code! }),
    ).toBe("AUTHORIZED");
    expect(await listInSession(server, intruder.saved!.access_token, transport.sessionId!)).toBe(404);
    // The owner's session is untouched.
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
  });

  it("hybrid takes the legacy token and OAuth tokens, and neither may use the other's session", async () => {
    const server = await startOAuthServer({ bridge: sim.bridge, mode: "hybrid", token: "legacy-token-0123456789" });
    servers.push(server);
    const legacyTransport = new StreamableHTTPClientTransport(new URL(server.url), {
      requestInit: { headers: { authorization: "Bearer legacy-token-0123456789" } },
    });
    const legacy = new Client({ name: "legacy", version: "1" });
    await legacy.connect(legacyTransport);
    clients.push(legacy);
    expect((await legacy.listTools()).tools.length).toBeGreaterThan(0);
    const tokens = await tokensFor(await register(server));
    expect((await mcpStatus(server, tokens.access_token)).status).toBe(200);
    expect(await listInSession(server, tokens.access_token, legacyTransport.sessionId!)).toBe(404);
    const wrong = await mcpStatus(server, "legacy-token-0123456788");
    expect(wrong.status).toBe(401);
    expect(wrong.auth).toContain("resource_metadata=");
  });
});
