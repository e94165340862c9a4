import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { packageRoot } from "../package-root.js";

/**
 * Starts tdsim (bridge/sim/run_host.py), the TouchDesigner emulation, as a child process and
 * resolves once it listens. Used by `svc sim` and by end-to-end test suites:
 *
 *   const sim = await startSim({ port: 0 });   // 0 = any free port
 *   ... talk to sim.url ...
 *   await sim.stop();
 */
export interface StartSimOptions {
  /** TCP port on 127.0.0.1; 0 picks a free one (default 0). */
  port?: number;
  /** A saved network state to load (`project.save()` writes back to it). */
  state?: string;
  /** The Web Server DAT callbacks module; default: the bridge's bridge/callbacks/webserver_callbacks.py. */
  callbacks?: string;
  /** The Python interpreter (default: SVC_PYTHON, else python3). */
  python?: string;
  /** Environment for the child (default: this process's). */
  env?: NodeJS.ProcessEnv;
  /** How long to wait for the listening line (default 30 s). */
  startTimeoutMs?: number;
  /** Receives tdsim's stderr lines (default: kept for error messages only). */
  onStderr?: (line: string) => void;
}

export interface RunningSim {
  url: string;
  port: number;
  process: ChildProcess;
  /** Parameter defaults tdsim invents (not from TouchDesigner's documentation), out of all it knows. */
  assumedDefaults?: { assumed: number; total: number };
  /** SIGTERM, then SIGKILL if tdsim has not exited within 10 s. Safe to call twice. */
  stop(): Promise<void>;
}

/** Why tdsim did not start, in one line; `code` tells callers what to say or do. */
export class SimStartError extends Error {
  constructor(
    readonly code: "python-missing" | "port-in-use" | "bad-input" | "exited" | "timeout",
    message: string,
  ) {
    super(message);
    this.name = "SimStartError";
  }
}

const LISTENING = /^tdsim listening on (http:\/\/[^\s:]+:(\d+))\s*$/;
const ASSUMED = /^tdsim assumes (\d+) of (\d+) parameter defaults\s*$/;

export function simHostPath(): string {
  return join(packageRoot(), "bridge", "sim", "run_host.py");
}

export function defaultCallbacksPath(): string | undefined {
  const path = join(packageRoot(), "bridge", "callbacks", "webserver_callbacks.py");
  return existsSync(path) ? path : undefined;
}

export function startSim(options: StartSimOptions = {}): Promise<RunningSim> {
  const env = options.env ?? process.env;
  const python = options.python ?? env.SVC_PYTHON ?? "python3";
  const port = options.port ?? 0;
  // The host stops with the process that started it, so a killed runner leaves no 60 fps loop behind.
  const args = [simHostPath(), "--port", String(port), "--exit-with-parent"];
  if (options.state !== undefined) args.push("--state", resolve(options.state));
  const callbacks = options.callbacks ?? defaultCallbacksPath();
  if (callbacks !== undefined) args.push("--callbacks", resolve(callbacks));

  return new Promise<RunningSim>((resolvePromise, reject) => {
    let settled = false;
    let lastError = "";
    const child = spawn(python, args, { env, stdio: ["ignore", "pipe", "pipe"] });
    const timer = setTimeout(() => {
      fail(new SimStartError("timeout", `tdsim did not start within ${options.startTimeoutMs ?? 30_000} ms`));
      child.kill("SIGKILL");
    }, options.startTimeoutMs ?? 30_000);

    function fail(err: SimStartError): void {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      reject(err);
    }

    child.on("error", (err: NodeJS.ErrnoException) => {
      if (err.code === "ENOENT")
        fail(new SimStartError("python-missing", `${python} was not found; tdsim needs Python 3.11 or newer`));
      else fail(new SimStartError("exited", `cannot run ${python}: ${err.message}`));
    });
    createInterface({ input: child.stderr! }).on("line", (line) => {
      if (line.trim()) lastError = line.trim();
      options.onStderr?.(line);
    });
    const stdout = createInterface({ input: child.stdout! });
    // The listening line, then the count of assumed defaults on the line right after it.
    let listening: RegExpExecArray | undefined;
    const ready = (assumedDefaults?: RunningSim["assumedDefaults"]) => {
      if (settled || !listening) return;
      settled = true;
      clearTimeout(timer);
      resolvePromise({
        url: listening[1]!,
        port: Number(listening[2]),
        process: child,
        ...(assumedDefaults ? { assumedDefaults } : {}),
        stop: () => stopChild(child),
      });
    };
    stdout.on("line", (line) => {
      if (listening) {
        const a = ASSUMED.exec(line);
        return ready(a ? { assumed: Number(a[1]), total: Number(a[2]) } : undefined);
      }
      const m = LISTENING.exec(line);
      if (!m || settled) return;
      listening = m;
    });
    child.on("exit", (code) => {
      const message = lastError || `tdsim exited with code ${code}`;
      if (code === 3) fail(new SimStartError("port-in-use", message.replace(/^tdsim: /, "")));
      else if (code === 2) fail(new SimStartError("bad-input", message.replace(/^tdsim: /, "")));
      else fail(new SimStartError("exited", message));
    });
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise<void>((done) => {
    const kill = setTimeout(() => child.kill("SIGKILL"), 10_000);
    child.once("exit", () => {
      clearTimeout(kill);
      done();
    });
    child.kill("SIGTERM");
  });
}
