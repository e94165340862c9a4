/**
 * The bounds of OAuth dynamic client registration and what survives a restart, from outside over
 * loopback HTTP: a refilling global bucket, per-source buckets behind a trusted proxy under their
 * own ceiling, the oldest tokenless client evicted at capacity while owners of live tokens stay,
 * tokenless clients forgotten after 7 idle days, and clients and refresh tokens kept across a
 * restart (access tokens are not).
 */
import { readFileSync } from "node:fs";
import {
  discoverAuthorizationServerMetadata,
  exchangeAuthorization,
  refreshAuthorization,
  registerClient,
  startAuthorization,
} from "@modelcontextprotocol/sdk/client/auth.js";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { OAuthSettings } from "../../runtime/mcp/auth/auth-config.js";
import type { RunningHttpServer } from "../../runtime/mcp/transports/http.js";
import {
  mcpStatus,
  proxiedFetch,
  REDIRECT_URI,
  register,
  startOAuthServer,
  startRecordedSim,
  tempStatePath,
  TestClock,
  tokensFor,
  type RecordedSim,
  type Registered,
} from "./oauth-fixture.js";

let sim: RecordedSim;
const servers: RunningHttpServer[] = [];
const DAY = 86_400_000;

beforeAll(async () => {
  sim = await startRecordedSim();
});

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

afterAll(async () => {
  await sim?.stop();
});

async function serve(
  clock: TestClock,
  settings: Partial<OAuthSettings> = {},
  statePath?: string,
): Promise<RunningHttpServer> {
  const server = await startOAuthServer({ bridge: sim.bridge, clock, settings, statePath });
  servers.push(server);
  return server;
}

async function registerRaw(
  server: RunningHttpServer,
  metadata: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  const res = await fetch(`http://127.0.0.1:${server.port}/register`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({
      client_name: "Flood",
      redirect_uris: [REDIRECT_URI],
      token_endpoint_auth_method: "none",
      ...metadata,
    }),
  });
  return {
    status: res.status,
    retryAfter: res.headers.get("retry-after"),
    body: (await res.json()) as Record<string, unknown>,
  };
}

/** 400 invalid_client once the client is forgotten; a redirect (to the consent or an error) while it is known. */
async function authorizeStatus(
  server: RunningHttpServer,
  clientId: string,
): Promise<{ status: number; error?: unknown }> {
  const url = `http://127.0.0.1:${server.port}/authorize?response_type=code&client_id=${clientId}&redirect_uri=${encodeURIComponent(REDIRECT_URI)}&scope=bad-scope&code_challenge=x&code_challenge_method=S256&resource=${encodeURIComponent(server.url)}`;
  const res = await fetch(url, { redirect: "manual" });
  return {
    status: res.status,
    error: res.status === 400 ? ((await res.json()) as { error: string }).error : undefined,
  };
}

