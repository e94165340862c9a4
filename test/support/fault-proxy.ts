/**
 * An HTTP proxy between svc and tdsim that injects one fault at a chosen request: the answer is
 * lost (the connection is cut after the bridge has answered), held back past the client's timeout,
 * or the connection is cut and the bridge becomes unreachable (nothing listens on the proxy's port)
 * until the test lets it come back. The proxy keeps its port when the bridge behind it changes (a
 * killed tdsim started again), so svc sees one bridge URL throughout, as with a restarted
 * TouchDesigner.
 */
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import type { Socket } from "node:net";

type Fault =
  /** Forward the request, then cut the connection instead of answering. */
  | { kind: "lose-answer" }
  /** Forward the request, then answer only after `ms`. */
  | { kind: "hold-answer"; ms: number }
  /** Forward the request, cut the connection, and stop listening until `restore()`. */
  | { kind: "cut-and-refuse" }
  /** Run `before` (kill the bridge), cut the connection without forwarding, stop listening until `restore()`. */
  | { kind: "cut-before"; before: () => Promise<void> };

export interface FaultPlan {
  /** Which requests count. */
  matches: (method: string, path: string, body: string) => boolean;
  /** The 1-based count of matching requests at which the fault strikes. */
  at: number;
  fault: Fault;
}

export class FaultProxy {
  private server: Server;
  private readonly sockets = new Set<Socket>();
  private plan: FaultPlan | undefined;
  private seen = 0;
  private readonly keys = new Set<string>();
  /** The idempotency key of the request the fault is for ("" for one without a key). */
  private target: string | undefined;
  private listening = false;
  /** Requests that matched the plan so far. */
  get matched(): number {
    return this.seen;
  }
  /** Set once the fault has struck. */
  struck = false;
  /** The bridge's answer to the request the fault struck (undefined when it was not forwarded). */
  struckAnswer: { status: number; body: string } | undefined;
  port = 0;

  private constructor(private upstream: number) {
    this.server = this.newServer();
  }

  static async start(upstreamPort: number): Promise<FaultProxy> {
    const proxy = new FaultProxy(upstreamPort);
    await proxy.listen(0);
    return proxy;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The bridge behind the proxy moved (a restarted tdsim). */
  setUpstream(port: number): void {
    this.upstream = port;
  }

  inject(plan: FaultPlan): void {
    this.plan = plan;
    this.seen = 0;
    this.keys.clear();
    this.target = undefined;
    this.struck = false;
    this.struckAnswer = undefined;
  }

  /** Listens again on the same port after a `cut-and-refuse` or `cut-before`. */
  async restore(): Promise<void> {
    if (!this.listening) {
      this.server = this.newServer();
      await this.listen(this.port);
    }
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    if (this.listening) await new Promise<void>((r) => this.server.close(() => r()));
    this.listening = false;
  }

  private newServer(): Server {
    const server = createServer((req, res) => void this.handle(req, res));
    server.keepAliveTimeout = 60_000;
    server.on("connection", (socket) => {
      this.sockets.add(socket);
      socket.on("close", () => this.sockets.delete(socket));
    });
    return server;
  }

  private listen(port: number): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once("error", reject);
      this.server.listen(port, "127.0.0.1", () => {
        this.server.off("error", reject);
        this.port = (this.server.address() as { port: number }).port;
        this.listening = true;
        resolve();
      });
    });
  }

  /** Stops listening and cuts every connection: a client now finds nothing listening. */
  private async refuse(): Promise<void> {
    if (!this.listening) return;
    this.listening = false;
    const closed = new Promise<void>((r) => this.server.close(() => r()));
    for (const s of this.sockets) s.destroy();
    await closed;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    let fault: Fault | undefined;
    const key = req.headers["idempotency-key"];
    if (this.plan && !this.struck && this.plan.matches(req.method ?? "GET", req.url ?? "/", body.toString("utf8"))) {
      // A request sent again under its key (the bridge shed it) is the same request, counted once.
      if (typeof key !== "string" || !this.keys.has(key)) {
        if (typeof key === "string") this.keys.add(key);
        this.seen++;
        if (this.seen === this.plan.at) this.target = typeof key === "string" ? key : "";
      }
      if (this.target !== undefined && (this.target === "" || this.target === key)) fault = this.plan.fault;
    }
    if (fault?.kind === "cut-before") {
      this.struck = true;
      await fault.before();
      await this.refuse();
      return;
    }
    let answer: { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };
    try {
      answer = await this.forward(req, body);
    } catch {
      // The bridge behind is gone: the client sees its connection cut.
      req.socket.destroy();
      return;
    }
    // The fault strikes a request the bridge ran: one it shed (nothing ran) is answered, and its resend struck.
    if (fault !== undefined && answer.status !== 200) fault = undefined;
    if (fault !== undefined) {
      this.struck = true;
      this.struckAnswer = { status: answer.status, body: answer.body.toString("utf8") };
    }
    if (fault?.kind === "lose-answer") {
      req.socket.destroy();
      return;
    }
    if (fault?.kind === "cut-and-refuse") {
      await this.refuse();
      return;
    }
    if (fault?.kind === "hold-answer") await new Promise((r) => setTimeout(r, fault.ms));
    if (req.socket.destroyed) return;
    res.writeHead(answer.status, answer.headers);
    res.end(answer.body);
  }

  private forward(
    req: IncomingMessage,
    body: Buffer,
  ): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
    return new Promise((resolve, reject) => {
      const headers = { ...req.headers, host: `127.0.0.1:${this.upstream}`, connection: "close" };
      const out = httpRequest(
        { host: "127.0.0.1", port: this.upstream, method: req.method, path: req.url, headers },
        (answer) => {
          const parts: Buffer[] = [];
          answer.on("data", (c: Buffer) => parts.push(c));
          answer.on("end", () => {
            const { connection: _c, "keep-alive": _k, "transfer-encoding": _t, ...rest } = answer.headers;
            resolve({ status: answer.statusCode ?? 502, headers: rest, body: Buffer.concat(parts) });
          });
          answer.on("error", reject);
        },
      );
      out.on("error", reject);
      out.end(body);
    });
  }
}
