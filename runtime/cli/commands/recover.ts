import { UsageError } from "../args.js";
import { progressTo, withBridge } from "../bridge-session.js";
import type { Command } from "../command.js";
import { renderDiagnostics } from "../loop-output.js";
import type { RecoveryReport } from "../../engine/index.js";

const DEFAULT_ROOT = "/project1/{network}";

/** The network root named on the command line: a path as given, a name placed by the root template. */
function rootOf(given: string, template: string): string {
  if (given.startsWith("/")) return given.replace(/\/+$/, "") || "/";
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(given))
    throw new UsageError(`'${given}' is neither a network name nor a path starting with '/'`);
  return template.replace("{network}", given);
}

function reportLine(r: RecoveryReport): string {
  const landed = `${r.landed} of ${r.totalRequests} request${r.totalRequests === 1 ? "" : "s"} had landed${r.unknown > 0 ? ` (and ${r.unknown} more may have)` : ""}`;
  return `${r.root}: ${landed}; ${r.summary}\n`;
}

export const recoverCommand: Command = {
  name: ["recover"],
  summary:
    "Finish an apply that was cut off (svc, the bridge or the connection stopped): roll back what landed, or keep it with --keep-partial.",
  usage: "[--json] [--keep-partial] [--root <path>] [<network>]",
  flags: {
    json: { type: "boolean", description: "print the result as JSON" },
    "keep-partial": {
      type: "boolean",
      description: "keep what the unfinished apply changed instead of rolling it back",
    },
    root: {
      type: "string",
      valueName: "path",
      description: "where networks are built, with {network} for the name (default /project1/{network})",
    },
  },
  details:
    "Without <network>, every unfinished apply against the bridge at SVC_BRIDGE_URL is finished; <network> is a name (placed by --root) or a root path.\n" +
    "svc journals an apply of several requests in SVC_STATE_DIR (default state/ in SVC_HOME) until it ends. 'svc plan', 'svc apply' and 'svc status' do the same recovery by themselves before anything else; this command does it on its own.\n" +
    "Each unfinished apply is reported with how many requests had landed and what was undone or kept.\n" +
    "Exit codes: 0 nothing unfinished, or everything finished with the network as it was before (or kept); 1 the bridge cannot be reached (the journal stays) or the network could not be put back exactly; 2 bad usage.",
  async run(args, io, services) {
    if (args.positionals.length > 1) throw new UsageError("give at most one network");
    const template = typeof args.flags.root === "string" ? args.flags.root : DEFAULT_ROOT;
    if (!template.includes("{network}")) throw new UsageError("--root must contain {network}");
    const given = args.positionals[0];
    const roots = given === undefined ? undefined : [rootOf(given, template)];
    const { BridgeError, recoverApplies, unfinishedAppliesOf } = await import("../../engine/index.js");
    const { journalDir } = await import("../../onboarding/places.js");
    return withBridge("svc recover", io, services, async (client) => {
      let result: Awaited<ReturnType<typeof recoverApplies>>;
      try {
        result = await recoverApplies(client, journalDir(io.env), {
          ...(roots === undefined ? {} : { roots }),
          keepPartial: Boolean(args.flags["keep-partial"]),
          progress: progressTo(io, "svc recover"),
        });
      } catch (err) {
        // Unreachable: say what waits, then the one-line error; the journals stay for the next try.
        if (err instanceof BridgeError)
          for (const u of unfinishedAppliesOf(journalDir(io.env), client.config.url))
            if (roots === undefined || roots.includes(u.root))
              io.stderr(`svc recover: an apply of ${u.root} is still unfinished: ${u.text}\n`);
        throw err;
      }
      const failed = result.reports.some((r) => r.action === "incomplete");
      if (args.flags.json) {
        const { toJson } = await import("../../../diagnostics/index.js");
        io.stdout(
          JSON.stringify(
            { ok: !failed, recovered: result.reports, diagnostics: result.diagnostics.map(toJson) },
            null,
            2,
          ) + "\n",
        );
      } else if (result.reports.length === 0) {
        io.stdout(
          `No unfinished apply${roots === undefined ? "" : ` of ${roots[0]}`} against ${client.config.url}.\n` +
            renderDiagnostics(result.diagnostics, new Map(), io.isTTY),
        );
      } else {
        io.stdout(
          result.reports.map(reportLine).join("") +
            renderDiagnostics(
              result.diagnostics.filter((d) => d.code !== "apply-recovered"),
              new Map(),
              io.isTTY,
            ),
        );
      }
      return failed ? 1 : 0;
    });
  },
};
