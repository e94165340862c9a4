/**
 * `svc creative-rag sync | index | search | sources`: the local creative repertoire (spec 4.5,
 * 4.6). Off unless SVC_RAG_ENABLED=1: then every subcommand prints one line and exits 0. Failures
 * of the repertoire (embeddings server, data directory, a source) are one line and exit 1.
 */
import { UsageError, type ParsedArgs } from "../args.js";
import type { Command, CommandIO } from "../command.js";

type Creative = typeof import("../../creative/cli-support.js");

/** Loads the repertoire, or answers for it when it is off or misconfigured; returns an exit code then. */
async function open(
  sub: string,
  io: CommandIO,
): Promise<{ creative: Creative; config: import("../../creative/config.js").CreativeConfig } | number> {
  const creative = await import("../../creative/cli-support.js");
  const ready = creative.configFor(io.env, io.cwd);
  if (typeof ready === "string") {
    io.stderr(`svc creative-rag ${sub}: ${ready}\n`);
    return 2;
  }
  if (!ready.enabled) {
    io.stdout(`${creative.DISABLED_LINE}\n`);
    return 0;
  }
  return { creative, config: ready };
}

async function guarded(sub: string, io: CommandIO, work: () => Promise<number>): Promise<number> {
  const { CreativeError } = await import("../../creative/errors.js");
  try {
    return await work();
  } catch (err) {
    if (err instanceof CreativeError) {
      io.stderr(`svc creative-rag ${sub}: ${err.message} [${err.code}]\n`);
      return 1;
    }
    throw err;
  }
}

function positiveInteger(value: unknown, flag: string, fallback: number, max: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > max)
    throw new UsageError(`--${flag} must be a whole number from 1 to ${max} (got '${String(value)}')`);
  return n;
}

function noWords(args: ParsedArgs, sub: string): void {
  if (args.positionals.length > 0)
    throw new UsageError(`'creative-rag ${sub}' takes no words (got '${args.positionals.join(" ")}')`);
}

const creativeSyncCommand: Command = {
  name: ["creative-rag", "sync"],
  summary: "Pull cards from the open-access sources into the local repertoire (a capped pull, not a mirror).",
  usage: "[--source <name>]... [--limit <n>] [--json]",
  flags: {
    source: {
      type: "string",
      multiple: true,
      valueName: "name",
      description: "only this source (repeatable; see 'svc creative-rag sources')",
    },
    limit: {
      type: "string",
      valueName: "n",
      description: "at most n items per source this run (default 10, at most 100)",
    },
    json: { type: "boolean", description: "print the per-source report as JSON" },
  },
  details:
    "Binaries are stored only for licenses in SVC_RAG_LICENSE_ALLOWLIST (default CC0,PublicDomain). Keys: SVC_RAG_SMITHSONIAN_KEY, SVC_RAG_EUROPEANA_KEY.",
  async run(args, io) {
    const opened = await open("sync", io);
    if (typeof opened === "number") return opened;
    const { creative, config } = opened;
    noWords(args, "sync");
    const limit = positiveInteger(args.flags.limit, "limit", creative.DEFAULT_SYNC_LIMIT, creative.MAX_SYNC_LIMIT);
    const sources = creative.sourcesNamed((args.flags.source as string[] | undefined) ?? []);
    if (typeof sources === "string") throw new UsageError(sources);
    return guarded("sync", io, async () => {
      const reports = await creative.syncCards(config, {
        sources,
        limit,
        env: io.env,
        log: (l) => io.stderr(`svc creative-rag sync: ${l}\n`),
      });
      if (args.flags.json) io.stdout(`${JSON.stringify({ dataDir: config.dataDir, sources: reports }, null, 2)}\n`);
      else for (const r of reports) io.stdout(`${creative.syncLine(r)}\n`);
      return reports.some((r) => r.status === "failed") ? 1 : 0;
    });
  },
};

