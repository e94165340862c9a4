/**
 * `index`: embeds the live cards whose contentHash and embedding model are not yet in the index
 * (all of them with `rebuild`), in batches of SVC_RAG_EMBED_BATCH, and rewrites the JSONL index
 * atomically (spec 3.1, 4.6). Rows already embedded are kept when a later batch fails, and each
 * newly embedded card records its embedding model. Tombstoned cards leave the index. A rebuild is
 * built aside and replaces the index only once every card is embedded: a failed rebuild leaves the
 * old index as it was and says why (`index-rebuild-failed`, with the cause's code).
 */
import { embeddingText, type Card } from "./card.js";
import type { CreativeConfig } from "./config.js";
import { embed } from "./embed.js";
import { IndexRebuildError } from "./errors.js";
import { readIndexRows, writeIndex, type IndexRow } from "./index-file.js";
import { ensureWritable, listCards, writeCard } from "./store.js";

export interface IndexReport {
  embedded: number;
  skipped: number;
  /** Rows dropped because their card is tombstoned or gone. */
  removed: number;
  batches: number;
  rows: number;
  /** Card files that could not be read. */
  problems: string[];
}

export interface IndexOptions {
  rebuild: boolean;
  log: (line: string) => void;
}

function rowOf(card: Card, model: string, embedding: number[]): IndexRow {
  return {
    id: card.id,
    contentHash: card.contentHash,
    embeddingModel: model,
    embedding,
    title: card.title,
    type: card.type,
    license: card.license,
    tags: card.tags,
    sourceUrl: card.sourceUrl,
    sourceName: card.sourceName,
  };
}

export async function buildIndex(config: CreativeConfig, options: IndexOptions): Promise<IndexReport> {
  await ensureWritable(config.dataDir);
  const { cards, problems } = await listCards(config.dataDir);
  for (const p of problems) options.log(`skipped an unreadable card: ${p}`);
  const live = cards.filter((c) => !c.tombstone);
  const old = await readIndexRows(config.dataDir).catch(() => [] as IndexRow[]);
  // A rebuild embeds every card again, into a new index built aside: the old one stays until it succeeds.
  const previous = options.rebuild ? [] : old;
  const byId = new Map(previous.map((r) => [r.id, r]));
  const rows = new Map<string, IndexRow>();
  const pending: Card[] = [];
  for (const card of live) {
    const row = byId.get(card.id);
    // The cache of spec 3.1: same content, same model → unchanged.
    if (row && row.contentHash === card.contentHash && row.embeddingModel === config.embedModel)
      rows.set(card.id, { ...rowOf(card, config.embedModel, row.embedding) });
    else pending.push(card);
  }
  const liveIds = new Set(live.map((c) => c.id));
  const report: IndexReport = {
    embedded: 0,
    skipped: rows.size,
    removed: previous.filter((r) => !liveIds.has(r.id)).length,
    batches: 0,
    rows: 0,
    problems,
  };
  const ordered = () => live.flatMap((c) => rows.get(c.id) ?? []);
  try {
    for (let start = 0; start < pending.length; start += config.embedBatch) {
      const batch = pending.slice(start, start + config.embedBatch);
      const vectors = await embed(config, batch.map(embeddingText));
      report.batches++;
      batch.forEach((card, i) => rows.set(card.id, rowOf(card, config.embedModel, vectors[i]!)));
      report.embedded += batch.length;
    }
  } catch (err) {
    // A rebuild that stops replaces nothing: the old index is still the one searches read.
    if (options.rebuild) throw new IndexRebuildError(err, old.length, report.embedded, pending.length);
    // An update keeps what was embedded before the failure (beside the old rows it kept): the next run resumes.
    await writeIndex(config.dataDir, ordered());
    throw err;
  }
  await writeIndex(config.dataDir, ordered());
  for (const card of pending)
    if (card.embeddingModel !== config.embedModel)
      await writeCard(config.dataDir, { ...card, embeddingModel: config.embedModel });
  report.rows = rows.size;
  if (config.backend === "vectordb") {
    try {
      const { writeVectorTable } = await import("./vectordb.js");
      await writeVectorTable(config.dataDir, ordered());
    } catch (err) {
      options.log(
        `warning: the vectordb backend could not be written (${(err as Error).message.split("\n")[0]}); searches use the jsonl index`,
      );
    }
  }
  return report;
}
