import type { Family } from "../../../kb/index.js";
import { UsageError } from "../args.js";
import type { Command } from "../command.js";

const DEFAULT_LIMIT = 10;

function parseFamily(value: unknown, isFamily: (word: string) => word is Family): Family | undefined {
  if (value === undefined) return undefined;
  const upper = String(value).toUpperCase();
  if (!isFamily(upper))
    throw new UsageError(`--family must be one of TOP, CHOP, SOP, POP, DAT, MAT, COMP (got '${String(value)}')`);
  return upper;
}

function parseLimit(value: unknown): number {
  if (value === undefined) return DEFAULT_LIMIT;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw new UsageError(`--limit must be a positive whole number (got '${String(value)}')`);
  return n;
}

export const kbSearchCommand: Command = {
  name: ["kb", "search"],
  summary:
    "Search operators by name, label, family or keyword, and the guides (patterns, shaders, tutorials, cookbook), best match first.",
  usage: "<words...> [--family F] [--limit N] [--json]",
  flags: {
    family: { type: "string", valueName: "F", description: "only this family (TOP, CHOP, SOP, POP, DAT, MAT, COMP)" },
    limit: { type: "string", valueName: "N", description: `at most N results (default ${DEFAULT_LIMIT})` },
    json: { type: "boolean", description: "print the results as JSON" },
  },
  async run(args, io, services) {
    const { getOperator, isFamily, searchOperators } = await services.kb();
    const query = args.positionals.join(" ").trim();
    if (!query) throw new UsageError("give some words to search for");
    const family = parseFamily(args.flags.family, isFamily);
    const limit = parseLimit(args.flags.limit);
    const results = searchOperators(query, { ...(family ? { family } : {}), limit });
    const rows = results.map((r) => ({ ...r, summary: getOperator(r.type)?.summary ?? null }));
    // Guides are about workflows, not one family: a --family search is about operators only.
    const guides = family ? [] : (await import("../../../kb/guide/index.js")).searchGuide(query, { limit });
    if (args.flags.json) {
      io.stdout(JSON.stringify({ query, results: rows, guides }, null, 2) + "\n");
      return rows.length || guides.length ? 0 : 1;
    }
    if (!rows.length && !guides.length) {
      io.stderr(`svc kb search: nothing matches '${query}'\n`);
      return 1;
    }
    if (rows.length) {
      const width = Math.max(...rows.map((r) => r.type.length));
      for (const r of rows) {
        io.stdout(`${r.type.padEnd(width)}  ${`${r.label} ${r.family}`}${r.summary ? ` — ${r.summary}` : ""}\n`);
      }
    }
    if (guides.length) {
      io.stdout(`${rows.length ? "\n" : ""}guides:\n`);
      for (const g of guides) io.stdout(`  ${g.kind} ${g.name} — ${g.title} (${g.uri})\n`);
      io.stdout("read one: svc guide <name>\n");
    }
    return 0;
  },
};
