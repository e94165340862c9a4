/**
 * The two bounds on what one party can make the authorization server hold, from outside over
 * loopback HTTP: at most 4 grants per client (a fifth ends the one used least recently, and the
 * state file keeps 4), and at most 256 authorization codes waiting (the next /authorize is refused
 * with temporarily_unavailable before the artist is asked, and codes are issued again once those
 * expire).
 */
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  exchangeAuthorization,
  refreshAuthorization,
  startAuthorization,
} from "@modelcontextprotocol/sdk/client/auth.js";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { OAUTH_DEFAULTS } from "../../runtime/mcp/auth/auth-config.js";
import type { AskConsent } from "../../runtime/mcp/auth/consent.js";
import { createOAuthFront } from "../../runtime/mcp/auth/oauth-front.js";
import { OAuthStore, RegistrationFullError } from "../../runtime/mcp/auth/oauth-store.js";
import type { RunningHttpServer } from "../../runtime/mcp/transports/http.js";
import {
  followAuthorization,
  mcpStatus,
  REDIRECT_URI,
  register,
  startOAuthServer,
  startRecordedSim,
  tempStatePath,
  TestClock,
  tokensFor,
  type RecordedSim,
} from "./oauth-fixture.js";

let sim: RecordedSim;
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  sim = await startRecordedSim();
});

afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

afterAll(async () => {
  await sim?.stop();
});

describe("grants per client", () => {
  it("a fifth grant ends the one used least recently; the others keep working and the state file keeps 4", async () => {
    const clock = new TestClock();
    const lines: string[] = [];
    const statePath = tempStatePath();
    const server = await startOAuthServer({ bridge: sim.bridge, clock, statePath, log: (line) => lines.push(line) });
    closers.push(() => server.close());
    const r = await register(server);
    const refresh = (token: string) =>
      refreshAuthorization(r.asUrl, {
        metadata: r.metadata,
        clientInformation: r.clientInformation,
        refreshToken: token,
        resource: r.resource,
      });
    const grants = [];
    for (let i = 0; i < 4; i++) {
      grants.push(await tokensFor(sim, r));
      clock.advance(1000);
    }
    // The first grant is in use (refreshed now); the second is the one left alone the longest.
    grants[0] = await refresh(grants[0]!.refresh_token!);
    clock.advance(1000);
    const fifth = await tokensFor(sim, r);

    expect((await mcpStatus(server, grants[1]!.access_token)).status).toBe(401);
    await expect(refresh(grants[1]!.refresh_token!)).rejects.toThrow(/not valid/);
    for (const live of [grants[0]!, grants[2]!, grants[3]!, fifth])
      expect((await mcpStatus(server, live.access_token)).status).toBe(200);
    expect(lines).toContain(
      `oauth client ${r.clientInformation.client_id}: its least recently used grant ended to make room (at most 4 at once)`,
    );
    const saved = JSON.parse(readFileSync(statePath, "utf8")) as { families: { clientId: string }[] };
    expect(saved.families.filter((f) => f.clientId === r.clientInformation.client_id)).toHaveLength(4);
    // The refreshed first grant still refreshes: it was not the one ended.
    expect((await mcpStatus(server, (await refresh(grants[0]!.refresh_token!)).access_token)).status).toBe(200);
  });
});

/**
 * The real SDK endpoints and svc's provider on a loopback port, over a store the test also holds.
 * Filling 256 codes through /authorize would take 256 consents from tdsim's artist (a frame and a
 * poll each, minutes in all), so the codes that fill the store are issued on the store directly;
 * the request at the bound, and the one after expiry, go over HTTP.
 */
