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
import type { OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";
import { BridgeClient, bridgeConfigFromEnv } from "../../runtime/bridge-client/index.js";
import { OAUTH_DEFAULTS, type OAuthSettings } from "../../runtime/mcp/auth/auth-config.js";
import { startHttpServer, type RunningHttpServer } from "../../runtime/mcp/transports/http.js";
import { startSim, type RunningSim } from "../../runtime/sim/start-sim.js";

export const REDIRECT_URI = "http://127.0.0.1:1/callback";

export interface Recorded {
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
  /** Steps for the artist's next message boxes (tdsim/artist.py): `choose:Allow`, `wait:6 choose:Allow`. */
  artist(...steps: string[]): void;
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
      recorded.push({ method: req.method ?? "", url: req.url ?? "", headers: JSON.stringify(req.headers), body: body.toString("utf8") });
      const out = httpRequest(
        { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host } },
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
    return { client_name: this.name, redirect_uris: [REDIRECT_URI], token_endpoint_auth_method: "none", grant_types: ["authorization_code", "refresh_token"], response_types: ["code"] };
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
