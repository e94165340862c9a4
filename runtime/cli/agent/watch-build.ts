import { spawnSync } from "node:child_process";
import type { Services } from "../../services.js";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { UsageError, intFlag } from "../args.js";
import type { Command } from "../command.js";
import { interruptSignal, watchFiles, type WatchTarget } from "./file-watch.js";

const STAGED = ["svc_bridge", "callbacks"];

/** Byte-compiles the files in a throwaway cache folder; the first error, or undefined. */
function pyCompile(python: string, files: string[]): string | undefined {
  const cache = mkdtempSync(join(tmpdir(), "svc-pycompile-"));
  try {
    const run = spawnSync(
      python,
      ["-c", "import py_compile, sys\nfor f in sys.argv[1:]: py_compile.compile(f, doraise=True)", ...files],
      {
        env: { ...process.env, PYTHONPYCACHEPREFIX: cache },
        encoding: "utf8",
        timeout: 120_000,
      },
    );
    if (run.error) return `${python} did not run: ${run.error.message}`;
    if (run.status === 0) return undefined;
    return (
      run.stderr.trim().split("\n").filter(Boolean).slice(-3).join(" ") || `py_compile exited ${run.status}`
    ).slice(0, 2000);
  } finally {
    rmSync(cache, { recursive: true, force: true });
  }
}

async function reload(services: Services): Promise<string> {
  const { BridgeError } = await import("../../engine/index.js");
  try {
    const r = await (
      await services.bridge()
    ).post<{ before: string; after: string; modules: number }>("/api/dev/reload", {});
    return r.before === r.after ? `reloaded bridge ${r.after}` : `reloaded bridge ${r.before} as ${r.after}`;
  } catch (err) {
    if (err instanceof BridgeError) return `not reloaded: ${err.oneLine()}`;
    throw err;
  }
}

export const agentWatchBuildCommand: Command = {
  name: ["watch-build"],
  summary:
    "Watch the bridge's Python sources: on each save byte-compile them, stage them and reload the running bridge.",
  usage:
    "[--source <bridge dir>] [--dir <staged dir>] [--no-py-compile] [--no-reload-bridge] [--debounce <ms>] [--max-runs <n>]",
  flags: {
    source: {
      type: "string",
      valueName: "path",
      description: "the bridge folder to watch (default: this svc's bridge/)",
    },
    dir: {
      type: "string",
      valueName: "path",
      description: "stage into this folder (default ~/.svc/bridge/<version>/, as svc install-bridge)",
    },
    "no-py-compile": {
      type: "boolean",
      description: "stage without byte-compiling first (a syntax error then shows at the reload)",
    },
    "no-reload-bridge": { type: "boolean", description: "stage only; leave the running bridge as it is" },
    debounce: { type: "string", valueName: "ms", description: "wait this long after the last write (default 200)" },
    "max-runs": {
      type: "string",
      valueName: "n",
      description: "stop after this many builds, the first included (default: until Ctrl+C)",
    },
  },
  details: [
    "A build runs at once and after each save of a .py file under svc_bridge/ or callbacks/. A file that does not",
    "byte-compile stops that build before anything is staged. The reload is the bridge's own (POST /api/dev/reload,",
    "the reload_bridge tool): it refuses while open work would be dropped, and keeps the old code if the new fails.",
    "SVC_PYTHON names the Python (default python3). Exit codes: 0 stopped with the last build clean, 1 it failed, 2 bad usage.",
  ].join("\n"),
  async run(args, io, services) {
    if (args.positionals.length > 0) throw new UsageError(`unexpected argument '${args.positionals[0]}'`);
    const debounceMs = intFlag(args, "debounce", 200, 0, 60_000);
    const maxRuns = intFlag(args, "max-runs", 0, 1, 1_000_000);
    const { StageError, bridgeSourceDir, bridgeVersion, defaultStageDir, pythonFiles, stageBridge } =
      await import("../../bridge-install/stage.js");
    const source = typeof args.flags.source === "string" ? resolve(io.cwd, args.flags.source) : bridgeSourceDir();
    let version: string;
    try {
      version = bridgeVersion(source);
    } catch (err) {
      throw new UsageError(`${source} is not a bridge folder (${err instanceof Error ? err.message : String(err)})`);
    }
    const target = typeof args.flags.dir === "string" ? resolve(io.cwd, args.flags.dir) : defaultStageDir(version);
    const python = io.env.SVC_PYTHON?.trim() || "python3";
    const interrupt = interruptSignal();
    const done = new AbortController();
    interrupt.signal.addEventListener("abort", () => done.abort(), { once: true });
    let runs = 0;
    let lastOk = false;
    const build = async (changed: string[]) => {
      runs += 1;
      const parts: string[] = [];
      lastOk = false;
      try {
        if (!args.flags["no-py-compile"]) {
          const present = changed.map((f) => resolve(process.cwd(), f)).filter((f) => existsSync(f));
          const files = changed.length > 0 ? present : STAGED.flatMap((d) => pythonFiles(join(source, d)));
          const error = files.length > 0 ? pyCompile(python, files) : undefined;
          if (error !== undefined) {
            io.stdout(`build ${runs}: FAILED, not staged: ${error}\n`);
            return;
          }
          parts.push(`compiled ${files.length} file${files.length === 1 ? "" : "s"}`);
        }
        const staged = stageBridge(target, source);
        parts.push(
          staged.written
            ? `staged bridge ${staged.version} in ${staged.dir}`
            : `bridge ${staged.version} already staged`,
        );
        lastOk = true;
        if (!args.flags["no-reload-bridge"]) {
          const reloaded = await reload(services);
          lastOk = !reloaded.startsWith("not reloaded");
          parts.push(reloaded);
        }
        io.stdout(`build ${runs}: ${lastOk ? "ok" : "FAILED"}, ${parts.join(", ")}\n`);
      } catch (err) {
        if (!(err instanceof StageError)) throw err;
        io.stdout(`build ${runs}: FAILED, ${err.message}\n`);
      } finally {
        if (maxRuns > 0 && runs >= maxRuns) done.abort();
      }
    };
    const targets: WatchTarget[] = STAGED.map((d) => ({
      dir: join(source, d),
      recursive: true,
      accept: (name) => name.endsWith(".py") && !name.includes("__pycache__"),
    }));
    try {
      io.stderr(`watching ${source} (Ctrl+C stops)\n`);
      await watchFiles(targets, build, { debounceMs, signal: done.signal, runAtStart: true });
    } finally {
      interrupt.dispose();
    }
    return lastOk ? 0 : 1;
  },
};
