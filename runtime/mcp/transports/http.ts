/**
 * MCP over Streamable HTTP at `/mcp` (POST, GET, DELETE) with stateful sessions, on 127.0.0.1
 * only. Each session has its own MCP server and transport; the guards of http-guard.ts run before
 * anything else, and the session store bounds how many sessions live and for how long. With
 * SVC_MCP_AUTH=oauth or hybrid, requests then go through the OAuth front (auth/oauth-front.ts);
 * either way each session is bound to the principal that opened it.
 */
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { BridgeClient } from "../../engine/index.js";
import type { AuthConfig } from "../auth/auth-config.js";
import type { EventsConfig } from "../config.js";
import { createSvcServer } from "../server.js";
import { createServices, type Services } from "../../services.js";
import type { ToolSelection } from "../tools/registry.js";
import { allowedHostValues, bearerMatches, hostAllowed, isJsonContentType, originAllowed } from "./http-guard.js";
import type { OAuthFront } from "../auth/oauth-front.js";
import { ANYONE_PRINCIPAL, LEGACY_PRINCIPAL } from "../auth/principals.js";
import { readBody } from "./read-body.js";
import { SessionStore, type SessionEndReason } from "./session-store.js";

const MCP_PATH = "/mcp";
/** The address is fixed: the server is for this machine only. */
const LOOPBACK_HOST = "127.0.0.1";
const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;
const KEEP_ALIVE_MS = 65_000;

export interface HttpServerOptions {
  selection: ToolSelection;
  /** 0 picks a free port. */
  port: number;
  token: string | undefined;
  sessionIdleMs: number;
  maxSessions: number;
  maxBodyBytes?: number;
  /** SVC_EVENTS: the bridge's events forwarded to every session. */
  events?: EventsConfig;
  /** One line per session event and failure, for the operator's terminal (stderr). */
  log?: (line: string) => void;
  /** SVC_MCP_AUTH and the OAuth settings; absent is `auto` (the token above, or open). */
  auth?: AuthConfig;
  /** OAuth: the bridge that asks the artist's consent (default: SVC_BRIDGE_URL's). */
  oauthBridge?: () => Promise<BridgeClient>;
  /** The clock of session expiry and OAuth lifetimes (tests move it instead of waiting). */
  now?: () => number;
  /** The services every session's tools are given; made from the environment when absent. */
  services?: Services;
}

export interface RunningHttpServer {
  url: string;
  port: number;
  sessionCount(): number;
  close(): Promise<void>;
}

interface Session {
  /** Who opened it (the OAuth client, the legacy token, or anyone on an open server): only they may use it. */
  principal: string;
  server: McpServer;
  transport: StreamableHTTPServerTransport;
  close(): Promise<void>;
}

function refuse(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  if (res.headersSent) return;
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify({ jsonrpc: "2.0", error: { code: -32000, message }, id: null }));
}

function startsSession(body: unknown): boolean {
  return Array.isArray(body) ? body.some((m) => isInitializeRequest(m)) : isInitializeRequest(body);
}