const creativeIndexCommand: Command = {
  name: ["creative-rag", "index"],
  summary: "Embed new and changed cards through the embeddings server and write the index.",
  usage: "[--rebuild] [--json]",
  flags: {
    rebuild: { type: "boolean", description: "re-embed every card (after changing SVC_RAG_EMBED_MODEL)" },
    json: { type: "boolean", description: "print the report as JSON" },
  },
  details:
    "Embeddings: POST {SVC_RAG_OLLAMA_URL}/api/embed with SVC_RAG_EMBED_MODEL, SVC_RAG_EMBED_BATCH cards at a time (1 to 512, default 64).",
  async run(args, io) {
    const opened = await open("index", io);
    if (typeof opened === "number") return opened;
    const { creative, config } = opened;
    noWords(args, "index");
    return guarded("index", io, async () => {
      const report = await creative.buildIndex(config, {
        rebuild: args.flags.rebuild === true,
        log: (l) => io.stderr(`svc creative-rag index: ${l}\n`),
      });
      if (args.flags.json) io.stdout(`${JSON.stringify(report, null, 2)}\n`);
      else io.stdout(`${creative.indexLine(report, config.embedModel)}\n`);
      return 0;
    });
  },
};

const creativeSearchCommand: Command = {
  name: ["creative-rag", "search"],
  summary: "Search the repertoire by meaning: cosine top-k, with license, type and tag filters.",
  usage: "<query...> [--k <n>] [--license <csv>] [--type <type>] [--tags <csv>] [--json]",
  flags: {
    k: { type: "string", valueName: "n", description: "how many hits (default 10, at most 100)" },
    license: { type: "string", valueName: "csv", description: "only these licenses, e.g. CC0,PublicDomain" },
    type: {
      type: "string",
      valueName: "type",
      description: "only cards of this type (project, artist, artwork, technique, cue_reference)",
    },
    tags: { type: "string", valueName: "csv", description: "only cards carrying every one of these tags" },
    json: { type: "boolean", description: "print the hits as JSON" },
  },
  details: "Every hit names its sourceUrl, license and rightsNotes: check them before reusing a work.",
  async run(args, io) {
    const opened = await open("search", io);
    if (typeof opened === "number") return opened;
    const { creative, config } = opened;
    const query = args.positionals.join(" ").trim();
    if (!query) throw new UsageError("give some words to search for");
    const filters = creative.filtersFrom({ license: args.flags.license, type: args.flags.type, tags: args.flags.tags });
    if (typeof filters === "string") throw new UsageError(filters);
    const k = positiveInteger(args.flags.k, "k", creative.DEFAULT_K, creative.MAX_K);
    return guarded("search", io, async () => {
      const result = await creative.searchCards(config, query, k, filters, (l) =>
        io.stderr(`svc creative-rag search: ${l}\n`),
      );
      if (args.flags.json) io.stdout(`${JSON.stringify(result, null, 2)}\n`);
      else io.stdout(creative.hitsText(result));
      return 0;
    });
  },
};

const creativeSourcesCommand: Command = {
  name: ["creative-rag", "sources"],
  summary: "List the repertoire's sources: the seven live ones and the planned ones.",
  usage: "[--json]",
  flags: { json: { type: "boolean", description: "print the sources as JSON" } },
  async run(args, io) {
    const opened = await open("sources", io);
    if (typeof opened === "number") return opened;
    const { creative } = opened;
    noWords(args, "sources");
    const rows = creative.sourceRows(io.env);
    if (args.flags.json) io.stdout(`${JSON.stringify({ sources: rows }, null, 2)}\n`);
    else
      for (const r of rows)
        io.stdout(`${r.name.padEnd(17)} ${r.status.padEnd(8)} ${r.title}${r.note ? ` (${r.note})` : ""}\n`);
    return 0;
  },
};

export const creativeRagCommands: Command[] = [
  creativeSyncCommand,
  creativeIndexCommand,
  creativeSearchCommand,
  creativeSourcesCommand,
];
