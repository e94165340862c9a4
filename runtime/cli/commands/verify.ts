import { UsageError } from "../args.js";
import type { Command } from "../command.js";

export const verifyCommand: Command = {
  name: ["verify"],
  summary:
    "Check svc against the running TouchDesigner: the bridge's conformance suite, run inside the build in a scratch COMP it removes.",
  usage: "--live [--json] [--report <file.json>]",
  flags: {
    live: { type: "boolean", description: "run the suite in the TouchDesigner (or tdsim) the bridge runs in" },
    json: { type: "boolean", description: "print the report as JSON" },
    report: {
      type: "string",
      valueName: "file.json",
      description: "also write the JSON report to this file (to attach to an issue)",
    },
  },
  details:
    "Each check ends PASS, FAIL (what was expected, what was read) or UNVERIFIED (why); the report names the build (app.version, app.build, OS). Checks that need exec are UNVERIFIED unless SVC_BRIDGE_ALLOW_EXEC is set in TouchDesigner. Exit codes: 0 no check failed, 1 a check failed or the bridge refused the run, 2 bad usage.",
  async run(args, io) {
    if (args.positionals.length > 0) throw new UsageError(`unexpected argument '${args.positionals[0]}'`);
    if (args.flags.live !== true)
      throw new UsageError("svc verify checks a running build: pass --live (the bridge at SVC_BRIDGE_URL)");
    const [{ bridgeConfigFromEnv }, { runLiveSuite, VerifyError }, { formatReport }] = await Promise.all([
      import("../../engine/index.js"),
      import("../../verify/live-suite.js"),
      import("../../verify/report-text.js"),
    ]);
    const config = bridgeConfigFromEnv(io.env);
    let last = -1;
    const progress = (checked: number, total: number) => {
      const tenth = Math.floor((checked * 10) / total);
      if (io.isTTY) io.stderr(`… verifying: ${checked} of ${total} checks\n`);
      else if (tenth !== last) io.stderr(`svc verify: ${checked} of ${total} checks\n`);
      last = tenth;
    };
    let report;
    try {
      report = await runLiveSuite(config, { progress });
    } catch (err) {
      if (err instanceof VerifyError) {
        io.stderr(`svc verify: ${err.message}\n`);
        return 1;
      }
      const cause = (err as Error).cause instanceof Error ? ((err as Error).cause as Error).message : "";
      io.stderr(
        `svc verify: cannot reach the bridge at ${config.url}: ${(err as Error).message} ${cause}`.trimEnd() + "\n",
      );
      return 1;
    }
    const json = JSON.stringify(report, null, 2) + "\n";
    if (typeof args.flags.report === "string") {
      const { writeFileAtomic } = await import("../../atomic-write.js");
      const { resolve } = await import("node:path");
      await writeFileAtomic(resolve(io.cwd, args.flags.report), json);
    }
    io.stdout(args.flags.json ? json : formatReport(report));
    return report.counts.FAIL === 0 ? 0 : 1;
  },
};
