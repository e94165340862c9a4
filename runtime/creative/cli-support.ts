/**
 * What `svc creative-rag` needs from the repertoire, in one module loaded on first use: the
 * configuration, the three steps, and how their results read as text.
 */
import { CARD_TYPES, type CardType } from "./card.js";
import { creativeConfigFromEnv, parseLicenseList, type CreativeConfig } from "./config.js";
import { CreativeError } from "./errors.js";
import type { SearchFilters } from "./index-file.js";
import type { IndexReport } from "./indexer.js";
import type { SearchResult } from "./search.js";
import { ALL_SOURCES, pickSources } from "./sources/all-sources.js";
import type { LiveSource } from "./sources/source.js";
import type { SourceReport } from "./sync.js";

export { DISABLED_LINE } from "./config.js";
export { buildIndex } from "./indexer.js";
export { DEFAULT_K, MAX_K, searchCards } from "./search.js";
export { DEFAULT_SYNC_LIMIT, MAX_SYNC_LIMIT, syncCards } from "./sync.js";

/** The configuration, or the message of what is wrong with it. */
export function configFor(env: NodeJS.ProcessEnv, cwd: string): CreativeConfig | string {
  try {
    return creativeConfigFromEnv(env, cwd);
  } catch (err) {
    if (err instanceof CreativeError) return err.message;
    throw err;
  }
}

/** The sources `--source` names, or the message of a name that is unknown or only planned. */
export function sourcesNamed(names: readonly string[]): LiveSource[] | string {
  try {
    return pickSources(names);
  } catch (err) {
    if (err instanceof CreativeError) return err.message;
    throw err;
  }
}

const csv = (value: unknown) =>
  typeof value === "string"
    ? value
        .split(",")
        .map((w) => w.trim())
        .filter(Boolean)
    : [];

/** Search filters from the CLI's or a URI's words, or the message of what is wrong. */
export function filtersFrom(raw: { license?: unknown; type?: unknown; tags?: unknown }): SearchFilters | string {
  const filters: SearchFilters = {};
  try {
    const licenses = typeof raw.license === "string" ? parseLicenseList(raw.license, "license") : [];
    if (licenses.length) filters.licenses = licenses;
  } catch (err) {
    return (err as Error).message;
  }
  if (typeof raw.type === "string" && raw.type) {
    if (!(CARD_TYPES as readonly string[]).includes(raw.type))
      return `type must be one of ${CARD_TYPES.join(", ")} (got '${raw.type}')`;
    filters.type = raw.type as CardType;
  }
  const tags = csv(raw.tags).map((t) => t.toLowerCase());
  if (tags.length) filters.tags = tags;
  return filters;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function syncLine(r: SourceReport): string {
  if (r.status === "skipped") return `${r.source}: skipped (no key)`;
  if (r.status === "failed") return `${r.source}: failed, cards left as they were`;
  return `${r.source}: ${r.written} written, ${r.unchanged} unchanged, ${r.tombstoned} tombstoned, ${plural(r.binaries, "binary", "binaries")} stored${r.gone ? `, ${r.gone} gone upstream` : ""}`;
}

export function indexLine(r: IndexReport, model: string): string {
  return `indexed ${plural(r.rows, "card")} with ${model}: ${r.embedded} embedded in ${plural(r.batches, "batch", "batches")}, ${r.skipped} unchanged (cached), ${r.removed} removed`;
}

export function hitsText(result: SearchResult): string {
  if (result.indexed === 0) return "the index is empty: run `svc creative-rag sync` then `svc creative-rag index`\n";
  if (result.hits.length === 0) return `no card matches the filters (${result.indexed} indexed)\n`;
  return result.hits
    .map(
      (h) =>
        `${h.score.toFixed(3)}  ${h.title} [${h.type}]\n       ${h.license} · ${h.sourceUrl}\n       ${h.rightsNotes}\n       id ${h.id}\n`,
    )
    .join("");
}

export interface SourceRow {
  name: string;
  status: "live" | "planned";
  title: string;
  note?: string;
}

export function sourceRows(env: NodeJS.ProcessEnv): SourceRow[] {
  return ALL_SOURCES.map((s) => {
    if (s.status === "planned") return { name: s.name, status: s.status, title: s.title, note: s.reason };
    const note = s.keyVariable ? `${s.keyVariable} ${env[s.keyVariable]?.trim() ? "set" : "not set"}` : undefined;
    return { name: s.name, status: s.status, title: s.title, ...(note ? { note } : {}) };
  });
}
