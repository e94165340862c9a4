/**
 * The experimental vector-store backend (SVC_RAG_BACKEND=vectordb) over the optional dependency
 * @lancedb/lancedb: a table `cards` under `<data_dir>/lancedb` written beside the JSONL index. A
 * search takes an approximate-neighbour candidate window from it with the license and type
 * filters, then recomputes exact cosine over that window (and applies the tags filter), so the
 * scores match the JSONL backend. Absent, or failing on first use, it is a warning and JSONL
 * answers instead (spec 7).
 */
import { join } from "node:path";
import type { IndexRow, RowMeta, ScoredRow, SearchFilters } from "./index-file.js";
import { matchesFilters, unit } from "./index-file.js";

const TABLE = "cards";
/** Candidates taken per requested hit, before exact rescoring. */
const WINDOW_FACTOR = 10;
const MIN_WINDOW = 100;

type Lance = typeof import("@lancedb/lancedb");

async function lance(): Promise<Lance> {
  // The store logs its own notices (a table created) on stderr unless told otherwise.
  process.env.LANCEDB_LOG ??= "error";
  return (await import("@lancedb/lancedb")) as Lance;
}

const vectorDir = (dataDir: string) => join(dataDir, "lancedb");
const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** Replaces the table with `rows`. */
export async function writeVectorTable(dataDir: string, rows: readonly IndexRow[]): Promise<void> {
  const { connect } = await lance();
  const db = await connect(vectorDir(dataDir));
  if (rows.length === 0) {
    if ((await db.tableNames()).includes(TABLE)) await db.dropTable(TABLE);
    return;
  }
  const data = rows.map((r) => ({
    id: r.id,
    vector: r.embedding,
    meta: JSON.stringify({ ...r, embedding: undefined }),
    license: r.license,
    type: r.type,
  }));
  await db.createTable(TABLE, data, { mode: "overwrite" });
}

function whereOf(filters: SearchFilters): string | undefined {
  const parts: string[] = [];
  if (filters.licenses?.length) parts.push(`license IN (${filters.licenses.map(quote).join(", ")})`);
  if (filters.type) parts.push(`type = ${quote(filters.type)}`);
  return parts.length ? parts.join(" AND ") : undefined;
}

/** Top k by exact cosine over the store's candidate window. Throws when the store cannot answer. */
export async function searchVectorTable(
  dataDir: string,
  query: readonly number[],
  k: number,
  filters: SearchFilters,
): Promise<ScoredRow[]> {
  const { connect } = await lance();
  const db = await connect(vectorDir(dataDir));
  const table = await db.openTable(TABLE);
  let search = table
    .vectorSearch(Array.from(query))
    .distanceType("cosine")
    .limit(Math.max(MIN_WINDOW, k * WINDOW_FACTOR));
  const where = whereOf(filters);
  if (where) search = search.where(where);
  const candidates = (await search.toArray()) as Array<{ vector: ArrayLike<number>; meta: string }>;
  const q = unit(query);
  const scored: ScoredRow[] = [];
  for (const c of candidates) {
    const row = JSON.parse(c.meta) as RowMeta;
    if (!matchesFilters(row, filters)) continue;
    const v = unit(Array.from(c.vector));
    let dot = 0;
    for (let d = 0; d < v.length; d++) dot += v[d]! * q[d]!;
    scored.push({ row, score: dot });
  }
  scored.sort((a, b) => b.score - a.score || (a.row.id < b.row.id ? -1 : 1));
  return scored.slice(0, k);
}
