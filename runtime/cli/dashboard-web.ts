/**
 * `svc dashboard --web`: the show dashboard as a page on loopback. One sampler reads the bridge
 * every interval (runtime/show/dashboard.ts); the page (`/`) follows it through server-sent events
 * (`/events`), and `/sample` answers the latest sample as JSON for anything that polls.
 *
 * A loopback page is reachable from any web page the operator's browser opens, so every request is
 * checked before routing (spec 5.2.3): the peer must be loopback, Host must name this server on its
 * port with a loopback name (a DNS-rebound name is refused), and an Origin, when sent, must be a
 * loopback origin; otherwise 403. Only GET is served, and the number of open event streams is bounded.
 */
import type { Services } from "../services.js";
import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { BridgeClient } from "../engine/index.js";
import { hostAllowed, originAllowed } from "../mcp/transports/http-guard.js";
import { sampleDashboard, type DashboardSample } from "../show/dashboard.js";
import { withBridge } from "./bridge-session.js";
import type { CommandIO } from "./command.js";
import { DASHBOARD_PAGE, DASHBOARD_SCRIPT } from "./dashboard-page.js";

/** What the page shows: the latest sample, or why there is none (the bridge stopped answering). */
type DashboardState =
  { sample: DashboardSample; error?: undefined } | { sample?: DashboardSample | undefined; error: string; at: string };

export interface DashboardWebOptions {
  bridge: BridgeClient;
  cues: string;
  intervalMs: number;
  /** 0: any free port. */
  port: number;
  /** Called after each sample (the CLI counts them). */
  onSample?: (state: DashboardState) => void;
}

export interface DashboardWeb {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Event streams open at once; one more is answered 503. */
const MAX_STREAMS = 16;
const LOOPBACK_PEERS = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

function refuse(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store", ...headers });
  res.end(message + "\n");
}

const scriptHash = createHash("sha256").update(DASHBOARD_SCRIPT, "utf8").digest("base64");
const securityHeaders = {
  "cache-control": "no-store",
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "content-security-policy": `default-src 'none'; script-src 'sha256-${scriptHash}'; style-src 'unsafe-inline'; connect-src 'self'`,
};

export async function startDashboardWeb(options: DashboardWebOptions): Promise<DashboardWeb> {
  let state: DashboardState = { error: "no sample yet", at: new Date().toISOString().slice(11, 19) };
  let previous: Awaited<ReturnType<typeof sampleDashboard>>["next"] | undefined;
  const streams = new Set<ServerResponse>();
  let port = options.port;

  const sample = async () => {
    try {
      const r = await sampleDashboard(options.bridge, options.cues, previous);
      previous = r.next;
      state = { sample: r.sample };
    } catch (err) {
      // The page keeps the last sample and says the bridge stopped answering.
      state = {
        sample: state.sample,
        error: `the bridge did not answer: ${(err as Error).message}`,
        at: new Date().toISOString().slice(11, 19),
      };
    }
    const event = `data: ${JSON.stringify(state)}\n\n`;
    for (const res of streams) res.write(event);
    options.onSample?.(state);
  };

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    if (!LOOPBACK_PEERS.has(req.socket.remoteAddress ?? ""))
      return refuse(res, 403, "forbidden: the dashboard answers this machine only");
    if (!hostAllowed(req.headers.host, port))
      return refuse(res, 403, "forbidden: the Host header must name this loopback server");
    if (!originAllowed(req.headers.origin))
      return refuse(res, 403, "forbidden: requests from a non-loopback Origin are refused");
    if (req.method !== "GET") return refuse(res, 405, "only GET", { allow: "GET" });
    const path = (req.url ?? "/").split("?")[0];
    if (path === "/") {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8", ...securityHeaders });
      return res.end(DASHBOARD_PAGE);
    }
    if (path === "/sample") {
      res.writeHead(200, { "content-type": "application/json", ...securityHeaders });
      return res.end(JSON.stringify(state));
    }
    if (path === "/events") {
      if (streams.size >= MAX_STREAMS)
        return refuse(res, 503, `at most ${MAX_STREAMS} dashboards at once`, { "retry-after": "5" });
      res.writeHead(200, { "content-type": "text/event-stream", connection: "keep-alive", ...securityHeaders });
      res.write(`retry: ${Math.max(1000, options.intervalMs)}\ndata: ${JSON.stringify(state)}\n\n`);
      streams.add(res);
      req.on("close", () => streams.delete(res));
      return;
    }
    refuse(res, 404, "not found: / (the page), /events (server-sent samples), /sample (the latest as JSON)");
  };

  const server = createServer(handle);
  server.headersTimeout = 10_000;
  server.requestTimeout = 10_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, "127.0.0.1", () => resolve());
  });
  port = (server.address() as AddressInfo).port;

  // One sampler for every viewer; a sample never overlaps the previous one.
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const loop = async () => {
    await sample();
    if (!stopped) timer = setTimeout(() => void loop(), options.intervalMs);
  };
  const first = loop();

  return {
    url: `http://127.0.0.1:${port}/`,
    port,
    async close() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await first.catch(() => undefined);
      for (const res of streams) res.end();
      streams.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export interface ServeDashboardInput {
  io: CommandIO;
  services: Services;
  cues: string;
  intervalMs: number;
  port: number;
  /** Stop after this many samples (Infinity: until Ctrl-C). */
  count: number;
}

/** The command: serves until Ctrl-C or `count` samples, printing where. Exit 1 when the port is taken. */
export async function serveDashboard({
  io,
  services,
  cues,
  intervalMs,
  port,
  count,
}: ServeDashboardInput): Promise<number> {
  return withBridge("svc dashboard", io, services, async (bridge) => {
    let samples = 0;
    let finish: () => void = () => undefined;
    const done = new Promise<void>((resolve) => (finish = resolve));
    let web: DashboardWeb;
    try {
      web = await startDashboardWeb({ bridge, cues, intervalMs, port, onSample: () => ++samples >= count && finish() });
    } catch (err) {
      io.stderr(`svc dashboard: cannot listen on 127.0.0.1:${port}: ${(err as Error).message}\n`);
      return 1;
    }
    io.stdout(`svc dashboard: ${web.url} (this machine only; Ctrl-C to stop)\n`);
    process.once("SIGINT", finish);
    try {
      await done;
    } finally {
      process.removeListener("SIGINT", finish);
      await web.close();
    }
    return 0;
  });
}
