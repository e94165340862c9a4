/**
 * The JSONL index (spec 2.6): one row per line of `<data_dir>/index.jsonl`, loaded whole into
 * memory as one Float32Array of unit vectors, so a search is a dot product per row after the
 * filters (spec 8 rule 4). Scores are cosine similarities.
 */
import { readFile, stat } from "node:fs/promises";
import { CARD_TYPES, type CardType } from "./card.js";
import { CardFormatError } from "./errors.js";
import { LICENSES, type License } from "./license.js";
import { writeFileAtomic } from "../atomic-write.js";
import { indexFile } from "./store.js";

export interface IndexRow {
  id: string;
  contentHash: string;
  embeddingModel: string;
  embedding: number[];
  title: string;
  type: CardType;
  license: License;
  tags: string[];
  sourceUrl: string;
  sourceName: string;
}

export type RowMeta = Omit<IndexRow, "embedding">;

export interface LoadedIndex {
  rows: RowMeta[];
  dimension: number;
  /** rows.length × dimension, each row scaled to unit length. */
  vectors: Float32Array;
  /** Each row's license and type as an index into LICENSES and CARD_TYPES: the filters' fast path. */
  licenseCodes: Uint8Array;
  typeCodes: Uint8Array;
}

export interface SearchFilters {
  licenses?: readonly License[];
  type?: CardType;
  /** A hit carries every one of these tags. */
  tags?: readonly string[];
}

export interface ScoredRow {
  row: RowMeta;
  score: number;
}

const FIELDS = [
  "id",
  "contentHash",
  "embeddingModel",
  "embedding",
  "title",
  "type",
  "license",
  "tags",
  "sourceUrl",
  "sourceName",
] as const;

export function rowLine(row: IndexRow): string {
  return JSON.stringify(Object.fromEntries(FIELDS.map((f) => [f, row[f]])));
}

export async function writeIndex(dataDir: string, rows: readonly IndexRow[]): Promise<void> {
  await writeFileAtomic(indexFile(dataDir), rows.map((r) => `${rowLine(r)}\n`).join(""));
}

/** The rows as written, or none when there is no index yet; a broken line is a CardFormatError. */
export async function readIndexRows(dataDir: string): Promise<IndexRow[]> {
  let text: string;
  try {
    text = await readFile(indexFile(dataDir), "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw err;
  }
  const rows: IndexRow[] = [];
  let line = 0;
  for (const raw of text.split("\n")) {
    line++;
    if (!raw.trim()) continue;
    let row: IndexRow;
    try {
      row = JSON.parse(raw) as IndexRow;
    } catch {
      throw new CardFormatError(`index.jsonl:${line}`, "not a JSON object; run `svc creative-rag index --rebuild`");
    }
    if (typeof row.id !== "string" || !Array.isArray(row.embedding))
      throw new CardFormatError(
        `index.jsonl:${line}`,
        "a row needs an id and an embedding; run `svc creative-rag index --rebuild`",
      );
    rows.push(row);
  }
  return rows;
}

/** Packs rows into unit vectors; every row must have the same dimension. */
export function packIndex(rows: readonly IndexRow[]): LoadedIndex {
  const dimension = rows[0]?.embedding.length ?? 0;
  const vectors = new Float32Array(rows.length * dimension);
  const metas: RowMeta[] = [];
  const licenseCodes = new Uint8Array(rows.length);
  const typeCodes = new Uint8Array(rows.length);
  rows.forEach((row, i) => {
    const { embedding, ...meta } = row;
    if (embedding.length !== dimension)
      throw new CardFormatError(
        `index.jsonl:${i + 1}`,
        `embedding has ${embedding.length} dimensions, the index ${dimension}; run \`svc creative-rag index --rebuild\``,
      );
    let norm = 0;
    for (const x of embedding) norm += x * x;
    const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
    for (let d = 0; d < dimension; d++) vectors[i * dimension + d] = embedding[d]! * scale;
    metas.push(meta);
    licenseCodes[i] = LICENSES.indexOf(row.license);
    typeCodes[i] = CARD_TYPES.indexOf(row.type);
  });
  return { rows: metas, dimension, vectors, licenseCodes, typeCodes };
}

let cached: { file: string; mtimeMs: number; size: number; index: LoadedIndex } | undefined;

/** The index of `dataDir`, loaded once and reloaded when the file changes. */
export async function loadIndex(dataDir: string): Promise<LoadedIndex> {
  const file = indexFile(dataDir);
  const info = await stat(file).catch(() => undefined);
  if (!info) return packIndex([]);
  if (cached && cached.file === file && cached.mtimeMs === info.mtimeMs && cached.size === info.size)
    return cached.index;
  const index = packIndex(await readIndexRows(dataDir));
  cached = { file, mtimeMs: info.mtimeMs, size: info.size, index };
  return index;
}

export function matchesFilters(row: RowMeta, filters: SearchFilters): boolean {
  if (filters.licenses?.length && !filters.licenses.includes(row.license)) return false;
  if (filters.type && row.type !== filters.type) return false;
  if (filters.tags?.length && !filters.tags.every((t) => row.tags.includes(t))) return false;
  return true;
}

export function unit(vector: readonly number[]): Float32Array {
  let norm = 0;
  for (const x of vector) norm += x * x;
  const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
  return Float32Array.from(vector, (x) => x * scale);
}

/** Cosine top-k over every row that passes the filters, best first; ties by id. */
export function topK(index: LoadedIndex, query: readonly number[], k: number, filters: SearchFilters): ScoredRow[] {
  const q = unit(query);
  const { dimension, vectors, rows, licenseCodes, typeCodes } = index;
  // License and type compare as small integers; tags, rarer, on the row itself.
  let licenseMask = 0;
  for (const l of filters.licenses ?? LICENSES) licenseMask |= 1 << LICENSES.indexOf(l);
  const type = filters.type === undefined ? -1 : CARD_TYPES.indexOf(filters.type);
  const tags = filters.tags?.length ? filters.tags : undefined;
  const best: ScoredRow[] = [];
  let worst = -Infinity;
  for (let i = 0; i < rows.length; i++) {
    if (((licenseMask >> licenseCodes[i]!) & 1) === 0 || (type >= 0 && typeCodes[i] !== type)) continue;
    if (tags && !tags.every((t) => rows[i]!.tags.includes(t))) continue;
    let dot = 0;
    const base = i * dimension;
    let d = 0;
    for (; d + 3 < dimension; d += 4) {
      dot +=
        vectors[base + d]! * q[d]! +
        vectors[base + d + 1]! * q[d + 1]! +
        vectors[base + d + 2]! * q[d + 2]! +
        vectors[base + d + 3]! * q[d + 3]!;
    }
    for (; d < dimension; d++) dot += vectors[base + d]! * q[d]!;
    if (best.length === k && dot < worst) continue;
    const row = rows[i]!;
    let at = best.length;
    while (at > 0 && (best[at - 1]!.score < dot || (best[at - 1]!.score === dot && best[at - 1]!.row.id > row.id)))
      at--;
    if (at >= k) continue;
    best.splice(at, 0, { row, score: dot });
    if (best.length > k) best.pop();
    worst = best.length === k ? best[k - 1]!.score : -Infinity;
  }
  return best;
}
