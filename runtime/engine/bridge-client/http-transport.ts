import {
  Agent,
  request as httpRequest,
  type ClientRequest,
  type IncomingMessage,
  type RequestOptions,
} from "node:http";

/**
 * HTTP/1.1 to one origin of the bridge, on Node's own `http` module: it is part of Node and costs
 * nothing to load, where an HTTP library's entry would block the MCP server's thread for tens of
 * milliseconds the first time a tool reaches the bridge.
 */

/** What one exchange gave back: the status and the body as text. */
export interface TransportAnswer {
  statusCode: number;
  text: string;
}

/** The request was not sent: the address cannot be used, or the transport is closed. Never worth retrying. */
export class TransportRefusal extends Error {
  constructor(
    readonly code: "invalid_bridge_url" | "client_closed",
    message: string,
  ) {
    super(message);
    this.name = "TransportRefusal";
  }
}

/** The answer grew past the transport's bound and was cut off (what was sent may still have run). */
export class AnswerTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`the answer is over ${limit} bytes`);
    this.name = "AnswerTooLarge";
  }
}

/** A limit passed without an answer: nothing came within the time the request allows. */
export class TransportTimeout extends Error {
  constructor(readonly phase: "connect" | "headers" | "body") {
    super(`no answer while waiting for the ${phase}`);
    this.name = "TransportTimeout";
  }
}

export interface TransportOptions {
  /** Longest wait for the answer's headers, and longest silence inside its body. */
  timeoutMs: number;
  /** Longest wait for a new connection. */
  connectTimeoutMs: number;
  /** Connections kept open to the origin at most. */
  connections: number;
  /** How long an idle connection is kept (default IDLE_CONNECTION_MS); a request under way is never cut by it. */
  idleConnectionMs?: number;
  /** The largest answer taken in (default MAX_ANSWER_BYTES). */
  maxAnswerBytes?: number;
}

/**
 * An idle connection is closed well before any server is likely to close it (servers commonly do
 * after 5 s; tdsim after 30 s): a request sent on a connection the server is closing fails with a
 * reset. A server that announces a shorter `Keep-Alive: timeout` is honoured by Node itself.
 */
const IDLE_CONNECTION_MS = 4_000;

/**
 * Four times the largest answer the bridge gives (a whole read of at most 64 MiB of state): a
 * bound against a peer on the bridge's port that never stops sending, not a limit on real reads.
 */
const MAX_ANSWER_BYTES = 256 * 1024 * 1024;

/** Failures of a kept-alive connection that the server had closed before reading anything on it. */
const STALE_CONNECTION_CODES = new Set(["ECONNRESET", "EPIPE", "ECONNABORTED"]);

export class HttpTransport {
  /** The origin, or why the address cannot be used: then every request is refused with it (nothing is thrown at construction). */
  private readonly origin: URL | { unusable: string };
  private readonly agent: Agent;
  private readonly inFlight = new Set<Promise<unknown>>();
  private closed = false;

  constructor(
    origin: string,
    private readonly options: TransportOptions,
  ) {
    const url = URL.canParse(origin) ? new URL(origin) : undefined;
    const form = "SVC_BRIDGE_URL takes the form http://127.0.0.1:9980";
    if (url === undefined) this.origin = { unusable: `'${origin}' is not a URL; ${form}` };
    else if (url.protocol !== "http:")
      this.origin = { unusable: `the bridge speaks http:, not ${url.protocol}; ${form}` };
    else this.origin = url;
    this.agent = new Agent({
      keepAlive: true,
      maxSockets: options.connections,
      timeout: options.idleConnectionMs ?? IDLE_CONNECTION_MS,
      scheduling: "lifo",
    });
  }

