import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { toJson } from "../../../diagnostics/index.js";
import { UsageError } from "../args.js";
import { progressTo, sourcePath, withBridge } from "../bridge-session.js";
import type { Command } from "../command.js";
import { renderDiagnostics } from "../loop-output.js";
import { applyFile, type LoopResult } from "../../loop/run-loop.js";

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
  const sum = (f: (s: { add: number; change: number; destroy: number }) => number) => r.plans.reduce((n, p) => n + f(p.plan.summary), 0);
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
  usage: "[--continue-on-error] [--force] [--json] <files...|->",
  flags: {
    "continue-on-error": { type: "boolean", description: "go on with the next file after a step fails" },
    force: { type: "boolean", description: "overwrite live edits (drift) instead of leaving them alone" },
    json: { type: "boolean", description: "print one JSON object with every step" },
  },
  details: "Exit codes: 0 every step applied cleanly, 1 a step failed (compile errors, a blocked plan, a failed request or live errors), 2 bad usage.",
  async run(args, io) {
    if (args.positionals.length === 0) throw new UsageError("give .svcnet files to run, or '-' to read one from standard input");
    if (args.positionals.filter((p) => p === "-").length > 1) throw new UsageError("standard input ('-') can be read once");
    for (const p of args.positionals) if (p !== "-" && !existsSync(resolve(io.cwd, p))) throw new UsageError(`no such file: ${p}`);
    return withBridge("svc-agent run", io, async (client) => {
      const steps: StepSummary[] = [];
      const details: unknown[] = [];
      const progress = progressTo(io);
      for (const [i, given] of args.positionals.entries()) {
        const input = given === "-" ? { text: await io.readStdin(), file: "<stdin>" } : sourcePath(io, given);
        const result = await applyFile(client, input, { force: Boolean(args.flags.force), ...(progress ? { progress } : {}) });
        const step = summarize(i + 1, given === "-" ? "<stdin>" : given, result);
        steps.push(step);
        if (args.flags.json) details.push({ ...step, diagnostics: result.diagnostics.map(toJson) });
        else {
          io.stdout(`step ${formatStep(step)}\n`);
          io.stdout(renderDiagnostics(result.diagnostics, result.sources, io.isTTY));
        }
        if (!step.ok && !args.flags["continue-on-error"]) break;
      }
      const failed = steps.filter((s) => !s.ok).length;
      const skipped = args.positionals.length - steps.length;
      if (args.flags.json) io.stdout(JSON.stringify({ ok: failed === 0 && skipped === 0, steps: details, skipped }, null, 2) + "\n");
      else io.stdout(`${steps.length - failed} step${steps.length - failed === 1 ? "" : "s"} ok, ${failed} failed${skipped ? `, ${skipped} not run` : ""}\n`);
      return failed === 0 && skipped === 0 ? 0 : 1;
    });
  },
};
