/**
 * The bridge's event stream (bridge/README.md, "Events") as seen from svc: a ticket from
 * `POST /api/events/ticket` (token and all), the WebSocket, the hello, then events. The connection
 * is kept: when it drops or cannot be made, it is tried again after a backoff that doubles from
 * `minBackoffMs` to `maxBackoffMs` (with jitter), and starts over once a welcome arrives.
 */
import type { WebSocket } from "undici";

// undici (over 100 modules) is loaded when a stream first connects, not when the engine is imported.
const undici = () => import("undici");

const HIGH_FREQUENCY_EVENTS = ["timeline.frame", "node.cook"] as const;

export interface BridgeEvent {
  event: string;
  seq: number;
  frame: number;
  time: number;
  data: Record<string, unknown>;
}

export type StreamStatus =
  { state: "connected"; bridgeVersion: string } | { state: "disconnected"; reason: string; retryInMs: number };

export interface EventStreamOptions {
  /** The bridge's HTTP address, e.g. http://127.0.0.1:9980. */
  url: string;
  token?: string;
  /** High-frequency events to ask for; anything else of that kind is dropped here too. */
  highFrequency?: readonly string[];
  minBackoffMs?: number;
  maxBackoffMs?: number;
}

interface TicketReply {
  ok: boolean;
  data?: { ticket: string; stream_path: string };
  error?: { code: string; message: string };
}

export class BridgeEventStream {
  private readonly listeners = new Set<(event: BridgeEvent) => void>();
  private readonly statusListeners = new Set<(status: StreamStatus) => void>();
  private readonly highFrequency: ReadonlySet<string>;
  private socket: WebSocket | undefined;
  private timer: NodeJS.Timeout | undefined;
  private attempt = 0;
  private running = false;
  private connected = false;

  constructor(private readonly options: EventStreamOptions) {
    this.highFrequency = new Set(options.highFrequency ?? []);
  }

  get isConnected(): boolean {
    return this.connected;
  }

  /** Calls fn for every event; returns the function that stops it. */
  on(fn: (event: BridgeEvent) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  onStatus(fn: (status: StreamStatus) => void): () => void {
    this.statusListeners.add(fn);
    return () => this.statusListeners.delete(fn);
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    void this.connect();
  }

  stop(): void {
    this.running = false;
    clearTimeout(this.timer);
    this.connected = false;
    const socket = this.socket;
    this.socket = undefined;
    socket?.close();
  }

  private async ticket(): Promise<{ ticket: string; path: string }> {
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (this.options.token) headers.authorization = `Bearer ${this.options.token}`;
    const { request } = await undici();
    const reply = await request(`${this.options.url}/api/events/ticket`, {
      method: "POST",
      headers,
      body: "{}",
      headersTimeout: 10_000,
      bodyTimeout: 10_000,
    });
    const envelope = (await reply.body.json()) as TicketReply;
    if (!envelope.ok || !envelope.data)
      throw new Error(`${envelope.error?.code ?? reply.statusCode}: ${envelope.error?.message ?? "no ticket"}`);
    return { ticket: envelope.data.ticket, path: envelope.data.stream_path };
  }

  private async connect(): Promise<void> {
    let ticket: { ticket: string; path: string };
    try {
      ticket = await this.ticket();
    } catch (err) {
      return this.retry(err instanceof Error ? err.message : String(err));
    }
    const { WebSocket } = await undici();
    if (!this.running) return;
    const socket = new WebSocket(this.options.url.replace(/^http/, "ws") + ticket.path);
    this.socket = socket;
    let reason = "the stream closed";
    socket.addEventListener("open", () => {
      socket.send(JSON.stringify({ type: "hello", ticket: ticket.ticket, high_frequency: [...this.highFrequency] }));
    });
    socket.addEventListener("message", (message) => {
      let parsed: { type?: string; event?: string; code?: string; message?: string; bridge_version?: string };
      try {
        parsed = JSON.parse(String(message.data));
      } catch {
        return;
      }
      if (parsed.type === "welcome") {
        this.attempt = 0;
        this.connected = true;
        this.status({ state: "connected", bridgeVersion: String(parsed.bridge_version ?? "") });
      } else if (parsed.type === "error") {
        reason = `${parsed.code}: ${parsed.message}`;
      } else if (parsed.type === "event" && typeof parsed.event === "string") {
        if (
          (HIGH_FREQUENCY_EVENTS as readonly string[]).includes(parsed.event) &&
          !this.highFrequency.has(parsed.event)
        )
          return;
        for (const fn of this.listeners) fn(parsed as unknown as BridgeEvent);
      }
    });
    socket.addEventListener("error", () => {});
    socket.addEventListener("close", () => {
      if (this.socket !== socket) return;
      this.socket = undefined;
      this.connected = false;
      this.retry(reason);
    });
  }

  private retry(reason: string): void {
    if (!this.running) return;
    const min = this.options.minBackoffMs ?? 250;
    const max = this.options.maxBackoffMs ?? 10_000;
    const delay = Math.round(Math.min(max, min * 2 ** this.attempt) * (0.5 + Math.random() * 0.5));
    this.attempt = Math.min(this.attempt + 1, 30);
    this.status({ state: "disconnected", reason, retryInMs: delay });
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.connect(), delay);
    this.timer.unref?.();
  }

  private status(status: StreamStatus): void {
    for (const fn of this.statusListeners) fn(status);
  }
}
