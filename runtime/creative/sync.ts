/**
 * `sync`: a capped pull from each chosen source, applied to the card store by the lifecycle of
 * spec 3.1. A new item becomes a live card; a changed one is rewritten; a live card of a source
 * that synced successfully and did not re-emit it (or answered 404 for it) is tombstoned, never
 * deleted. A binary is stored only when the card's license is on the allowlist. A source that
 * fails leaves its cards untouched; a key-gated source without its key logs one line and is skipped.
 */
import { cardFromDraft, type Card } from "./card.js";
import type { CreativeConfig } from "./config.js";
import {
  binaryOf,
  ensureWritable,
  listCards,
  readCard,
  removeBinary,
  tombstoneCard,
  writeBinary,
  writeCard,
} from "./store.js";
import { getImage } from "./sources/http.js";
import { sourceBases } from "./sources/all-sources.js";
import type { LiveSource, SourceItem } from "./sources/source.js";
import { CreativeError } from "./errors.js";
import { redactSecrets } from "./secret-free.js";

export const DEFAULT_SYNC_LIMIT = 10;
export const MAX_SYNC_LIMIT = 100;

export interface SourceReport {
  source: string;
  status: "ok" | "skipped" | "failed";
  written: number;
  unchanged: number;
  tombstoned: number;
  binaries: number;
  /** Items the source named that answered 404. */
  gone: number;
  error?: string;
}

export interface SyncOptions {
  sources: readonly LiveSource[];
  limit: number;
  /** Where the key variables and SVC_RAG_SOURCE_URLS are read. */
  env: NodeJS.ProcessEnv;
  /** One line per notable event (a skipped source, a binary that failed); never holds a key. */
  log: (line: string) => void;
}

type Counts = Omit<SourceReport, "source" | "status" | "error">;

/** Every configured key (`SVC_RAG_<SOURCE>_KEY`): redacted from whatever sync writes or says. */
function configuredSecrets(env: NodeJS.ProcessEnv): string[] {
  return Object.entries(env)
    .filter(([name, value]) => /^SVC_RAG_\w+_KEY$/.test(name) && value?.trim())
    .map(([, value]) => value!.trim());
}

/** Stores the item's picture when its license allows, and removes one it no longer allows. */
async function keepBinary(
  config: CreativeConfig,
  card: Card,
  item: SourceItem,
  source: string,
  secrets: readonly string[],
  log: (l: string) => void,
): Promise<boolean> {
  if (!config.licenseAllowlist.has(card.license) || !item.imageUrl) {
    await removeBinary(config.dataDir, card.id);
    return false;
  }
  if (await binaryOf(config.dataDir, card.id)) return false;
  try {
    const image = await getImage(source, item.imageUrl, secrets);
    await writeBinary(config.dataDir, card.id, image.extension, image.bytes);
    return true;
  } catch (err) {
    if (!(err instanceof CreativeError)) throw err;
    log(`${source}: card ${card.id.slice(0, 12)} kept without its picture: ${err.message}`);
    return false;
  }
}

async function applyItem(
  config: CreativeConfig,
  item: SourceItem,
  secrets: string[],
  source: string,
  counts: Counts,
  log: (l: string) => void,
): Promise<string> {
  const fresh = cardFromDraft(item.draft, secrets);
  const old = await readCard(config.dataDir, fresh.id);
  if (old && !old.tombstone && old.contentHash === fresh.contentHash) counts.unchanged++;
  else {
    await writeCard(config.dataDir, fresh);
    counts.written++;
  }
  if (await keepBinary(config, fresh, item, source, secrets, log)) counts.binaries++;
  return fresh.id;
}

async function syncSource(
  config: CreativeConfig,
  source: LiveSource,
  base: string,
  given: SyncOptions,
): Promise<SourceReport> {
  const secrets = configuredSecrets(given.env);
  const options = { ...given, log: (line: string) => given.log(redactSecrets(line, secrets)) };
  const counts: Counts = { written: 0, unchanged: 0, tombstoned: 0, binaries: 0, gone: 0 };
  const key = source.keyVariable ? options.env[source.keyVariable]?.trim() || undefined : undefined;
  if (source.keyVariable && !key) {
    options.log(`${source.name}: skipped, ${source.keyVariable} is not set`);
    return { source: source.name, status: "skipped", ...counts };
  }
  let pull;
  try {
    pull = await source.pull({ base, limit: options.limit, env: options.env }, key);
  } catch (err) {
    if (!(err instanceof CreativeError)) throw err;
    options.log(`${source.name}: failed, its cards are left as they were: ${err.message}`);
    return { source: source.name, status: "failed", ...counts, error: redactSecrets(err.message, secrets) };
  }
  counts.gone = pull.gone.length;
  const emitted = new Set<string>();
  for (const item of pull.items.slice(0, options.limit))
    emitted.add(await applyItem(config, item, [...pull.secrets, ...secrets], source.name, counts, options.log));
  // Spec 3.1: live cards of this source that this successful run did not re-emit are tombstoned;
  // a 404 named by the source is one of them.
  for (const card of (await listCards(config.dataDir)).cards) {
    if (card.sourceName !== source.title || card.tombstone || emitted.has(card.id)) continue;
    await tombstoneCard(config.dataDir, card);
    counts.tombstoned++;
  }
  return { source: source.name, status: "ok", ...counts };
}

export async function syncCards(config: CreativeConfig, options: SyncOptions): Promise<SourceReport[]> {
  await ensureWritable(config.dataDir);
  const bases = sourceBases(options.env);
  const reports: SourceReport[] = [];
  for (const source of options.sources)
    reports.push(await syncSource(config, source, bases.get(source.name) ?? source.defaultBase, options));
  return reports;
}