describe("registration", () => {
  it("keeps public clients only, with https or loopback redirects", async () => {
    const server = await serve(new TestClock());
    const confidential = await registerRaw(server, {
      token_endpoint_auth_method: "client_secret_post",
      jwks: { keys: [] },
    });
    expect(confidential.status).toBe(201);
    expect(confidential.body).toMatchObject({ token_endpoint_auth_method: "none", client_name: "Flood" });
    expect(confidential.body).not.toHaveProperty("client_secret");
    expect(confidential.body).not.toHaveProperty("jwks");
    const remoteHttp = await registerRaw(server, { redirect_uris: ["http://evil.example/cb"] });
    expect([remoteHttp.status, remoteHttp.body.error]).toEqual([400, "invalid_client_metadata"]);
    expect(String(remoteHttp.body.error_description)).toMatch(/must be https, or http on localhost/);
  });

  it("a flood empties the global bucket, which refills continuously", async () => {
    const clock = new TestClock();
    const server = await serve(clock, { registrationsPerMinute: 3 });
    for (let i = 0; i < 3; i++) expect((await registerRaw(server)).status).toBe(201);
    const refused = await registerRaw(server);
    expect([refused.status, refused.body.error, refused.retryAfter]).toEqual([429, "too_many_requests", "20"]);
    clock.advance(10_000);
    expect((await registerRaw(server)).status).toBe(429); // half a unit back
    clock.advance(10_000);
    expect((await registerRaw(server)).status).toBe(201); // one unit back after 20 s, not after a whole window
    expect((await registerRaw(server)).status).toBe(429);
  });

  it("behind a trusted proxy, each source has its own bucket under a separate ceiling", async () => {
    const clock = new TestClock();
    const server = await serve(clock, {
      registrationsPerMinute: 1,
      trustedProxy: { perSourcePerMinute: 2, ceilingPerMinute: 3 },
    });
    // The proxy appends the real address last; what the client claimed before it is ignored.
    const from = (address: string) => ({ "x-forwarded-for": `10.9.9.9, ${address}` });
    expect((await registerRaw(server, {}, from("203.0.113.1"))).status).toBe(201);
    expect((await registerRaw(server, {}, from("203.0.113.1"))).status).toBe(201);
    const flooding = await registerRaw(server, {}, from("203.0.113.1"));
    expect([flooding.status, flooding.body.error_description]).toEqual([
      429,
      "too many client registrations from 203.0.113.1; retry in 30 s",
    ]);
    expect((await registerRaw(server, {}, from("203.0.113.2"))).status).toBe(201);
    // The ceiling over all proxied sources is spent; a new source waits too.
    const ceiling = await registerRaw(server, {}, from("203.0.113.3"));
    expect([ceiling.status, ceiling.retryAfter]).toEqual([429, "20"]);
    // A direct local request draws on the global bucket, untouched by the proxied flood.
    expect((await registerRaw(server)).status).toBe(201);
    expect((await registerRaw(server)).status).toBe(429);
  });

  it("at capacity evicts the tokenless client idle the longest, keeps owners of live tokens, and forgets idle tokenless clients after 7 days", async () => {
    const clock = new TestClock();
    const server = await serve(clock, { maxClients: 3 });
    const owner = await register(server, "Owner");
    const ownerTokens = await tokensFor(sim, owner);
    clock.advance(1000);
    const a = (await registerRaw(server, { client_name: "A" })).body.client_id as string;
    clock.advance(1000);
    const b = (await registerRaw(server, { client_name: "B" })).body.client_id as string;
    clock.advance(1000);
    // Full: the owner is idle the longest but holds tokens; A goes.
    const c = (await registerRaw(server, { client_name: "C" })).body.client_id as string;
    expect(await authorizeStatus(server, a)).toEqual({ status: 400, error: "invalid_client" });
    expect((await authorizeStatus(server, b)).status).toBe(302);
    clock.advance(1000);
    await registerRaw(server, { client_name: "D" });
    expect(await authorizeStatus(server, b)).toEqual({ status: 400, error: "invalid_client" });
    expect((await authorizeStatus(server, c)).status).toBe(302);

    // Eight idle days later: C and D are forgotten; the owner's refresh token (30 days) keeps it.
    clock.advance(8 * DAY);
    expect(await authorizeStatus(server, c)).toEqual({ status: 400, error: "invalid_client" });
    const refreshed = await refreshAuthorization(owner.asUrl, {
      metadata: owner.metadata,
      clientInformation: owner.clientInformation,
      refreshToken: ownerTokens.refresh_token!,
      resource: owner.resource,
    });
    expect((await mcpStatus(server, refreshed.access_token)).status).toBe(200);
  });

  it("refuses a registration when every client holds live tokens", async () => {
    const server = await serve(new TestClock(), { maxClients: 1 });
    await tokensFor(sim, await register(server, "Only"));
    const refused = await registerRaw(server);
    expect([refused.status, refused.body.error]).toEqual([400, "temporarily_unavailable"]);
    expect(String(refused.body.error_description)).toMatch(/all 1 client registrations hold live tokens/);
  });
});

