import { writeFileAtomicSync } from "../../atomic-write.js";
import { resolve } from "node:path";
import { UsageError } from "../args.js";
import { withBridge } from "../bridge-session.js";
import type { Command } from "../command.js";

export const adoptCommand: Command = {
  name: ["adopt"],
  summary:
    "Export a hand-built COMP as canonical .svcnet; with --confirm also let svc manage what is inside (one undo step; 'svc release' gives it back).",
  usage: "[--out <file.svcnet>] [--confirm] <COMP path>",
  flags: {
    out: {
      type: "string",
      valueName: "file.svcnet",
      description: "write the source to a file instead of standard output",
    },
    confirm: {
      type: "boolean",
      description: "take ownership: tag the nodes and store svc's record; without it nothing changes",
    },
  },
  details:
    "The COMP itself stays the artist's (svc never replaces or deletes it), but its parameters and controls are the file's from then on, and the nodes inside become svc's, so 'svc plan' of the exported file then has nothing to do; 'svc release' gives them back.",
  async run(args, io, services) {
    if (args.positionals.length !== 1 || !args.positionals[0]!.startsWith("/"))
      throw new UsageError("give the absolute path of one COMP, e.g. /project1/show");
    const path = args.positionals[0]!;
    const { adopt } = await import("../../engine/index.js");
    return withBridge("svc adopt", io, services, async (client) => {
      const r = await adopt(client, path, args.flags.confirm === true);
      if (!r.ok) {
        if (r.code === "diagnostics" && r.planned) {
          const { renderDiagnostics } = await import("../loop-output.js");
          io.stderr(
            renderDiagnostics(
              r.planned.diagnostics.filter((d) => d.severity === "error"),
              r.planned.sources,
              false,
            ),
          );
        }
        io.stderr(`svc adopt: ${r.message}\n`);
        return 1;
      }
      if (typeof args.flags.out === "string") writeFileAtomicSync(resolve(io.cwd, args.flags.out), r.source);
      else io.stdout(r.source);
      const where = typeof args.flags.out === "string" ? `wrote ${args.flags.out}; ` : "";
      if (!r.adopted) {
        io.stderr(
          `svc adopt: ${where}read-only export of ${r.taken.length} node(s); nothing changed (--confirm lets svc manage them)\n`,
        );
      } else {
        io.stderr(
          `svc adopt: ${where}svc now manages ${r.taken.length} node(s) in ${r.path}${r.replan?.empty ? "; planning it again finds nothing to do" : `; planning it again still shows:\n${r.replan?.text ?? ""}`}\n`,
        );
      }
      if (r.leftOut.length > 0) io.stderr(`svc adopt: left out (stay the artist's): ${r.leftOut.join(", ")}\n`);
      return 0;
    });
  },
};

export const releaseCommand: Command = {
  name: ["release"],
  summary:
    "Stop managing a network: svc's tags and record come off in one undo step; every node stays as it is, the artist's.",
  usage: "<COMP path>",
  flags: {},
  async run(args, io, services) {
    if (args.positionals.length !== 1 || !args.positionals[0]!.startsWith("/"))
      throw new UsageError("give the absolute path of one COMP, e.g. /project1/show");
    const { release } = await import("../../engine/index.js");
    return withBridge("svc release", io, services, async (client) => {
      const r = await release(client, args.positionals[0]!);
      if (!r.ok) {
        io.stderr(`svc release: ${r.message}\n`);
        return 1;
      }
      io.stdout(
        `svc no longer manages ${r.path}: ${r.released.length} node(s) are the artist's now ('svc adopt ${r.path} --confirm' takes them back)\n`,
      );
      return 0;
    });
  },
};
