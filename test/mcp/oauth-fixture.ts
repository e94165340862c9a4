/**
 * For the OAuth tests: svc's HTTP server in OAuth mode on a loopback port, an in-memory client of
 * the MCP SDK's OAuth provider interface that follows the authorization redirect itself (no
 * browser), and a recording proxy in front of tdsim so a test can read everything the bridge
 * received.
 */
import { mkdtempSync, writeFileSync, appendFileSync } from "node:fs";
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  discoverAuthorizationServerMetadata,
  exchangeAuthorization,
  registerClient,
  startAuthorization,
  type OAuthClientProvider,
} from "@modelcontextprotocol/sdk/client/auth.js";
import type {
  AuthorizationServerMetadata,
  OAuthClientInformationFull,
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js";
import { BridgeClient, bridgeConfigFromEnv } from "../../runtime/engine/bridge-client/index.js";
import { OAUTH_DEFAULTS, type OAuthSettings } from "../../runtime/mcp/auth/auth-config.js";
import { startHttpServer, type RunningHttpServer } from "../../runtime/mcp/transports/http.js";
import { startSim, type RunningSim } from "../../runtime/sim/start-sim.js";

export const REDIRECT_URI = "http://127.0.0.1:1/callback";

interface Recorded {
  method: string;
  url: string;
  headers: string;
  body: string;
}

/** tdsim with a scripted artist, reached through a proxy that keeps every request it forwards. */
export interface RecordedSim {
  sim: RunningSim;
  bridge: BridgeClient;
  recorded: Recorded[];
  /** Steps for the artist's next message boxes (tdsim/process/artist.py): `choose:Allow`, `wait:6 choose:Allow`. */
  artist(...steps: string[]): void;
  /** Drops the steps no box used (a question withdrawn before its box was shown). */
  clearArtist(): void;
  stop(): Promise<void>;
}

export async function startRecordedSim(): Promise<RecordedSim> {
  const artistFile = join(mkdtempSync(join(tmpdir(), "svc-artist-")), "steps");
  writeFileSync(artistFile, "");
  const sim = await startSim({ port: 0, env: { ...process.env, TDSIM_ARTIST: artistFile } });
  const target = new URL(sim.url);
  const recorded: Recorded[] = [];
  const proxy: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      recorded.push({
        method: req.method ?? "",
        url: req.url ?? "",
        headers: JSON.stringify(req.headers),
        body: body.toString("utf8"),
      });
      const out = httpRequest(
        {
          host: target.hostname,
          port: target.port,
          method: req.method,
          path: req.url,
          headers: { ...req.headers, host: target.host },
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      out.on("error", () => res.destroy());
      out.end(body);
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  const bridge = new BridgeClient(bridgeConfigFromEnv({ SVC_BRIDGE_URL: proxyUrl }));
  return {
    sim,
    bridge,
    recorded,
    artist: (...steps) => appendFileSync(artistFile, steps.map((s) => s + "\n").join("")),
    clearArtist: () => writeFileSync(artistFile, ""),
    async stop() {
      await bridge.close();
      proxy.closeAllConnections();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
      await sim.stop();
    },
  };
}

/** A clock the test moves; it starts at the real time so token expiry stays in the future for the SDK's own check. */
export class TestClock {
  t = Date.now();
  now = () => this.t;
  advance(ms: number): void {
    this.t += ms;
  }
}

export interface OAuthServerSetup {
  statePath?: string;
  settings?: Partial<OAuthSettings>;
  clock?: TestClock;
  bridge?: BridgeClient;
  mode?: "oauth" | "hybrid";
  /** Receives the server's log lines. */
  log?: (line: string) => void;
  token?: string;
  maxSessions?: number;
}

export function tempStatePath(): string {
  return join(mkdtempSync(join(tmpdir(), "svc-oauth-")), "state", "mcp-oauth.json");
}

export async function startOAuthServer(setup: OAuthServerSetup = {}): Promise<RunningHttpServer> {
  const settings: OAuthSettings = {
    ...OAUTH_DEFAULTS,
    statePath: setup.statePath ?? tempStatePath(),
    consentSeconds: 30,
    ...setup.settings,
  };
  const bridge = setup.bridge;
  return startHttpServer({
    selection: { profile: "core", rawPython: true },
    port: 0,
    token: setup.token,
    sessionIdleMs: 60_000,
    maxSessions: setup.maxSessions ?? 8,
    auth: { mode: setup.mode ?? "oauth", oauth: settings },
    oauthBridge: bridge ? () => Promise.resolve(bridge) : () => Promise.reject(new Error("no bridge in this test")),
    now: setup.clock?.now,
    log: setup.log,
  });
}

/** Where /authorize sent the browser, read from its Location header. */
export interface AuthorizationRedirect {
  status: number;
  location?: URL;
  code?: string;
  error?: string;
  state?: string;
}

export async function followAuthorization(url: URL | string): Promise<AuthorizationRedirect> {
  const res = await fetch(url, { redirect: "manual" });
  const header = res.headers.get("location");
  if (!header) return { status: res.status };
  const location = new URL(header);
  const read = (name: string) => location.searchParams.get(name) ?? undefined;
  return { status: res.status, location, code: read("code"), error: read("error"), state: read("state") };
}

/**
 * The MCP SDK's OAuthClientProvider, in memory, as an MCP client app would implement it; its
 * "browser" is followAuthorization, and the code it brings back waits in `lastRedirect`.
 */
export class MemoryOAuthClient implements OAuthClientProvider {
  info?: OAuthClientInformationMixed;
  saved?: OAuthTokens;
  verifier?: string;
  lastRedirect?: AuthorizationRedirect;

  constructor(private readonly name = "Test Assistant") {}

  get redirectUrl(): string {
    return REDIRECT_URI;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.name,
      redirect_uris: [REDIRECT_URI],
      token_endpoint_auth_method: "none",
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
    };
  }

  state(): string {
    return "state-" + Math.random().toString(36).slice(2);
  }

  clientInformation() {
    return this.info;
  }

  saveClientInformation(info: OAuthClientInformationMixed): void {
    this.info = info;
  }

  tokens() {
    return this.saved;
  }

  saveTokens(tokens: OAuthTokens): void {
    this.saved = tokens;
  }

  async redirectToAuthorization(url: URL): Promise<void> {
    this.lastRedirect = await followAuthorization(url);
  }

  saveCodeVerifier(verifier: string): void {
    this.verifier = verifier;
  }

  codeVerifier(): string {
    if (!this.verifier) throw new Error("no code verifier saved");
    return this.verifier;
  }
}

/** Discovery and registration as the SDK's client does them, for the tests that drive each step. */
export async function register(server: RunningHttpServer, name = "Step Client") {
  const asUrl = new URL(`http://127.0.0.1:${server.port}/`);
  const metadata = (await discoverAuthorizationServerMetadata(asUrl)) as AuthorizationServerMetadata;
  const clientInformation = (await registerClient(asUrl, {
    metadata,
    clientMetadata: { client_name: name, redirect_uris: [REDIRECT_URI], token_endpoint_auth_method: "none" },
  })) as OAuthClientInformationFull;
  const resource = new URL(server.url);
  return { asUrl, metadata, clientInformation, resource };
}

export type Registered = Awaited<ReturnType<typeof register>>;

/** `answer` is the artist's step for the consent box; null when no box is expected. */
export async function authorizeOnce(
  sim: RecordedSim,
  r: Registered,
  answer: string | null = "choose:Allow",
  resource = r.resource,
) {
  if (answer !== null) sim.artist(answer);
  const { authorizationUrl, codeVerifier } = await startAuthorization(r.asUrl, {
    metadata: r.metadata,
    clientInformation: r.clientInformation,
    redirectUrl: REDIRECT_URI,
    scope: "mcp",
    state: "st-" + Math.random().toString(36).slice(2),
    resource,
  });
  return {
    redirect: await followAuthorization(authorizationUrl),
    codeVerifier,
    state: authorizationUrl.searchParams.get("state")!,
  };
}

export async function tokensFor(sim: RecordedSim, r: Registered): Promise<OAuthTokens> {
  const { redirect, codeVerifier } = await authorizeOnce(sim, r);
  if (!redirect.code) throw new Error(`no code: ${JSON.stringify(redirect)}`);
  return exchangeAuthorization(r.asUrl, {
    metadata: r.metadata,
    clientInformation: r.clientInformation,
    authorizationCode: redirect.code!,
    codeVerifier,
    redirectUri: REDIRECT_URI,
    resource: r.resource,
  });
}

/** Status of a tools/list-free MCP initialize with this access token. */
export async function mcpStatus(
  server: RunningHttpServer,
  token: string,
  host = `127.0.0.1:${server.port}`,
): Promise<{ status: number; auth: string | null }> {
  const res = await fetch(`http://${host}/mcp`, {
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
  });
  await res.body?.cancel();
  return { status: res.status, auth: res.headers.get("www-authenticate") };
}

/**
 * A fetch that reaches svc as a reverse proxy for `publicOrigin` would: the request goes to the
 * loopback port with the public Host kept and the client's address appended to X-Forwarded-For.
 */
export function proxiedFetch(port: () => number, clientAddress = "198.51.100.7") {
  return (input: string | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input));
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, key) => (headers[key] = value));
    let body = init?.body;
    if (body instanceof URLSearchParams) {
      headers["content-type"] ??= "application/x-www-form-urlencoded";
      body = body.toString();
    }
    return new Promise<Response>((resolve, reject) => {
      const req = httpRequest(
        {
          host: "127.0.0.1",
          port: port(),
          method: init?.method ?? "GET",
          path: url.pathname + url.search,
          headers: { ...headers, host: url.host, "x-forwarded-for": clientAddress },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => {
            const answer = new Headers();
            for (const [key, value] of Object.entries(res.headers))
              if (typeof value === "string") answer.set(key, value);
            const status = res.statusCode ?? 502;
            resolve(
              new Response(status === 204 || status === 304 ? null : Buffer.concat(chunks), {
                status,
                headers: answer,
              }),
            );
          });
        },
      );
      req.on("error", reject);
      req.end(typeof body === "string" ? body : undefined);
    });
  };
}
