/**
 * `svc chat`'s HTTP server: the chat page and its two calls, on 127.0.0.1 only. Every request must
 * pass the loopback guard (403 otherwise, spec 5.2.3); a POST must be JSON (415), at most 32 KB
 * (413), and one turn runs at a time (409). A turn's answer comes as NDJSON: each tool call as it
 * finishes, then the redacted receipt. Nothing the model wrote is sent unredacted. Without a session
 * (no model configured, a bad setting) the page still opens and shows what is missing and how to
 * set it up; a message is then refused with 503 and the same reason.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { CHAT_CSS, CHAT_HTML, CHAT_JS } from "./chat-page.js";
import { hostHeaderCount, loopbackRefusal } from "./loopback-guard.js";
import { summaryOf } from "./receipt.js";
import { CopilotInputError, type CopilotSession } from "./session.js";

const MAX_BODY_BYTES = 32 * 1024;

const PAGE_HEADERS = {
  "content-security-policy":
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "cache-control": "no-store",
};

export interface ChatServerOptions {
  /** 0 picks a free port. */
  port: number;
  /** Each turn's deadline. */
  turnTimeoutMs: number;
}

/** Why the copilot is off: the code and message the CLI would print. */
export interface ChatUnavailable {
  code: string;
  message: string;
}

/** The steps that give the chat page a model, shown on the page when it has none. */
const CHAT_SETUP_STEPS = [
  "Install Ollama (https://ollama.com) and start it: ollama serve",
  "Pull a model that calls tools: ollama pull qwen3:8b",
  "Name it for svc: export SVC_LLM_MODEL=qwen3:8b (and SVC_LLM_URL when Ollama is not on 127.0.0.1:11434)",
  "Check what it can do: svc copilot-calibrate",
  "Start the page again: svc chat",
];

export interface ChatServer {
  url: string;
  close(): Promise<void>;
}

class HttpRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res
    .writeHead(status, { ...PAGE_HEADERS, "content-type": "application/json; charset=utf-8" })
    .end(JSON.stringify(body));
}

