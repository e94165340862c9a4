/**
 * `search`: embeds the query as the cards were embedded, scores it by cosine against the index
 * with the license, type and tags filters, and returns the top k (spec 4.6). Every hit carries its
 * sourceUrl, license and rightsNotes. The vectordb backend answers when chosen and able; otherwise
 * the JSONL index does, with a warning.
 */
import type { CardType } from "./card.js";
import type { CreativeConfig } from "./config.js";
import { embed } from "./embed.js";
import { CreativeError } from "./errors.js";
import { loadIndex, topK, type ScoredRow, type SearchFilters } from "./index-file.js";
import type { License } from "./license.js";
import { readCard } from "./store.js";

export const DEFAULT_K = 10;
export const MAX_K = 100;
const MAX_QUERY_CHARS = 2000;

interface SearchHit {
  id: string;
  score: number;
  title: string;
  type: CardType;
  license: License;
  rightsNotes: string;
  sourceUrl: string;
  sourceName: string;
  tags: string[];
}

export interface SearchResult {
  query: string;
  k: number;
  backend: "jsonl" | "vectordb";
  /** Rows in the index, before filters. */
  indexed: number;
  hits: SearchHit[];
}

export async function searchCards(
  config: CreativeConfig,
  query: string,
  k: number,
  filters: SearchFilters,
  warn: (line: string) => void,
): Promise<SearchResult> {
  const text = query.trim();
  if (!text) throw new CreativeError("empty-query", "give some words to search for");
  if (text.length > MAX_QUERY_CHARS)
    throw new CreativeError("query-too-long", `a query is at most ${MAX_QUERY_CHARS} characters`);
  if (!Number.isInteger(k) || k < 1 || k > MAX_K)
    throw new CreativeError("bad-k", `k must be a whole number from 1 to ${MAX_K}`);
  // Embedded first, even over an empty index: a model that is not pulled shows on the first search.
  const [vector] = await embed(config, [text]);
  const index = await loadIndex(config.dataDir);
  const stale = index.rows.find((r) => r.embeddingModel !== config.embedModel);
  if (stale)
    throw new CreativeError(
      "index-model-mismatch",
      `the index was built with '${stale.embeddingModel}', not '${config.embedModel}'; run \`svc creative-rag index --rebuild\``,
    );
  if (index.rows.length > 0 && vector!.length !== index.dimension) {
    throw new CreativeError(
      "index-model-mismatch",
      `the query has ${vector!.length} dimensions, the index ${index.dimension}; run \`svc creative-rag index --rebuild\``,
    );
  }
  let backend: SearchResult["backend"] = "jsonl";
  let scored: ScoredRow[] | undefined;
  if (config.backend === "vectordb" && index.rows.length > 0) {
    try {
      const { searchVectorTable } = await import("./vectordb.js");
      scored = await searchVectorTable(config.dataDir, vector!, k, filters);
      backend = "vectordb";
    } catch (err) {
      warn(
        `warning: the vectordb backend is unavailable (${(err as Error).message.split("\n")[0]}); using the jsonl index`,
      );
    }
  }
  scored ??= topK(index, vector!, k, filters);
  const hits: SearchHit[] = [];
  for (const { row, score } of scored) {
    const card = await readCard(config.dataDir, row.id);
    hits.push({
      id: row.id,
      score: Math.round(score * 1e6) / 1e6,
      title: row.title,
      type: row.type,
      license: row.license,
      rightsNotes: card?.rightsNotes ?? "",
      sourceUrl: row.sourceUrl,
      sourceName: row.sourceName,
      tags: row.tags,
    });
  }
  return { query: text, k, backend, indexed: index.rows.length, hits };
}