  /**
   * One request and its whole answer. A request that meets a kept-alive connection the server had
   * already closed (a reset before any byte of answer) is sent once more on a new connection: the
   * server never read it. Callers send mutations with an idempotency key, so even a request the
   * server did read and then dropped the connection on is answered from its receipt, not run twice.
   */
  send(
    method: string,
    path: string,
    headers: Record<string, string>,
    payload: string | undefined,
  ): Promise<TransportAnswer> {
    if (this.closed) return Promise.reject(new TransportRefusal("client_closed", "this bridge client was closed"));
    const origin = this.origin;
    if (!(origin instanceof URL)) return Promise.reject(new TransportRefusal("invalid_bridge_url", origin.unusable));
    const exchange = this.exchange(origin, method, path, headers, payload).catch((err: unknown) => {
      if (!(err instanceof StaleConnection)) throw err;
      return this.exchange(origin, method, path, headers, payload, true).catch((again: unknown) => {
        if (again instanceof StaleConnection) throw again.original;
        // Nothing listens any more: the server went away, and it may have read the request on the
        // old connection before it did. The lost connection is the truth; "refused" would say it was never sent.
        if ((again as NodeJS.ErrnoException).code === "ECONNREFUSED") throw err.original;
        throw again;
      });
    });
    this.inFlight.add(exchange);
    const forget = () => void this.inFlight.delete(exchange);
    exchange.then(forget, forget);
    return exchange;
  }

  /** Waits for the requests under way, then closes every connection. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.allSettled([...this.inFlight]);
    this.agent.destroy();
  }

  private exchange(
    origin: URL,
    method: string,
    path: string,
    headers: Record<string, string>,
    payload: string | undefined,
    freshConnection = false,
  ): Promise<TransportAnswer> {
    const body = payload === undefined ? undefined : Buffer.from(payload, "utf8");
    const options: RequestOptions = {
      method,
      path,
      host: origin.hostname.replace(/^\[(.*)\]$/, "$1"),
      port: origin.port === "" ? 80 : Number(origin.port),
      // The length is always given: a bridge host need not read chunked bodies.
      headers: body === undefined ? headers : { ...headers, "content-length": String(body.length) },
      agent: freshConnection ? false : this.agent,
    };
    return new Promise<TransportAnswer>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      let expired: TransportTimeout | AnswerTooLarge | undefined;
      let answered = false;
      const arm = (ms: number, phase: TransportTimeout["phase"]) => {
        clearTimeout(timer);
        timer = setTimeout(() => {
          expired = new TransportTimeout(phase);
          req.destroy(expired);
        }, ms);
      };
      // Whichever of the request and the answer reports first, a bound that was passed is the reason.
      const fail = (err: Error) => {
        clearTimeout(timer);
        if (expired !== undefined) reject(expired);
        else if (
          !answered &&
          req.reusedSocket &&
          STALE_CONNECTION_CODES.has((err as NodeJS.ErrnoException).code ?? "")
        ) {
          reject(new StaleConnection(err));
        } else reject(err);
      };
      const req: ClientRequest = httpRequest(options, (res: IncomingMessage) => {
        answered = true;
        arm(this.options.timeoutMs, "body");
        const chunks: Buffer[] = [];
        const limit = this.options.maxAnswerBytes ?? MAX_ANSWER_BYTES;
        let received = 0;
        res.on("data", (chunk: Buffer) => {
          received += chunk.length;
          if (received > limit) {
            expired ??= new AnswerTooLarge(limit);
            // A whole answer leaves its connection reusable and is refused at its end; a partial one is cut off.
            if (!res.complete) res.destroy(expired);
            return;
          }
          chunks.push(chunk);
          arm(this.options.timeoutMs, "body");
        });
        res.on("end", () => {
          clearTimeout(timer);
          if (expired !== undefined) return reject(expired);
          resolve({ statusCode: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") });
        });
        res.on("error", fail);
        res.on("close", () => {
          if (!res.complete)
            fail(Object.assign(new Error("the connection closed inside the answer"), { code: "ECONNRESET" }));
        });
      });
      req.on("error", fail);
      req.on("socket", (socket) => {
        if (socket.connecting) {
          arm(this.options.connectTimeoutMs, "connect");
          socket.once("connect", () => arm(this.options.timeoutMs, "headers"));
        } else arm(this.options.timeoutMs, "headers");
      });
      req.end(body);
    });
  }
}

/** A reset on a reused connection before any answer: the server had closed it. */
class StaleConnection extends Error {
  constructor(readonly original: Error) {
    super(original.message);
  }
}
