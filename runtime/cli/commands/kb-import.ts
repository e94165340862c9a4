import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { ImportReport } from "../../../kb/import/merge.js";
import { UsageError } from "../args.js";
import type { Command } from "../command.js";

function reportText(r: ImportReport, dryRun: boolean): string {
  const lines = [
    `${dryRun ? "would import" : "imported"} build ${r.build}: ${r.operatorsInDump} operators in the dump`,
    `  operators: ${r.operatorsAdded.length} added, ${r.operatorsChanged} changed, ${r.operatorsUnchanged} unchanged`,
    `  parameters: ${r.paramsAdded} added, ${r.paramsChanged} changed, ${r.paramsAbsentInDump} known but not in the dump (kept, flagged)`,
  ];
  if (r.operatorsAdded.length)
    lines.push(`  new types: ${r.operatorsAdded.slice(0, 20).join(", ")}${r.operatorsAdded.length > 20 ? ", …" : ""}`);
  if (r.failures.length) lines.push(`  not created in the environment: ${r.failures.map((f) => f.type).join(", ")}`);
  return lines.join("\n") + "\n";
}

export const kbImportCommand: Command = {
  name: ["kb", "import"],
  summary: "Merge an operator dump from a running environment into the knowledge base (the dump wins).",
  usage: "<dump.json> [--data-dir DIR] [--dry-run] [--json]",
  flags: {
    "data-dir": {
      type: "string",
      valueName: "DIR",
      description: "knowledge-base data folder (default: the package's kb/data)",
    },
    "dry-run": { type: "boolean", description: "report what would change without writing" },
    json: { type: "boolean", description: "print the report as JSON" },
  },
  details: "Make the dump with kb/dump/td_dump_operators.py inside TouchDesigner (see kb/README.md).",
  async run(args, io, services) {
    const { clearKbCache, kbDataDir } = await services.kb();
    const { importDump } = await import("../../../kb/import/apply.js");
    const { parseDump } = await import("../../../kb/import/dump-schema.js");
    if (args.positionals.length !== 1) throw new UsageError("give exactly one dump file");
    const file = resolve(io.cwd, args.positionals[0]!);
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch (err) {
      io.stderr(
        `svc kb import: cannot read '${args.positionals[0]}': ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}\n`,
      );
      return 1;
    }
    const parsed = parseDump(text);
    if (!parsed.ok) {
      io.stderr(
        `svc kb import: '${args.positionals[0]}' is not an operator dump:\n${parsed.problems.map((p) => `  ${p}\n`).join("")}`,
      );
      return 1;
    }
    const dataDir = typeof args.flags["data-dir"] === "string" ? resolve(io.cwd, args.flags["data-dir"]) : kbDataDir();
    const dryRun = args.flags["dry-run"] === true;
    const report = importDump(dataDir, parsed.dump, { dryRun });
    clearKbCache();
    io.stdout(args.flags.json ? JSON.stringify({ dryRun, ...report }, null, 2) + "\n" : reportText(report, dryRun));
    return 0;
  },
};
