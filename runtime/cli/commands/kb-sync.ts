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
      const { overlayName, overlayRoot, overlayDataDir } = await import("../../verify/kb-overlay.js");
      const { kbDataDir } = await services.kb();
      const { importDump } = await import("../../../kb/import/apply.js");
      const { cpSync, mkdirSync, rmSync, renameSync } = await import("node:fs");
      const { join } = await import("node:path");
      const { writeFileAtomic } = await import("../../atomic-write.js");
      let last = -1;
      const { dump, build } = await readLiveDump(client, (read, total) => {
        const tenth = Math.floor((read * 10) / total);
        if (io.isTTY || tenth !== last) io.stderr(`svc kb sync: ${read} of ${total} types read\n`);
        last = tenth;
      });
      const name = overlayName(build);
      const root = overlayRoot(io.env, name);
      // Built aside and moved in whole: a reader never sees half an overlay.
      const fresh = join(root, `data.new-${process.pid}`);
      rmSync(fresh, { recursive: true, force: true });
      mkdirSync(root, { recursive: true });
      cpSync(kbDataDir(), fresh, { recursive: true });
      const report = importDump(fresh, dump);
      const target = overlayDataDir(io.env, name);
      rmSync(target, { recursive: true, force: true });
      renameSync(fresh, target);
      await writeFileAtomic(join(root, "dump.json"), JSON.stringify(dump) + "\n");
      if (args.flags.json) io.stdout(JSON.stringify({ ...report, buildName: name, dataDir: target }, null, 2) + "\n");
      else
        io.stdout(
          `svc kb sync: build ${name}: ${dump.operators.length} types read, ${dump.failures.length} could not be made\n` +
            `  ${report.operatorsAdded.length} types added, ${report.operatorsChanged} changed, ${report.operatorsUnchanged} unchanged; ` +
            `${report.paramsAdded} parameters added, ${report.paramsChanged} changed, ${report.paramsAbsentInDump} not in the build\n` +
            `  written to ${target}; SVC_KB_BUILD=${name} uses it\n`,
        );
      return 0;
    });
  },
};
