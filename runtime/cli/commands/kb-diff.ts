import { UsageError } from "../args.js";
import { withBridge } from "../bridge-session.js";
import type { Command } from "../command.js";

export const kbDiffCommand: Command = {
  name: ["kb", "diff"],
  summary:
    "Compare the running build's operator types with the shipped knowledge base: missing and extra types and parameters, styles, defaults, menus.",
  usage: "--live [--json]",
  flags: {
    live: { type: "boolean", description: "read the build the bridge runs in (TouchDesigner or tdsim)" },
    json: { type: "boolean", description: "print the differences as JSON (to attach to an issue)" },
  },
  details:
    "A value only one side knows (a default the knowledge base has not got) is not a difference; 'svc kb sync --live' fills those in. Exit codes: 0 no difference, 1 differences (or the bridge refused), 2 bad usage.",
  async run(args, io, services) {
    if (args.positionals.length > 0) throw new UsageError(`unexpected argument '${args.positionals[0]}'`);
    if (args.flags.live !== true) throw new UsageError("svc kb diff compares a running build: pass --live");
    return withBridge("svc kb diff", io, services, async (client) => {
      const { readLiveDump } = await import("../../verify/live-kb.js");
      const { overlayName } = await import("../../verify/kb-overlay.js");
      const { formatKbDiff } = await import("../../verify/kb-diff-text.js");
      const { diffDump } = await import("../../../kb/import/diff.js");
      const { allOperatorEntries, getOperatorByType } = await services.kb();
      let last = -1;
      const { dump, build } = await readLiveDump(client, (read, total) => {
        const tenth = Math.floor((read * 10) / total);
        if (io.isTTY || tenth !== last) io.stderr(`svc kb diff: ${read} of ${total} types read\n`);
        last = tenth;
      });
      const diff = diffDump(
        dump,
        allOperatorEntries().map((e) => e.type),
        getOperatorByType,
      );
      const name = overlayName(build);
      io.stdout(
        args.flags.json ? JSON.stringify({ buildName: name, ...diff }, null, 2) + "\n" : formatKbDiff(diff, name),
      );
      const differs = diff.missingTypes.length + diff.extraTypes.length + diff.failedTypes.length + diff.types.length;
      return differs === 0 ? 0 : 1;
    });
  },
};
