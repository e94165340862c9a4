import { resolve } from "node:path";
import { UsageError } from "../args.js";
import { withBridge } from "../bridge-session.js";
import type { Command } from "../command.js";

/** Names listed in text at most; --json lists them all (bounded by the knowledge base and the build). */
const LISTED = 20;

interface Finding {
  file: string;
  line: number;
  column: number;
  type: string;
}

function listed(names: readonly string[]): string {
  return names.length === 0
    ? "none"
    : names.slice(0, LISTED).join(", ") + (names.length > LISTED ? `, and ${names.length - LISTED} more` : "");
}

export const agentCheckOptypesCommand: Command = {
  name: ["check-optypes"],
  summary:
    "Check operator types against the running build: the ones .svcnet files create, or the whole knowledge base.",
  usage: "[--json] [<files...>]",
  flags: { json: { type: "boolean", description: "print the result as JSON, every name listed" } },
  details: [
    "With files: every operator type they create (recipes expanded) that the running build lacks, at its line.",
    "Without: which types of svc's knowledge base the build lacks, and which of the build's the knowledge base does not know.",
    "Exit codes: 0 every type used is there (or no files), 1 one is missing or a file does not compile, 2 bad usage.",
  ].join("\n"),
  async run(args, io, services) {
    for (const f of args.positionals) if (!f.endsWith(".svcnet")) throw new UsageError(`'${f}' is not a .svcnet file`);
    return withBridge("svc-agent check-optypes", io, services, async (client) => {
      const live = await client.get<{ families: Record<string, string[]>; count: number }>("/api/optypes");
      const info = await client.get<{ td_version: string }>("/api/info");
      const inBuild = new Set(Object.values(live.families).flat());
      if (args.positionals.length === 0) {
        const { allOperatorEntries } = await services.kb();
        const kbTypes = [...new Set(allOperatorEntries().map((e) => e.type))].sort();
        const known = new Set(kbTypes);
        const missing = kbTypes.filter((t) => !inBuild.has(t));
        const unknown = [...inBuild].filter((t) => !known.has(t)).sort();
        if (args.flags.json)
          io.stdout(
            JSON.stringify(
              {
                build: info.td_version,
                buildTypes: inBuild.size,
                kbTypes: kbTypes.length,
                missingInBuild: missing,
                unknownToKb: unknown,
              },
              null,
              2,
            ) + "\n",
          );
        else {
          io.stdout(`${info.td_version}: ${inBuild.size} operator types; svc's knowledge base: ${kbTypes.length}\n`);
          io.stdout(`the build lacks ${missing.length} of the knowledge base's: ${listed(missing)}\n`);
          io.stdout(`the knowledge base lacks ${unknown.length} of the build's: ${listed(unknown)}\n`);
        }
        return 0;
      }
      const { compile } = await import("../../../compiler/index.js");
      const findings: Finding[] = [];
      const broken: string[] = [];
      for (const file of args.positionals) {
        const result = await compile(resolve(io.cwd, file));
        if (result.diagnostics.some((d) => d.severity === "error")) broken.push(file);
        for (const op of (result.batches ?? []).flatMap((b) => b.operations)) {
          if (op.kind !== "create" || inBuild.has(op.type)) continue;
          const at = op.origin.range.start;
          findings.push({
            file: op.origin.file === resolve(io.cwd, file) ? file : op.origin.file,
            line: at.line,
            column: at.column,
            type: op.type,
          });
        }
      }
      if (args.flags.json)
        io.stdout(JSON.stringify({ build: info.td_version, missing: findings, notCompiled: broken }, null, 2) + "\n");
      else {
        for (const f of findings)
          io.stdout(
            `${f.file}:${f.line}:${f.column}: ${f.type} is not an operator type of the running build (${info.td_version})\n`,
          );
        for (const f of broken)
          io.stdout(`${f}: does not compile (svc check ${f} says why); its types were not all checked\n`);
        if (findings.length === 0 && broken.length === 0)
          io.stdout(
            `every operator type of ${args.positionals.length} file${args.positionals.length === 1 ? "" : "s"} is in the running build (${info.td_version})\n`,
          );
      }
      return findings.length === 0 && broken.length === 0 ? 0 : 1;
    });
  },
};
