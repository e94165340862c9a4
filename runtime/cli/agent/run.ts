import { existsSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";
import { toJson } from "../../../diagnostics/index.js";
import { UsageError, type ParsedArgs } from "../args.js";
import { progressTo, sourcePath, withBridge } from "../bridge-session.js";
import type { Command } from "../command.js";
import { renderDiagnostics } from "../loop-output.js";
import { applyFile, type LoopResult } from "../../engine/index.js";
import { CONFIG_FILE, readAgentConfig, type AgentStep } from "./agent-config.js";
import { journalDir } from "../../onboarding/places.js";

export interface StepSummary {
  step: number;
  source: string;
  ok: boolean;
  added: number;
  changed: number;
  destroyed: number;
  requests: number;
  errors: number;
  warnings: number;
}

export function summarize(step: number, source: string, r: LoopResult): StepSummary {
  const sum = (f: (s: { add: number; change: number; destroy: number }) => number) =>
    r.plans.reduce((n, p) => n + f(p.plan.summary), 0);
  const errors = r.diagnostics.filter((d) => d.severity === "error").length;
  return {
    step,
    source,
    ok: r.ok && errors === 0,
    added: sum((s) => s.add),
    changed: sum((s) => s.change),
    destroyed: sum((s) => s.destroy),
    requests: r.outcomes.reduce((n, o) => n + o.requests, 0),
    errors,
    warnings: r.diagnostics.filter((d) => d.severity === "warning").length,
  };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** "3 a.svcnet: ok (+7 ~0 -0, 1 request, 0 errors, 0 warnings)" */
export function formatStep(step: StepSummary): string {
  const counts = `+${step.added} ~${step.changed} -${step.destroyed}, ${plural(step.requests, "request")}, ${plural(step.errors, "error")}, ${plural(step.warnings, "warning")}`;
  return `${step.step} ${step.source}: ${step.ok ? "ok" : "FAILED"} (${counts})`;
}

export const agentRunCommand: Command = {
  name: ["run"],
  summary: "Apply .svcnet files one step at a time (or one from standard input with '-'), with a summary per step.",
  usage: "[--continue-on-error] [--force] [--json] [--config <file>] [<files...>|-]",
  flags: {
    "continue-on-error": { type: "boolean", description: "go on with the next file after a step fails" },
    force: { type: "boolean", description: "overwrite live edits (drift) instead of leaving them alone" },
    json: { type: "boolean", description: "print one JSON object with every step" },
    config: {
      type: "string",
      valueName: "file",
      description: `the steps to run when no files are given (default ./${CONFIG_FILE})`,
    },
  },
  details: [
    `With no files, the steps of ${CONFIG_FILE} run (svc-agent config init writes one): each names its file and may set`,
    "force and no_color (that step's diagnostics without colour, even on a terminal); file names are taken from the file's folder.",
    "Exit codes: 0 every step applied cleanly, 1 a step failed (compile errors, a blocked plan, a failed request or live errors), 2 bad usage.",
  ].join("\n"),
  async run(args, io, services) {
    const steps = await stepsToRun(args.positionals, args.flags, io.cwd);
    if (steps.filter((p) => p.file === "-").length > 1) throw new UsageError("standard input ('-') can be read once");
    for (const p of steps)
      if (p.file !== "-" && !existsSync(resolve(io.cwd, p.file))) throw new UsageError(`no such file: ${p.file}`);
    const continueOnError = Boolean(args.flags["continue-on-error"]) || steps.continueOnError;
    return withBridge("svc-agent run", io, services, async (client) => {
      const done: StepSummary[] = [];
      const details: unknown[] = [];
      const progress = progressTo(io, "svc-agent run");
      for (const [i, given] of steps.entries()) {
        const input = given.file === "-" ? { text: await io.readStdin(), file: "<stdin>" } : sourcePath(io, given.file);
        const result = await applyFile(client, input, {
          force: Boolean(args.flags.force) || given.force,
          progress,
          journalDir: journalDir(io.env),
        });
        const step = summarize(i + 1, given.file === "-" ? "<stdin>" : given.file, result);
        done.push(step);
        if (args.flags.json) details.push({ ...step, diagnostics: result.diagnostics.map(toJson) });
        else {
          io.stdout(`step ${formatStep(step)}\n`);
          io.stdout(renderDiagnostics(result.diagnostics, result.sources, io.isTTY && !given.no_color));
        }
        if (!step.ok && !continueOnError) break;
      }
      const failed = done.filter((s) => !s.ok).length;
      const skipped = steps.length - done.length;
      if (args.flags.json)
        io.stdout(JSON.stringify({ ok: failed === 0 && skipped === 0, steps: details, skipped }, null, 2) + "\n");
      else
        io.stdout(
          `${done.length - failed} step${done.length - failed === 1 ? "" : "s"} ok, ${failed} failed${skipped ? `, ${skipped} not run` : ""}\n`,
        );
      return failed === 0 && skipped === 0 ? 0 : 1;
    });
  },
};

type Steps = AgentStep[] & { continueOnError: boolean };

/** The files of the command line, or else the steps of the config file (their names taken from its folder). */
async function stepsToRun(positionals: string[], flags: ParsedArgs["flags"], cwd: string): Promise<Steps> {
  if (positionals.length > 0) {
    if (typeof flags.config === "string") throw new UsageError("give files or --config, not both");
    return Object.assign(
      positionals.map((file) => ({ file, force: false, no_color: false })),
      { continueOnError: false },
    );
  }
  const file = resolve(cwd, typeof flags.config === "string" ? flags.config : CONFIG_FILE);
  const config = await readAgentConfig(file);
  const steps = config.steps.map((s) => ({
    ...s,
    file: s.file === "-" ? "-" : relative(cwd, resolve(dirname(file), s.file)) || s.file,
  }));
  return Object.assign(steps, { continueOnError: config.continue_on_error });
}
