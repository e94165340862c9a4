import { writeFileAtomicSync } from "../../atomic-write.js";
import { resolve } from "node:path";
import { UsageError } from "../args.js";
import { progressTo, withBridge } from "../bridge-session.js";
import type { Command } from "../command.js";
import type { ExportedNetwork } from "../../engine/index.js";

export const exportCommand: Command = {
  name: ["export"],
  summary:
    "Print live networks as canonical .svcnet (non-default parameters, expressions, binds, wires, flags, controls, DAT text).",
  usage:
    "[--out <file>] <network path>... | --format tdn [--out <file.tdn>] [--network <name>] <network path | file.svcnet>",
  flags: {
    out: { type: "string", valueName: "file", description: "write to a file instead of standard output" },
    format: {
      type: "string",
      valueName: "svcnet|tdn",
      description: "svcnet (default), or tdn: one network as a TDN file (Embody's format), live or from a .svcnet file",
    },
    network: {
      type: "string",
      valueName: "name",
      description: "with --format tdn and a file: the network to write, when the file builds several",
    },
  },
  details:
    "What svc applied and nobody changed since keeps its source text and comments; everything else is written from the live state.",
  async run(args, io, services) {
    if (args.flags.format === "tdn") return (await import("./export-tdn.js")).exportTdn(args, io, services);
    if (args.flags.format !== undefined && args.flags.format !== "svcnet")
      throw new UsageError(`unknown --format '${String(args.flags.format)}': svcnet or tdn`);
    const { exportProgram, readExport } = await import("../../engine/index.js");
    if (args.positionals.length === 0 || args.positionals.some((p) => !p.startsWith("/"))) {
      throw new UsageError("give the absolute path of one or more network COMPs, e.g. /project1/tunnel");
    }
    return withBridge("svc export", io, services, async (client) => {
      const networks: ExportedNetwork[] = [];
      for (const root of args.positionals) {
        const exported = await readExport(client, root, progressTo(io, "svc export"));
        if (exported === undefined) {
          io.stderr(`svc export: nothing is at ${root}\n`);
          return 1;
        }
        networks.push(exported);
      }
      const text = await exportProgram(networks);
      if (typeof args.flags.out === "string") {
        // Often over the user's own .svcnet: replaced whole or not at all.
        writeFileAtomicSync(resolve(io.cwd, args.flags.out), text);
        io.stdout(`Exported ${networks.length} network${networks.length === 1 ? "" : "s"} to ${args.flags.out}\n`);
      } else {
        io.stdout(text);
      }
      return 0;
    });
  },
};
