import { randomUUID } from "node:crypto";
import { Pool, errors as undiciErrors } from "undici";
import { BridgeError, connectionRefused, timedOut } from "./errors.js";
import type { BridgeConfig } from "./config.js";

export { encodePath } from "./path.js";

export type HttpMethod = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

/** Statuses worth retrying for an idempotent read: the bridge or its host was briefly unable to answer. */
const TRANSIENT_STATUSES = new Set([502, 503, 504]);

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


function isConnectionError(err: unknown): boolean {
  const code = (err as { code?: string } | null)?.code;
  return code === "ECONNREFUSED" || code === "ECONNRESET" || code === "EPIPE" || code === "UND_ERR_SOCKET";
}

function isTimeout(err: unknown): boolean {
  return (
    err instanceof undiciErrors.HeadersTimeoutError ||
    err instanceof undiciErrors.BodyTimeoutError ||
    err instanceof undiciErrors.ConnectTimeoutError
  );
}

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
  private readonly pool: Pool;
  /** Pools for the bridge's other ports (its whole-read port), by port. */
  private readonly portPools = new Map<number, Pool>();

  constructor(config: BridgeConfig) {
    this.config = config;
    this.pool = this.newPool(config.url);
  }

  async close(): Promise<void> {
    await Promise.all([this.pool.close(), ...[...this.portPools.values()].map((p) => p.close())]);
    this.portPools.clear();
  }

  /**
   * A read sent to another port of the bridge's host (one the bridge named, such as its whole-read
   * port), with the same token, limits and retries as any read, counted in `stats` like them.
   */
  readOnPort<T>(port: number, path: string, body: unknown): Promise<T> {
    let pool = this.portPools.get(port);
    if (pool === undefined) {
      const url = new URL(this.config.url);
      url.port = String(port);
      pool = this.newPool(url.origin);
      this.portPools.set(port, pool);
    }
    return this.request<T>("POST", path, body, { read: true, pool });
  }

  private newPool(origin: string): Pool {
    return new Pool(origin, {
      connections: 4,
      headersTimeout: this.config.timeoutMs,
      bodyTimeout: this.config.timeoutMs,
      connectTimeout: Math.min(this.config.timeoutMs, 5_000),
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

  async request<T>(method: HttpMethod, path: string, body?: unknown, options: { read?: boolean; idempotencyKey?: string; pool?: Pool } = {}): Promise<T> {
    const read = method === "GET" || options.read === true;
    if (!read) return this.mutate<T>(method, path, body, options.idempotencyKey);
    let failures = 0;
    const giveUp = Date.now() + this.config.timeoutMs;
    for (;;) {
      try {
        return await this.once<T>(method, path, body, true, undefined, options.pool);
      } catch (err) {
        if (!(err instanceof BridgeError)) throw err;
        if (NOTHING_RAN.has(err.code) && Date.now() < giveUp) {
          await sleep(shedDelay(err, this.config.backoffMs));
          continue;
        }
        const transient = err.kind === "connection" || (err.status !== undefined && TRANSIENT_STATUSES.has(err.status));
        if (!transient || failures >= this.config.getRetries) throw err;
        await sleep(this.config.backoffMs * 2 ** failures++);
      }
    }
  }

  /**
   * A mutation is sent once, with an idempotency key. If no answer comes in time, the write may
   * still land: the bridge's receipt for the key says what actually happened (the receipt read
   * runs after the request it asks about, requests being served one at a time).
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
        if (!(err instanceof BridgeError) || err.kind !== "timeout") throw err;
        return this.outcomeOf<T>(key, err);
      }
    }
  }

  private async outcomeOf<T>(key: string, timeout: BridgeError): Promise<T> {
    let receipt: { ok: boolean; data?: unknown; error?: { code?: string; message?: string } & Record<string, unknown> };
    try {
      receipt = await this.request("GET", `/api/receipts/${encodeURIComponent(key)}`);
    } catch (err) {
      if (err instanceof BridgeError && err.code === "receipt_not_found") {
        throw new BridgeError("timeout", "timeout_not_applied", `${timeout.message}; the bridge never received the request, so nothing of it was applied`, timeout, undefined, { applied: false });
      }
      throw new BridgeError(
        "timeout",
        "timeout_outcome_unknown",
        `${timeout.message}, and did not say afterwards whether it applied the request: it may still land. Run 'svc plan' to see the live state`,
        timeout,
        undefined,
        { applied: "unknown" },
      );
    }
    if (receipt.ok) return receipt.data as T;
    const { code, message, ...details } = receipt.error ?? {};
    throw new BridgeError("bridge", code ?? "bridge_error", `${message ?? "the bridge refused the request"} (answered after a timeout)`, timeout, undefined, details);
  }

  private async once<T>(method: HttpMethod, path: string, body: unknown, read: boolean, idempotencyKey?: string, pool: Pool = this.pool): Promise<T> {
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
      const res = await pool.request({ method, path, headers, ...(payload === undefined ? {} : { body: payload }) });
      statusCode = res.statusCode;
      text = await res.body.text();
    } catch (err) {
      if (isTimeout(err)) throw timedOut(this.config.url, this.config.timeoutMs, req);
      if (isConnectionError(err) || (err as { cause?: unknown }).cause && isConnectionError((err as { cause?: unknown }).cause)) {
        throw connectionRefused(this.config.url, req);
      }
      throw new BridgeError("connection", "connection_failed", `cannot reach the bridge at ${this.config.url}: ${(err as Error).message}`, req);
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
    throw new BridgeError("protocol", "invalid_envelope", `the bridge answered HTTP ${statusCode} without the {ok, data} envelope`, req, statusCode);
  }
}
