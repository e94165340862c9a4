import { randomUUID } from "node:crypto";
import { BridgeError, connectionLost, connectionRefused, timedOut } from "./errors.js";
import type { BridgeConfig } from "./config.js";
import { AnswerTooLarge, HttpTransport, TransportRefusal, TransportTimeout } from "./http-transport.js";

export { encodePath } from "./path.js";

export type HttpMethod = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

/** Statuses worth retrying for an idempotent read: the bridge or its host was briefly unable to answer. */
const TRANSIENT_STATUSES = new Set([502, 503, 504]);

/**
 * Refusals under a transient status that sending the same request again cannot change: the bridge's
 * whole read ran past its time limit (504 `read_timeout`, "read it in pages"), and would again.
 */
const NOT_TRANSIENT = new Set(["read_timeout"]);

/** Counts what a client sent, for benchmarks and for "the second apply sends no mutation" tests. */
export interface RequestStats {
  requests: number;
  mutations: number;
}

interface Envelope {
  ok: boolean;
  data?: unknown;
  error?: { code?: string; message?: string } & Record<string, unknown>;
}

const errnoOf = (err: unknown): string | undefined => (err as { code?: string } | null)?.code;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Refusals that say nothing of the request ran: the bridge shed it to protect TouchDesigner's
 * frame (`overloaded`), or tdsim's host had no connection free (`host_busy`). A write refused so
 * is sent again with the same idempotency key: had it run, the bridge would answer with its receipt.
 */
const NOTHING_RAN = new Set(["overloaded", "host_busy"]);

/**
 * The wait the bridge asked for (`retry_after_ms` in the envelope; the backoff when it names none),
 * plus up to a quarter more so that clients shed together do not all come back in the same frame.
 */
function shedDelay(err: BridgeError, fallbackMs: number): number {
  const asked = typeof err.details.retry_after_ms === "number" ? err.details.retry_after_ms : fallbackMs;
  return asked + Math.floor((Math.random() * asked) / 4);
}

/**
 * The one way TypeScript talks to the bridge: JSON in, the envelope's `data` out, typed errors.
 * GETs are retried with backoff on connection errors and transient 5xx; mutations are not blindly
 * retried, because a mutation that reached the bridge must not be applied twice. Every mutation
 * carries an idempotency key: one the bridge shed under load (nothing of it ran) is sent again with
 * the same key, and a timed-out one is resolved from the bridge's receipt for it.
 */
export class BridgeClient {
  readonly config: BridgeConfig;
  readonly stats: RequestStats = { requests: 0, mutations: 0 };
  private readonly transport: HttpTransport;
  /** Connections to the bridge's other ports (its whole-read port), by port. */
  private readonly portTransports = new Map<number, HttpTransport>();

  constructor(config: BridgeConfig) {
    this.config = config;
    this.transport = this.newTransport(config.url);
  }

  /** Waits for the requests under way, then closes every connection. */
  async close(): Promise<void> {
    await Promise.all([this.transport.close(), ...[...this.portTransports.values()].map((t) => t.close())]);
    this.portTransports.clear();
  }

  /**
   * A read sent to another port of the bridge's host (one the bridge named, such as its whole-read
   * port), with the same token, limits and retries as any read, counted in `stats` like them.
   */
  readOnPort<T>(port: number, path: string, body: unknown): Promise<T> {
    let transport = this.portTransports.get(port);
    if (transport === undefined) {
      const url = new URL(this.config.url);
      url.port = String(port);
      transport = this.newTransport(url.origin);
      this.portTransports.set(port, transport);
    }
    return this.request<T>("POST", path, body, { read: true, transport });
  }

  private newTransport(origin: string): HttpTransport {
    return new HttpTransport(origin, {
      connections: 4,
      timeoutMs: this.config.timeoutMs,
      connectTimeoutMs: Math.min(this.config.timeoutMs, 5_000),
      ...(this.config.maxAnswerBytes === undefined ? {} : { maxAnswerBytes: this.config.maxAnswerBytes }),
    });
  }

