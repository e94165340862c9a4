import { UsageError } from "../args.js";
import { withBridge } from "../bridge-session.js";
import type { Command } from "../command.js";

export const kbSyncCommand: Command = {
  name: ["kb", "sync"],
  summary:
    "Read every operator type of the running build through the bridge and keep a knowledge base for that build (svc's folder), used when SVC_KB_BUILD names it.",
  usage: "--live [--json]",
  flags: {
    live: { type: "boolean", description: "read the build the bridge runs in (TouchDesigner or tdsim)" },
    json: { type: "boolean", description: "print the import report as JSON" },
  },
  details:
    "Each type is made in a scratch COMP, read (parameters with style, default, menus, sequences; inputs and outputs) and deleted, a page of types per request. The overlay is <SVC_HOME>/kb/<build>/data (the shipped kb merged with the build's values) and dump.json beside it. SVC_KB_BUILD=<build> (or 'bridge': the build the bridge reports) makes svc's commands, svc lsp and the MCP server use it; svc check --build <build> for one check. Exit codes: 0 written, 1 the bridge refused or is unreachable, 2 bad usage.",
  async run(args, io, services) {
    if (args.positionals.length > 0) throw new UsageError(`unexpected argument '${args.positionals[0]}'`);
    if (args.flags.live !== true) throw new UsageError("svc kb sync reads a running build: pass --live");
    return withBridge("svc kb sync", io, services, async (client) => {
      const { readLiveDump } = await import("../../verify/live-kb.js");
      const { overlayName, writeOverlay } = await import("../../verify/kb-overlay.js");
      const { kbDataDir } = await services.kb();
      let last = -1;
      const { dump, build } = await readLiveDump(client, (read, total) => {
        const tenth = Math.floor((read * 10) / total);
        if (io.isTTY || tenth !== last) io.stderr(`svc kb sync: ${read} of ${total} types read\n`);
        last = tenth;
      });
      const name = overlayName(build);
      // tdsim's catalog is the shipped kb, and what it reports beyond it (a default the kb does not
      // know) is tdsim's assumption, not a fact of a build: its overlay is the shipped kb as it is.
      const merge = build.product !== "tdsim";
      const { dataDir, report } = await writeOverlay(io.env, name, kbDataDir(), dump, merge);
      if (args.flags.json)
        io.stdout(JSON.stringify({ buildName: name, dataDir, merged: merge, ...(report ?? {}) }, null, 2) + "\n");
      else
        io.stdout(
          `svc kb sync: build ${name}: ${dump.operators.length} types read, ${dump.failures.length} could not be made\n` +
            (report
              ? `  ${report.operatorsAdded.length} types added, ${report.operatorsChanged} changed, ${report.operatorsUnchanged} unchanged; ` +
                `${report.paramsAdded} parameters added, ${report.paramsChanged} changed, ${report.paramsAbsentInDump} not in the build\n`
              : "  tdsim's catalog is the shipped knowledge base: its values beyond it are assumptions, so nothing was merged\n") +
            `  written to ${dataDir}; SVC_KB_BUILD=${name} uses it\n`,
        );
      return 0;
    });
  },
};
