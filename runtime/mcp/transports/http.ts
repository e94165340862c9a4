/**
 * MCP over Streamable HTTP at `/mcp` (POST, GET, DELETE) with stateful sessions, on 127.0.0.1
 * only. Each session has its own MCP server and transport; the guards of http-guard.ts run before
 * anything else, and the session store bounds how many sessions live and for how long.
 */
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { closeBridgeClient } from "../bridge.js";
import type { EventsConfig } from "../config.js";
import { createSvcServer } from "../server.js";
import { startSharedEvents, stopSharedEvents } from "../shared-events.js";
import type { ToolSelection } from "../tools/registry.js";
import { allowedHostValues, bearerMatches, hostAllowed, isJsonContentType, originAllowed } from "./http-guard.js";
import { readBody } from "./read-body.js";
import { SessionStore, type SessionEndReason } from "./session-store.js";

export const MCP_PATH = "/mcp";
/** The address is fixed: the server is for this machine only. */
export const LOOPBACK_HOST = "127.0.0.1";
const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;

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
}

export interface RunningHttpServer {
  url: string;
  port: number;
  sessionCount(): number;
  close(): Promise<void>;
}

interface Session {
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
    onEnd: (id: string, reason: SessionEndReason) => log(`session ${id} ${reason}`),
  });
  let port = options.port;
  const events = options.events ? await startSharedEvents(options.events) : undefined;

  async function openSession(req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> {
    const room = await store.makeRoom();
    if (!room.ok) {
      refuse(res, 503, `all ${options.maxSessions} sessions are busy; retry shortly`, { "retry-after": "5" });
      return;
    }
    const server = await createSvcServer(options.selection, { events });
    let record: ReturnType<typeof store.add> | undefined;
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      enableDnsRebindingProtection: true,
      allowedHosts: allowedHostValues(port),
      onsessioninitialized: (id) => {
        record = store.add(id, { server, transport, close: () => server.close() });
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
    if (!hostAllowed(req.headers.host, port)) return refuse(res, 403, "forbidden: the Host header must name this loopback server");
    if (!originAllowed(req.headers.origin)) return refuse(res, 403, "forbidden: requests from a non-loopback Origin are refused");
    if (options.token !== undefined && !bearerMatches(req.headers.authorization, options.token)) {
      return refuse(res, 401, "unauthorized: send 'Authorization: Bearer <SVC_MCP_TOKEN>'", { "www-authenticate": 'Bearer realm="svc"' });
    }
    const path = new URL(req.url ?? "/", "http://loopback").pathname;
    if (path !== MCP_PATH) return refuse(res, 404, `not found: MCP is served at ${MCP_PATH}`);
    const method = req.method ?? "";
    if (method !== "POST" && method !== "GET" && method !== "DELETE") {
      return refuse(res, 405, `method ${method} is not allowed on ${MCP_PATH}`, { allow: "POST, GET, DELETE" });
    }
    let body: unknown;
    if (method === "POST") {
      if (!isJsonContentType(req.headers["content-type"])) return refuse(res, 415, "unsupported media type: POST bodies must be application/json");
      const read = await readBody(req, maxBody);
      if (!read.ok) return refuse(res, read.status, read.message);
      body = read.value;
    }
    const sessionId = req.headers["mcp-session-id"];
    if (typeof sessionId === "string" && sessionId.length > 0) {
      const record = store.get(sessionId);
      if (!record) return refuse(res, 404, "session not found: it expired, was closed or never existed; start a new one with initialize");
      // A GET is the session's event stream and stays open while the client listens: activity,
      // but not work in flight, or an abandoned client would keep its session forever.
      if (method === "GET") store.touch(record);
      else res.once("close", store.begin(record));
      return record.handle.transport.handleRequest(req, res, body);
    }
    if (method === "POST" && startsSession(body)) return openSession(req, res, body);
    return refuse(res, 400, "bad request: send an mcp-session-id header, or an initialize request to start a session");
  }

  const http: Server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      log(`request failed: ${err instanceof Error ? err.message : String(err)}`);
      refuse(res, 500, "internal error");
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once("error", reject);
    http.listen(options.port, LOOPBACK_HOST, () => {
      http.off("error", reject);
      resolve();
    });
  });
  port = (http.address() as AddressInfo).port;
  const sweeper = setInterval(() => void store.sweep(), Math.max(10, Math.min(60_000, Math.floor(options.sessionIdleMs / 4))));
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
      if (events) stopSharedEvents();
      await closeBridgeClient();
    },
  };
}