  get<T>(path: string, query: Record<string, string | number | boolean | undefined> = {}): Promise<T> {
    const qs = Object.entries(query)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
      .join("&");
    return this.request<T>("GET", qs ? `${path}?${qs}` : path);
  }

  /** `idempotencyKey`: the caller's own key, so that sending the same request again replays its receipt. */
  post<T>(path: string, body: unknown, options: { idempotencyKey?: string } = {}): Promise<T> {
    return this.request<T>("POST", path, body, options);
  }

  /** A read that needs a body (`/api/param_modes/batch`): retried like a GET, not counted as a mutation. */
  read<T>(path: string, body: unknown): Promise<T> {
    return this.request<T>("POST", path, body, { read: true });
  }

  patch<T>(path: string, body: unknown): Promise<T> {
    return this.request<T>("PATCH", path, body);
  }

  put<T>(path: string, body: unknown): Promise<T> {
    return this.request<T>("PUT", path, body);
  }

  delete<T>(path: string, body?: unknown): Promise<T> {
    return this.request<T>("DELETE", path, body);
  }

  async request<T>(
    method: HttpMethod,
    path: string,
    body?: unknown,
    options: { read?: boolean; idempotencyKey?: string; transport?: HttpTransport } = {},
  ): Promise<T> {
    const read = method === "GET" || options.read === true;
    if (!read) return this.mutate<T>(method, path, body, options.idempotencyKey);
    let failures = 0;
    const giveUp = Date.now() + this.config.timeoutMs;
    for (;;) {
      try {
        return await this.once<T>(method, path, body, true, undefined, options.transport);
      } catch (err) {
        if (!(err instanceof BridgeError)) throw err;
        if (NOTHING_RAN.has(err.code) && Date.now() < giveUp) {
          await sleep(shedDelay(err, this.config.backoffMs));
          continue;
        }
        const transient =
          (err.kind === "connection" && err.details.retryable !== false) ||
          (err.status !== undefined && TRANSIENT_STATUSES.has(err.status) && !NOT_TRANSIENT.has(err.code));
        if (!transient || failures >= this.config.getRetries) throw err;
        await sleep(this.config.backoffMs * 2 ** failures++);
      }
    }
  }

  /**
   * A mutation is sent once, with an idempotency key (the transport sends it again, under the same
   * key, only when a kept-alive connection had been closed under it). If no answer comes in time, or the connection
   * is lost before the whole answer, the write may still land: the bridge's receipt for the key says
   * what actually happened (the receipt read runs after the request it asks about, requests being
   * served one at a time).
   */
  private async mutate<T>(method: HttpMethod, path: string, body: unknown, idempotencyKey?: string): Promise<T> {
    const key = idempotencyKey ?? randomUUID();
    // Shed requests are sent again (as long as the bridge asks) until the request's own time limit.
    const giveUp = Date.now() + this.config.timeoutMs;
    for (;;) {
      try {
        return await this.once<T>(method, path, body, false, key);
      } catch (err) {
        if (err instanceof BridgeError && NOTHING_RAN.has(err.code) && Date.now() < giveUp) {
          await sleep(shedDelay(err, this.config.backoffMs));
          continue;
        }
        if (!(err instanceof BridgeError) || (err.kind !== "timeout" && err.code !== "connection_lost")) throw err;
        return this.outcomeOf<T>(key, err);
      }
    }
  }

