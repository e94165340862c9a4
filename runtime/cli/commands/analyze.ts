import { UsageError } from "../args.js";
import { withBridge } from "../bridge-session.js";
import type { Command } from "../command.js";
import { analysisText, readAnalysis } from "../../project/analysis.js";

export const analyzeCommand: Command = {
  name: ["analyze"],
  summary:
    "Sum up a live COMP's network: operators by family and type, wires, depth, errors, nodes svc manages and nodes built by hand, slowest cooks.",
  usage: "[--json] [<COMP path>]",
  flags: { json: { type: "boolean", description: "print the analysis as JSON" } },
  details: "The path defaults to /project1. The walk is bounded; an incomplete analysis says which limit stopped it.",
  async run(args, io, services) {
    if (args.positionals.length > 1) throw new UsageError("give one COMP path, e.g. /project1");
    const path = args.positionals[0] ?? "/project1";
    if (!path.startsWith("/")) throw new UsageError("the path is absolute, e.g. /project1");
    return withBridge("svc analyze", io, services, async (client) => {
      const a = await readAnalysis(client, path);
      io.stdout(args.flags.json ? JSON.stringify(a, null, 2) + "\n" : analysisText(a) + "\n");
      return 0;
    });
  },
};