export async function startHttpServer(options: HttpServerOptions): Promise<RunningHttpServer> {
  const log = options.log ?? (() => {});
  const maxBody = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const store = new SessionStore<Session>({
    idleMs: options.sessionIdleMs,
    maxSessions: options.maxSessions,
    now: options.now,
    onEnd: (id: string, reason: SessionEndReason) => log(`session ${id} ${reason}`),
  });
  let port = options.port;
  const auth = options.auth ?? { mode: "auto" };
  // The store opens before the port does: an unreadable state file stops the start, not a request.
  const oauthModule = auth.mode === "auto" ? undefined : await import("../auth/oauth-setup.js");
  const oauthStore = auth.mode === "auto" ? undefined : oauthModule!.openOAuthStore(auth.oauth, options.now);
  let oauth: OAuthFront | undefined;
  const services = options.services ?? createServices(process.env);
  const events = options.events?.enabled
    ? {
        source: await services.startEvents(options.events.highFrequency),
        highFrequency: new Set(options.events.highFrequency),
      }
    : undefined;

  async function openSession(
    req: IncomingMessage,
    res: ServerResponse,
    body: unknown,
    principal: string,
  ): Promise<void> {
    const room = await store.makeRoom();
    if (!room.ok) {
      refuse(res, 503, `all ${options.maxSessions} sessions are busy; retry shortly`, { "retry-after": "5" });
      return;
    }
    // An open server's client may be any local process: its roots never widen what svc reads.
    const server = await createSvcServer(options.selection, {
      events,
      services,
      trustClientRoots: principal !== ANYONE_PRINCIPAL,
    });
    let record: ReturnType<typeof store.add> | undefined;
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      enableDnsRebindingProtection: true,
      allowedHosts: [...allowedHostValues(port), ...(oauth?.publicHost ? [oauth.publicHost] : [])],
      onsessioninitialized: (id) => {
        record = store.add(id, { principal, server, transport, close: () => server.close() });
        log(`session ${id} opened`);
      },
    });
    transport.onclose = () => {
      if (transport.sessionId) store.forget(transport.sessionId);
    };
    await server.connect(transport);
    try {
      await transport.handleRequest(req, res, body);
    } finally {
      if (!record) {
        // The initialize request was refused by the transport: give the place back.
        store.release();
        await server.close();
      }
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const publicHost = oauth?.publicHost !== undefined && req.headers.host?.trim().toLowerCase() === oauth.publicHost;
    if (!hostAllowed(req.headers.host, port) && !publicHost)
      return refuse(res, 403, "forbidden: the Host header must name this loopback server");
    const publicOrigin = oauth?.publicOrigin !== undefined && req.headers.origin === oauth.publicOrigin;
    if (!originAllowed(req.headers.origin) && !publicOrigin)
      return refuse(res, 403, "forbidden: requests from a non-loopback Origin are refused");
    if (auth.mode !== "auto") {
      if (!oauth) return refuse(res, 503, "starting: retry shortly", { "retry-after": "1" });
      return oauth.handle(req, res, (err) => {
        if (err) return failed(res, err);
        refuse(
          res,
          404,
          `not found: MCP is served at ${MCP_PATH}, OAuth at http://127.0.0.1:${port} and http://localhost:${port}`,
        );
      });
    }
    if (options.token !== undefined && !bearerMatches(req.headers.authorization, options.token)) {
      return refuse(res, 401, "unauthorized: send 'Authorization: Bearer <SVC_MCP_TOKEN>'", {
        "www-authenticate": 'Bearer realm="svc"',
      });
    }
    return serveMcp(req, res, options.token !== undefined ? LEGACY_PRINCIPAL : ANYONE_PRINCIPAL);
  }

  function failed(res: ServerResponse, err: unknown): void {
    // A body the OAuth endpoints could not parse is the client's fault, and says so.
    const status = (err as { status?: unknown }).status;
    if (typeof status === "number" && status >= 400 && status < 500)
      return refuse(res, status, `bad request: ${(err as Error).message}`);
    log(`request failed: ${err instanceof Error ? err.message : String(err)}`);
    refuse(res, 500, "internal error");
  }

  async function serveMcp(req: IncomingMessage, res: ServerResponse, principal: string): Promise<void> {
    const path = new URL(req.url ?? "/", "http://loopback").pathname;
    if (path !== MCP_PATH) return refuse(res, 404, `not found: MCP is served at ${MCP_PATH}`);
    const method = req.method ?? "";
    if (method !== "POST" && method !== "GET" && method !== "DELETE") {
      return refuse(res, 405, `method ${method} is not allowed on ${MCP_PATH}`, { allow: "POST, GET, DELETE" });
    }
    let body: unknown;
    if (method === "POST") {
      if (!isJsonContentType(req.headers["content-type"]))
        return refuse(res, 415, "unsupported media type: POST bodies must be application/json");
      const read = await readBody(req, maxBody);
      if (!read.ok) return refuse(res, read.status, read.message);
      body = read.value;
    }
    const sessionId = req.headers["mcp-session-id"];
    if (typeof sessionId === "string" && sessionId.length > 0) {
      const record = store.get(sessionId);
      // A session used by anyone but who opened it is answered as unknown: its id tells nothing.
      if (!record || record.handle.principal !== principal) {
        return refuse(
          res,
          404,
          "session not found: it expired, was closed or never existed; start a new one with initialize",
        );
      }
      // A GET is the session's event stream and stays open while the client listens: activity,
      // but not work in flight, or an abandoned client would keep its session forever.
      if (method === "GET") store.touch(record);
      else res.once("close", store.begin(record));
      return record.handle.transport.handleRequest(req, res, body);
    }
    if (method === "POST" && startsSession(body)) return openSession(req, res, body, principal);
    return refuse(res, 400, "bad request: send an mcp-session-id header, or an initialize request to start a session");
  }

  const http: Server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => failed(res, err));
  });
  // Node closes an idle keep-alive connection after 5 s, about when a client (undici's fetch keeps
  // one 4 s) may send its next request on it: that request dies with ECONNRESET. Keeping idle
  // connections longer than clients do leaves the closing to the client.
  http.keepAliveTimeout = KEEP_ALIVE_MS;
  http.headersTimeout = KEEP_ALIVE_MS + 1_000;
  await new Promise<void>((resolve, reject) => {
    http.once("error", reject);
    http.listen(options.port, LOOPBACK_HOST, () => {
      http.off("error", reject);
      resolve();
    });
  });
  port = (http.address() as AddressInfo).port;
  if (auth.mode !== "auto") {
    oauth = oauthModule!.createOAuthFront({
      port,
      mcpPath: MCP_PATH,
      settings: auth.oauth,
      store: oauthStore!,
      consent: oauthModule!.brokerConsent(options.oauthBridge ?? (() => services.bridge()), auth.oauth.consentSeconds),
      legacyBearer:
        auth.mode === "hybrid" && options.token !== undefined
          ? (header) => bearerMatches(header, options.token!)
          : undefined,
      serveMcp,
      now: options.now ?? Date.now,
      log,
    });
  }
  const sweeper = setInterval(
    () => void store.sweep(),
    Math.max(10, Math.min(60_000, Math.floor(options.sessionIdleMs / 4))),
  );
  sweeper.unref();

  return {
    url: `http://${LOOPBACK_HOST}:${port}${MCP_PATH}`,
    port,
    sessionCount: () => store.size,
    async close() {
      clearInterval(sweeper);
      await store.closeAll();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
      // The process's services are closed by whoever made them.
      if (!options.services) await services.close();
    },
  };
}