async function frontOverStore(consent: AskConsent, clock: TestClock) {
  const store = new OAuthStore({
    statePath: tempStatePath(),
    maxClients: 16,
    clientIdleMs: 86_400_000,
    accessTokenMs: 3_600_000,
    refreshTokenMs: 86_400_000,
    now: clock.now,
  });
  let handle: ReturnType<typeof createOAuthFront>["handle"] = () => {};
  const http: Server = createServer((req, res) =>
    handle(req, res, () => {
      res.statusCode = 404;
      res.end();
    }),
  );
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const port = (http.address() as AddressInfo).port;
  handle = createOAuthFront({
    port,
    mcpPath: "/mcp",
    settings: { ...OAUTH_DEFAULTS, statePath: "unused" },
    store,
    consent,
    serveMcp: async (_req, res) => void res.end("{}"),
    now: clock.now,
    log: () => {},
  }).handle;
  closers.push(async () => {
    http.closeAllConnections();
    await new Promise<void>((resolve) => http.close(() => resolve()));
  });
  const r = await register({ port, url: `http://127.0.0.1:${port}/mcp` } as RunningHttpServer);
  const fill = (n: number) => {
    for (let i = 0; i < n; i++) {
      store.issueCode({
        clientId: r.clientInformation.client_id,
        scopes: ["mcp"],
        resource: r.resource.href,
        challenge: "c",
        redirectUri: REDIRECT_URI,
      });
    }
  };
  const authorize = async () => {
    const started = await startAuthorization(r.asUrl, {
      metadata: r.metadata,
      clientInformation: r.clientInformation,
      redirectUrl: REDIRECT_URI,
      scope: "mcp",
      resource: r.resource,
    });
    return { ...started, redirect: await followAuthorization(started.authorizationUrl) };
  };
  return { store, r, fill, authorize };
}

describe("authorization codes waiting", () => {
  it("at 256 the next authorization is refused before the artist is asked, and codes are issued again once they expire", async () => {
    const clock = new TestClock();
    let asked = 0;
    const { store, r, fill, authorize } = await frontOverStore(async () => {
      asked++;
      return { allowed: true, reason: "chosen" };
    }, clock);
    fill(256);
    const refused = await authorize();
    expect([refused.redirect.status, refused.redirect.error, refused.redirect.code]).toEqual([
      302,
      "temporarily_unavailable",
      undefined,
    ]);
    expect(refused.redirect.location?.searchParams.get("error_description")).toMatch(
      /too many authorization codes are waiting/,
    );
    expect(asked).toBe(0);
    // Nothing beyond the bound: the store itself refuses a 257th.
    expect(() => fill(1)).toThrow(RegistrationFullError);

    clock.advance(60_001); // every code has expired (60 s) and makes room
    const { redirect, codeVerifier } = await authorize();
    expect(asked).toBe(1);
    expect(redirect.code).toBeTruthy();
    const tokens = await exchangeAuthorization(r.asUrl, {
      metadata: r.metadata,
      clientInformation: r.clientInformation,
      authorizationCode: redirect.code!,
      codeVerifier,
      redirectUri: REDIRECT_URI,
      resource: r.resource,
    });
    expect(tokens.access_token).toMatch(/^[\w-]{43}$/);
    // The redeemed code stays counted until it expires (its reuse must still be caught): 255 more fit, not 256.
    fill(255);
    expect(() => fill(1)).toThrow(
      /256 authorization codes are waiting to be redeemed; try again when they expire \(60 s at most\)/,
    );
    expect(store.hasRoomForCode()).toBe(false);
  });

  it("filled while the artist answers, the browser hears why instead of a server error, and no code is issued", async () => {
    const clock = new TestClock();
    const { fill, authorize } = await frontOverStore(async () => {
      fill(1); // another authorization took the last place meanwhile
      return { allowed: true, reason: "chosen" };
    }, clock);
    fill(255);
    const { redirect } = await authorize();
    expect([redirect.error, redirect.code]).toEqual(["temporarily_unavailable", undefined]);
    expect(redirect.location?.searchParams.get("error_description")).toMatch(/256 authorization codes are waiting/);
  });
});
