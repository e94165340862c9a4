import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { toJson } from "../../../diagnostics/index.js";
import { UsageError, intFlag } from "../args.js";
import { progressTo, sourcePath, withBridge } from "../bridge-session.js";
import type { Command } from "../command.js";
import { renderDiagnostics } from "../loop-output.js";
import { fileTarget, interruptSignal, watchFiles } from "./file-watch.js";
import { formatStep, summarize } from "./run.js";
import { journalDir } from "../../onboarding/places.js";

export const agentWatchCommand: Command = {
  name: ["watch"],
  summary: "Apply a .svcnet file, then again each time it is saved, with a plan summary per change.",
  usage: "[--debounce <ms>] [--force] [--max-runs <n>] [--json] <file>",
  flags: {
    debounce: {
      type: "string",
      valueName: "ms",
      description: "wait this long after the last write before applying (default 200)",
    },
    force: { type: "boolean", description: "overwrite live edits (drift) instead of leaving them alone" },
    "max-runs": {
      type: "string",
      valueName: "n",
      description: "stop after this many applies, the first included (default: until Ctrl+C)",
    },
    json: { type: "boolean", description: "one JSON line per apply" },
  },
  details: [
    "The first apply runs at once; then each save of the file applies it again, a change at a time.",
    "A file that does not compile is reported and nothing is applied; the watch goes on.",
    "Exit codes: 0 stopped with the last apply clean, 1 the last apply failed or the bridge is unreachable, 2 bad usage.",
  ].join("\n"),
  async run(args, io, services) {
    if (args.positionals.length !== 1) throw new UsageError("give the one .svcnet file to watch");
    const file = args.positionals[0]!;
    if (!existsSync(resolve(io.cwd, file))) throw new UsageError(`no such file: ${file}`);
    const debounceMs = intFlag(args, "debounce", 200, 0, 60_000);
    const maxRuns = intFlag(args, "max-runs", 0, 1, 1_000_000);
    return withBridge("svc-agent watch", io, services, async (client) => {
      const { applyFile } = await import("../../engine/index.js");
      const progress = progressTo(io, "svc-agent watch");
      const interrupt = interruptSignal();
      const done = new AbortController();
      interrupt.signal.addEventListener("abort", () => done.abort(), { once: true });
      let runs = 0;
      let lastOk = false;
      const applyOnce = async () => {
        runs += 1;
        const result = await applyFile(client, sourcePath(io, file), {
          force: Boolean(args.flags.force),
          progress,
          journalDir: journalDir(io.env),
        });
        const step = summarize(runs, file, result);
        lastOk = step.ok;
        if (args.flags.json) io.stdout(JSON.stringify({ ...step, diagnostics: result.diagnostics.map(toJson) }) + "\n");
        else {
          io.stdout(`apply ${formatStep(step)}\n`);
          io.stdout(renderDiagnostics(result.diagnostics, result.sources, io.isTTY));
        }
        if (maxRuns > 0 && runs >= maxRuns) done.abort();
      };
      try {
        io.stderr(`watching ${file} (Ctrl+C stops)\n`);
        await watchFiles([fileTarget(resolve(io.cwd, file))], applyOnce, {
          debounceMs,
          signal: done.signal,
          runAtStart: true,
        });
      } finally {
        interrupt.dispose();
      }
      return lastOk ? 0 : 1;
    });
  },
};
