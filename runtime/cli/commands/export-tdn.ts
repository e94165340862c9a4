/**
 * `svc export --format tdn`: one network as a TDN file, read live (an absolute COMP path) or from
 * a `.svcnet` file (the network it builds; `--network` picks one when it builds several).
 */
import type { Services } from "../../services.js";
import { writeFileAtomicSync } from "../../atomic-write.js";
import { resolve } from "node:path";
import { renderTextAll } from "../../../diagnostics/index.js";
import { UsageError, type ParsedArgs } from "../args.js";
import { withBridge } from "../bridge-session.js";
import type { CommandIO } from "../command.js";
import type { TdnText } from "../../tdn/export-sources.js";

function emit(args: ParsedArgs, io: CommandIO, tdn: TdnText): number {
  for (const p of tdn.problems) io.stderr(`svc export: warning: ${p.path}: ${p.message}\n`);
  if (typeof args.flags.out === "string") {
    writeFileAtomicSync(resolve(io.cwd, args.flags.out), tdn.text);
    io.stdout(`Exported ${tdn.root} to ${args.flags.out}\n`);
  } else {
    io.stdout(tdn.text);
  }
  return 0;
}

export async function exportTdn(args: ParsedArgs, io: CommandIO, services: Services): Promise<number> {
  const { fileTdn, liveTdn } = await import("../../tdn/export-sources.js");
  if (args.positionals.length !== 1)
    throw new UsageError("--format tdn writes one network: give one COMP path or one .svcnet file");
  const source = args.positionals[0]!;
  if (source.startsWith("/") && !source.endsWith(".svcnet")) {
    return withBridge("svc export", io, services, async (client) => {
      const tdn = await liveTdn(client, source);
      if (tdn === undefined) {
        io.stderr(`svc export: nothing is at ${source}\n`);
        return 1;
      }
      return emit(args, io, tdn);
    });
  }
  const result = await fileTdn(resolve(io.cwd, source));
  if (!result.ok) {
    io.stderr(renderTextAll(result.diagnostics, result.sources, io.isTTY) + "\n");
    return 1;
  }
  const wanted = typeof args.flags.network === "string" ? args.flags.network : undefined;
  const names = result.networks.map((n) => n.root.slice(n.root.lastIndexOf("/") + 1));
  const chosen =
    wanted === undefined
      ? result.networks.length === 1
        ? result.networks[0]
        : undefined
      : result.networks[names.indexOf(wanted)];
  if (chosen === undefined) {
    const why = wanted === undefined ? `it builds ${names.length} networks` : `it builds no network '${wanted}'`;
    throw new UsageError(`${source}: ${why} (${names.join(", ") || "none"}); pick one with --network`);
  }
  return emit(args, io, chosen);
}