  /** What became of a mutation left without an answer (`unanswered`: its timeout or lost connection). */
  private async outcomeOf<T>(key: string, unanswered: BridgeError): Promise<T> {
    const why = unanswered.kind === "timeout" ? "timeout" : unanswered.code;
    let receipt: { ok: boolean; data?: unknown; error?: { code?: string; message?: string } & Record<string, unknown> };
    try {
      receipt = await this.request("GET", `/api/receipts/${encodeURIComponent(key)}`);
    } catch (err) {
      if (err instanceof BridgeError && err.code === "receipt_not_found") {
        throw new BridgeError(
          unanswered.kind,
          `${why}_not_applied`,
          `${unanswered.message}; the bridge never received the request, so nothing of it was applied`,
          unanswered,
          undefined,
          { applied: false },
        );
      }
      throw new BridgeError(
        unanswered.kind,
        `${why}_outcome_unknown`,
        `${unanswered.message}, and did not say afterwards whether it applied the request: it may still land. Run 'svc plan' to see the live state`,
        unanswered,
        undefined,
        { applied: "unknown" },
      );
    }
    if (receipt.ok) return receipt.data as T;
    const { code, message, ...details } = receipt.error ?? {};
    const after = unanswered.kind === "timeout" ? "after a timeout" : "after the connection was lost";
    throw new BridgeError(
      "bridge",
      code ?? "bridge_error",
      `${message ?? "the bridge refused the request"} (answered ${after})`,
      unanswered,
      undefined,
      details,
    );
  }

  private async once<T>(
    method: HttpMethod,
    path: string,
    body: unknown,
    read: boolean,
    idempotencyKey?: string,
    transport: HttpTransport = this.transport,
  ): Promise<T> {
    const req = { method, path };
    const headers: Record<string, string> = { accept: "application/json" };
    if (idempotencyKey !== undefined) headers["idempotency-key"] = idempotencyKey;
    if (this.config.token) headers.authorization = `Bearer ${this.config.token}`;
    let payload: string | undefined;
    if (body !== undefined) {
      headers["content-type"] = "application/json";
      payload = JSON.stringify(body);
    }
    this.stats.requests++;
    if (!read) this.stats.mutations++;
    let statusCode: number;
    let text: string;
    try {
      ({ statusCode, text } = await transport.send(method, path, headers, payload));
    } catch (err) {
      if (err instanceof TransportTimeout) throw timedOut(this.config.url, this.config.timeoutMs, req);
      if (err instanceof AnswerTooLarge) {
        const ran = read ? "" : "; the request itself may have been applied: run 'svc plan' to see the live state";
        throw new BridgeError(
          "protocol",
          "answer_too_large",
          `the answer from ${this.config.url} is over ${err.limit} bytes and was not read${ran}. Is another server on this port?`,
          req,
        );
      }
      if (err instanceof TransportRefusal)
        throw new BridgeError(
          "connection",
          err.code,
          `cannot reach the bridge at ${this.config.url}: ${err.message}`,
          req,
          undefined,
          { retryable: false },
        );
      const errno = errnoOf(err);
      if (errno === "ECONNREFUSED") throw connectionRefused(this.config.url, req);
      if (errno === "ECONNRESET" || errno === "EPIPE" || errno === "ECONNABORTED")
        throw connectionLost(this.config.url, req);
      throw new BridgeError(
        "connection",
        "connection_failed",
        `cannot reach the bridge at ${this.config.url}: ${(err as Error).message}`,
        req,
      );
    }
    let envelope: Envelope;
    try {
      envelope = JSON.parse(text) as Envelope;
    } catch {
      throw new BridgeError(
        statusCode >= 400 ? "http" : "protocol",
        statusCode >= 400 ? `http_${statusCode}` : "invalid_json",
        statusCode >= 400
          ? `the bridge answered HTTP ${statusCode}: ${text.slice(0, 200) || "(empty body)"}`
          : "the bridge answered with something that is not JSON; is another server on this port?",
        req,
        statusCode,
      );
    }
    if (envelope && envelope.ok === true) return envelope.data as T;
    if (envelope && envelope.ok === false && envelope.error) {
      const { code, message, ...details } = envelope.error;
      throw new BridgeError(
        "bridge",
        code ?? `http_${statusCode}`,
        message ?? `the bridge refused the request (HTTP ${statusCode})`,
        req,
        statusCode,
        details,
      );
    }
    throw new BridgeError(
      "protocol",
      "invalid_envelope",
      `the bridge answered HTTP ${statusCode} without the {ok, data} envelope`,
      req,
      statusCode,
    );
  }
}