function refuse(res: ServerResponse, status: number, code: string, message: string): void {
  sendJson(res, status, { error: { code, message } });
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const type = req.headers["content-type"]?.split(";")[0]?.trim().toLowerCase();
  if (type !== "application/json") throw new HttpRefusal(415, "unsupported-media-type", "send application/json");
  const declared = Number(req.headers["content-length"] ?? "0");
  if (declared > MAX_BODY_BYTES)
    throw new HttpRefusal(413, "too-large", `the body is larger than ${MAX_BODY_BYTES} bytes`);
  const parts: Buffer[] = [];
  let size = 0;
  for await (const piece of req) {
    size += (piece as Buffer).length;
    if (size > MAX_BODY_BYTES)
      throw new HttpRefusal(413, "too-large", `the body is larger than ${MAX_BODY_BYTES} bytes`);
    parts.push(piece as Buffer);
  }
  try {
    const value = JSON.parse(Buffer.concat(parts).toString("utf8")) as unknown;
    if (typeof value === "object" && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // refused below
  }
  throw new HttpRefusal(400, "bad-json", "the body is not a JSON object");
}

/** The chat server with a session, or, given why there is none, the page that says how to set one up. */
export async function startChatServer(
  source: CopilotSession | ChatUnavailable,
  options: ChatServerOptions,
): Promise<ChatServer> {
  let busy = false;
  const unavailable = "turn" in source ? null : source;
  const session = "turn" in source ? source : null;
  const redacted = (text: string) => (session === null ? text : session.redacted(text));

  async function message(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readJson(req);
    if (typeof body.text !== "string") throw new HttpRefusal(400, "bad-request", 'send {"text": "..."}');
    if (session === null)
      throw new HttpRefusal(
        503,
        unavailable?.code ?? "llm-off",
        `${unavailable?.message ?? "no model"}; the page lists the setup steps`,
      );
    if (busy) throw new HttpRefusal(409, "busy", "a turn is already running; wait for its receipt");
    busy = true;
    // The turn ends when the page goes away: its model request and tool calls are cancelled.
    const abort = new AbortController();
    res.on("close", () => abort.abort());
    try {
      const line = (event: unknown) => res.write(`${JSON.stringify(event)}\n`);
      let started = false;
      const start = () => {
        if (!started) res.writeHead(200, { ...PAGE_HEADERS, "content-type": "application/x-ndjson; charset=utf-8" });
        started = true;
      };
      try {
        const { receipt } = await session.turn(body.text, {
          timeoutMs: options.turnTimeoutMs,
          signal: abort.signal,
          onCall: (c) => {
            start();
            line({ type: "call", tool: c.name, ok: c.ok, summary: summaryOf(session.redacted(c.result)) });
          },
        });
        start();
        line({ type: "receipt", receipt });
        res.end();
      } catch (err) {
        if (err instanceof CopilotInputError && !started) throw new HttpRefusal(400, "bad-prompt", err.message);
        throw err;
      }
    } finally {
      busy = false;
    }
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // Node keeps the first of several Host headers and drops the rest, so a second one would pass unseen.
    const hosts = hostHeaderCount(req.rawHeaders);
    if (hosts > 1)
      return refuse(res, 400, "duplicate-host", `the request has ${hosts} Host headers; send exactly one Host header`);
    const refusal = loopbackRefusal({ host: req.headers.host, origin: req.headers.origin });
    if (refusal) return refuse(res, 403, "forbidden", refusal);
    const path = (req.url ?? "/").split("?")[0];
    const get = req.method === "GET" || req.method === "HEAD";
    if (path === "/" && get)
      return void res.writeHead(200, { ...PAGE_HEADERS, "content-type": "text/html; charset=utf-8" }).end(CHAT_HTML);
    if (path === "/chat.js" && get)
      return void res
        .writeHead(200, { ...PAGE_HEADERS, "content-type": "text/javascript; charset=utf-8" })
        .end(CHAT_JS);
    if (path === "/chat.css" && get)
      return void res.writeHead(200, { ...PAGE_HEADERS, "content-type": "text/css; charset=utf-8" }).end(CHAT_CSS);
    // Browsers ask for it on every page load; there is none.
    if (path === "/favicon.ico" && get) return void res.writeHead(204, PAGE_HEADERS).end();
    if (path === "/api/state" && get)
      return sendJson(
        res,
        200,
        session === null
          ? { model: null, unavailable: { ...unavailable, setup: CHAT_SETUP_STEPS } }
          : {
              model: session.config.model,
              tier: session.config.tier,
              mode: session.mode,
              tools: session.toolsOffered,
            },
      );
    if (path === "/api/message" && req.method === "POST") return message(req, res);
    if (path === "/api/reset" && req.method === "POST") {
      await readJson(req);
      if (busy) throw new HttpRefusal(409, "busy", "a turn is running; reset after its receipt");
      session?.reset();
      return sendJson(res, 200, { reset: true });
    }
    if (["/", "/chat.js", "/chat.css", "/api/state", "/api/message", "/api/reset"].includes(path ?? ""))
      return refuse(res, 405, "method-not-allowed", `${req.method} is not allowed on ${path}`);
    refuse(res, 404, "not-found", `no ${path} here`);
  }

  const server = createServer((req, res) => {
    route(req, res).catch((err: unknown) => {
      if (res.headersSent) {
        res.end(
          `${JSON.stringify({ type: "error", code: "internal-error", message: redacted((err as Error).message) })}\n`,
        );
      } else if (err instanceof HttpRefusal) {
        refuse(res, err.status, err.code, err.message);
      } else {
        refuse(res, 500, "internal-error", redacted((err as Error).message));
      }
    });
  });
  await new Promise<void>((ok, fail) => {
    server.once("error", fail);
    server.listen(options.port, "127.0.0.1", ok);
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}