describe("restart", () => {
  it("keeps registered clients and valid refresh tokens (and their reuse detection), not access tokens", async () => {
    // Served at a public URL through a reverse proxy: the resource stays the same across restarts.
    const statePath = tempStatePath();
    const clock = new TestClock();
    const publicUrl = new URL("https://td.example.test/mcp");
    let current = await serve(
      clock,
      { publicUrl, trustedProxy: { perSourcePerMinute: 2, ceilingPerMinute: 30 } },
      statePath,
    );
    const fetchFn = proxiedFetch(() => current.port);
    const asUrl = new URL("https://td.example.test/");
    const metadata = (await discoverAuthorizationServerMetadata(asUrl, { fetchFn }))!;
    expect(metadata.token_endpoint).toBe("https://td.example.test/token");
    const clientInformation = await registerClient(asUrl, {
      metadata,
      clientMetadata: { client_name: "Survivor", redirect_uris: [REDIRECT_URI], token_endpoint_auth_method: "none" },
      fetchFn,
    });
    const r: Registered = { asUrl, metadata, clientInformation, resource: publicUrl };
    sim.artist("choose:Allow");
    const { authorizationUrl, codeVerifier } = await startAuthorization(asUrl, {
      metadata,
      clientInformation,
      redirectUrl: REDIRECT_URI,
      scope: "mcp",
      resource: publicUrl,
    });
    const redirect = await (await fetchFn(authorizationUrl)).headers.get("location");
    const code = new URL(redirect!).searchParams.get("code")!;
    const issued = await exchangeAuthorization(asUrl, {
      metadata,
      clientInformation,
      authorizationCode: code,
      codeVerifier,
      redirectUri: REDIRECT_URI,
      resource: publicUrl,
      fetchFn,
    });
    const refresh = (token: string) =>
      refreshAuthorization(asUrl, { metadata, clientInformation, refreshToken: token, resource: publicUrl, fetchFn });
    const rotated = await refresh(issued.refresh_token!);
    const mcp = async (token: string) =>
      (
        await fetchFn(publicUrl, {
          method: "POST",
          headers: {
            authorization: `Bearer ${token}`,
            "content-type": "application/json",
            accept: "application/json, text/event-stream",
          },
          body: JSON.stringify({
            jsonrpc: "2.0",
            id: 1,
            method: "initialize",
            params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "probe", version: "1" } },
          }),
        })
      ).status;
    expect(await mcp(rotated.access_token)).toBe(200);

    await current.close();
    servers.splice(servers.indexOf(current), 1);
    // Only digests are on disk.
    const onDisk = readFileSync(statePath, "utf8");
    for (const token of [issued.refresh_token!, rotated.refresh_token!, rotated.access_token])
      expect(onDisk).not.toContain(token);

    current = await serve(
      clock,
      { publicUrl, trustedProxy: { perSourcePerMinute: 2, ceilingPerMinute: 30 } },
      statePath,
    );
    expect(await mcp(rotated.access_token)).toBe(401); // access tokens lived in memory
    const renewed = await refresh(rotated.refresh_token!);
    expect(await mcp(renewed.access_token)).toBe(200);
    // A refresh token rotated before the restart is still recognised as reuse, and revokes the family.
    await expect(refresh(issued.refresh_token!)).rejects.toThrow(/already used/);
    expect(await mcp(renewed.access_token)).toBe(401);
    // The client is still registered: it can be authorized again.
    expect(r.clientInformation.client_id).toBe(clientInformation.client_id);
    sim.artist("choose:Allow");
    const again = await startAuthorization(asUrl, {
      metadata,
      clientInformation,
      redirectUrl: REDIRECT_URI,
      scope: "mcp",
      resource: publicUrl,
    });
    expect(
      new URL((await fetchFn(again.authorizationUrl)).headers.get("location")!).searchParams.get("code"),
    ).toBeTruthy();
  });
});
