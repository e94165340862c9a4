/**
 * Starts the real tdsim Web Server DAT host with the bridge's callbacks, for suites that test
 * the bridge from outside over HTTP. Each host is its own Python process, so each can have its
 * own environment (token, LAN, exec switches) as TouchDesigner's process would.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { connect, type Socket } from "node:net";
import { networkInterfaces } from "node:os";
import { join } from "node:path";
import { request } from "undici";
import { startSim } from "../../runtime/sim/start-sim.js";

export const ROOT = new URL("../..", import.meta.url).pathname;
const CALLBACKS = join(ROOT, "bridge", "callbacks", "webserver_callbacks.py");

export interface SimHost {
  url: string;
  port: number;
  stop(): Promise<void>;
}

export interface HostOptions {
  env?: Record<string, string>;
  bind?: string;
  callbacks?: string;
  /** The host's working folder, which tdsim takes as `project.folder` (default: this process's). */
  cwd?: string;
  /** A saved project (tdsim state) to start from; its folder is `project.folder`. */
  state?: string;
}

const BRIDGE_SWITCHES = [
  "SVC_BRIDGE_TOKEN",
  "SVC_BRIDGE_ALLOW_LAN",
  "SVC_BRIDGE_ALLOW_EXEC",
  "SVC_BRIDGE_EXPORT_DIR",
  "SVC_BRIDGE_EXPRESSIONS",
  "SVC_BRIDGE_FRAME_BUDGET_MS",
];

export async function startHost(options: HostOptions = {}): Promise<SimHost> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of BRIDGE_SWITCHES) delete env[name];
  Object.assign(env, options.env ?? {});
  if (!options.bind && !options.cwd) {
    const sim = await startSim({
      port: 0,
      env,
      callbacks: options.callbacks ?? CALLBACKS,
      ...(options.state ? { state: options.state } : {}),
    });
    return { url: sim.url, port: sim.port, stop: () => sim.stop() };
  }
  return spawnBoundHost(options, env);
}

/** startSim() listens on loopback in this process's folder; a host on another interface or folder is started here. */
function spawnBoundHost(options: HostOptions, env: NodeJS.ProcessEnv): Promise<SimHost> {
  const args = [
    join(ROOT, "bridge", "sim", "run_host.py"),
    "--port",
    "0",
    "--callbacks",
    options.callbacks ?? CALLBACKS,
  ];
  args.push("--bind", options.bind ?? "127.0.0.1");
  const child: ChildProcess = spawn("python3", args, {
    env,
    stdio: ["ignore", "pipe", "pipe"],
    ...(options.cwd ? { cwd: options.cwd } : {}),
  });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`tdsim host did not start within 30 s: ${stderr}`));
    }, 30_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`tdsim host exited with ${code}: ${stderr}`));
    });
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const match = /tdsim listening on (http:\/\/\S+)/.exec(out);
      if (!match) return;
      clearTimeout(timer);
      child.removeAllListeners("exit");
      const url = match[1]!;
      const port = Number(new URL(url).port);
      resolve({
        url,
        port,
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.once("exit", () => done());
            child.kill("SIGTERM");
            setTimeout(() => child.kill("SIGKILL"), 5_000).unref();
          }),
      });
    });
  });
}

/** A non-loopback IPv4 address of this machine, to be a real non-loopback peer; undefined if none. */
export function externalIPv4(): string | undefined {
  for (const list of Object.values(networkInterfaces())) {
    for (const entry of list ?? []) if (entry.family === "IPv4" && !entry.internal) return entry.address;
  }
  return undefined;
}

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: { ok: boolean; data?: any; error?: { code: string; message: string; [k: string]: unknown } };
}

export interface CallOptions {
  body?: unknown;
  rawBody?: string | Buffer;
  headers?: Record<string, string>;
  /** Connect here instead of the host's own URL (e.g. an external address of this machine). */
  origin?: string;
  /** Return a shed request's 503 instead of sending it again. */
  asSent?: boolean;
}

/**
 * One HTTP request to the bridge; JSON body unless rawBody is given. A request the bridge shed
 * (503 `overloaded`: nothing of it ran) is sent again after the wait it asks for, as svc's client
 * does, unless `asSent` is given.
 */
export async function call(host: SimHost, method: string, path: string, options: CallOptions = {}): Promise<Reply> {
  const giveUp = Date.now() + 30_000;
  for (;;) {
    const reply = await callOnce(host, method, path, options);
    if (options.asSent || reply.status !== 503 || reply.body.error?.code !== "overloaded" || Date.now() > giveUp)
      return reply;
    await new Promise((r) => setTimeout(r, Number(reply.body.error?.retry_after_ms ?? 20)));
  }
}

async function callOnce(host: SimHost, method: string, path: string, options: CallOptions): Promise<Reply> {
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  let body: string | Buffer | undefined = options.rawBody;
  if (body === undefined && options.body !== undefined) {
    body = JSON.stringify(options.body);
    if (!Object.keys(headers).some((h) => h.toLowerCase() === "content-type"))
      headers["content-type"] = "application/json";
  }
  const res = await request((options.origin ?? host.url) + path, {
    method: method as "GET",
    headers,
    ...(body === undefined ? {} : { body }),
  });
  const text = await res.body.text();
  let parsed: Reply["body"];
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`not JSON (HTTP ${res.statusCode}): ${text.slice(0, 300)}`);
  }
  return { status: res.statusCode, headers: res.headers, body: parsed };
}

export const enc = (path: string) => encodeURIComponent(path);

/** The first whole response on a connection (head and Content-Length bytes of body), or what came before it closed. */
export function firstResponse(socket: Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = "";
    const onData = (d: Buffer) => {
      out += d.toString("latin1");
      const end = out.indexOf("\r\n\r\n");
      const length = Number(/content-length: (\d+)/i.exec(out)?.[1] ?? NaN);
      if (end >= 0 && out.length - end - 4 >= length) {
        socket.off("data", onData);
        resolve(out);
      }
    };
    socket.on("data", onData);
    socket.on("end", () => resolve(out));
    socket.on("error", reject);
  });
}

/** Sends raw bytes on a new connection and resolves with the first whole response. */
export async function raw(host: SimHost, bytes: string): Promise<string> {
  const socket = connect(host.port, "127.0.0.1");
  socket.write(bytes);
  try {
    return await firstResponse(socket);
  } finally {
    socket.destroy();
  }
}

export function envelopeOf(response: string): {
  status: number;
  body: { ok: boolean; error: { code: string; message: string } };
} {
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(response)?.[1]);
  if (!response.toLowerCase().includes("content-type: application/json"))
    throw new Error(`not a JSON reply: ${response.slice(0, 300)}`);
  return { status, body: JSON.parse(response.slice(response.indexOf("\r\n\r\n") + 4)) };
}
