import { UsageError, intFlag } from "../args.js";
import type { Command } from "../command.js";

export const initCommand: Command = {
  name: ["init"],
  summary:
    "Set svc up for a first run: stage the bridge, add svc to the MCP clients found, seed the default session profile and, with --token, make a bridge token.",
  usage: "[--dry-run] [--json] [--token] [--port <n>]",
  flags: {
    "dry-run": { type: "boolean", description: "change nothing; say what each step would do" },
    json: { type: "boolean", description: "print the steps as JSON" },
    token: {
      type: "boolean",
      description: "write a new bridge token to svc's env file (~/.svc/env) unless it holds one",
    },
    port: {
      type: "string",
      valueName: "n",
      description: "the Web Server DAT port in the printed textport line (default 9980)",
    },
  },
  details:
    "Nothing existing is overwritten; running it again changes nothing. Then paste the printed line into TouchDesigner's textport and run 'svc doctor'. Exit codes: 0 every step done or current, 1 a step failed, 2 bad usage.",
  async run(args, io) {
    if (args.positionals.length > 0) throw new UsageError(`unexpected argument '${args.positionals[0]}'`);
    const port = intFlag(args, "port", 9980, 1, 65535);
    const { runInit } = await import("../../onboarding/init.js");
    const report = runInit(io.env, { dryRun: Boolean(args.flags["dry-run"]), token: Boolean(args.flags.token), port });
    if (args.flags.json) io.stdout(JSON.stringify(report, null, 2) + "\n");
    else {
      for (const s of report.steps) io.stdout(`${s.outcome.padEnd(8)} ${s.step.padEnd(8)} ${s.detail}\n`);
      io.stdout(
        `\n${report.dry_run ? "then paste" : "paste"} this line into TouchDesigner's textport (Alt+T):\n\n${report.textport}\n\nthen run 'svc doctor'\n`,
      );
    }
    return report.ok ? 0 : 1;
  },
};
