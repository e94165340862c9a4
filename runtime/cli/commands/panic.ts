import { UsageError } from "../args.js";
import { TARGET_FLAGS, withTargets } from "../targets.js";
import type { Command } from "../command.js";

export const panicCommand: Command = {
  name: ["panic"],
  summary:
    "Black out every protected output now (every safety chain's Panic on), or release it with --release; prints what each output shows.",
  usage: "[--release] [--chain <COMP>]... [--target <name|all>]... [--json]",
  flags: {
    release: { type: "boolean", description: "turn Panic off: the outputs show their programme again" },
    chain: {
      type: "string",
      multiple: true,
      valueName: "COMP",
      description: "only this safety chain (default: every chain under /project1)",
    },
    json: { type: "boolean", description: "print the report as JSON" },
    ...TARGET_FLAGS,
  },
  details: [
    "Works with the bridge's exec closed: it writes one parameter per chain. Running it twice changes nothing",
    "the second time. Exit codes: 0 every protected output follows the panic, 1 no chain found, an output",
    "not protected (its guard is not wired) or the bridge refused, 2 bad usage.",
  ].join("\n"),
  async run(args, io, services) {
    if (args.positionals.length > 0) throw new UsageError("svc panic takes no positional arguments");
    const chains = (args.flags.chain as string[] | undefined) ?? [];
    for (const c of chains)
      if (!/^\/[A-Za-z0-9_/]+$/.test(c))
        throw new UsageError(`--chain ${c}: give the absolute path of a safety chain's COMP, e.g. /project1/safety`);
    const engage = args.flags.release !== true;
    return withTargets("svc panic", io, services, args, async (client, io) => {
      const { findSafetyChains, panicText, setPanic } = await import("../../show/panic.js");
      const found = chains.length > 0 ? { chains, complete: true } : await findSafetyChains(client);
      const report = await setPanic(client, engage, found.chains, found.complete);
      if (args.flags.json) io.stdout(JSON.stringify(report, null, 2) + "\n");
      else io.stdout(panicText(report) + "\n");
      return report.chains.length > 0 && report.unprotected === 0 ? 0 : 1;
    });
  },
};
