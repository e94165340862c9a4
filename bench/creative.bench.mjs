// Creative repertoire search at scale: 100,000 generated index rows, top 10 with the license and
// type filters, on the JSONL backend once loaded (target: under 30 ms a search), its load time and
// memory, and the lancedb backend on the same rows side by side (its hits must equal JSONL's).
// usage: npx tsc -p tsconfig.build.json && node --expose-gc bench/creative.bench.mjs [--rows N] [--dim D] [--runs N]
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(fileURLToPath(import.meta.url), "..", "..");
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const ROWS = arg("rows", 100_000);
const DIM = arg("dim", 384);
const RUNS = arg("runs", 50);
const TARGET_MS = 30;

const indexFile = await import(pathToFileURL(join(root, "dist/runtime/creative/index-file.js")).href);
const LICENSES = ["CC0", "PublicDomain", "CC-BY", "CC-BY-SA", "Unknown", "Unknown"];
const TYPES = ["artwork", "artwork", "artwork", "project", "artist", "technique", "cue_reference"];
const TAGS = ["abstract", "light", "water", "grid", "portrait", "landscape", "pattern", "night"];

// A fixed pseudo-random sequence, so every run searches the same library.
let seed = 12345;
const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const vector = () => Array.from({ length: DIM }, () => Math.round((random() * 2 - 1) * 1e4) / 1e4);

const gc = () => globalThis.gc?.();
const mb = (bytes) => Math.round(bytes / 1048576);
const dir = mkdtempSync(join(tmpdir(), "svc-creative-bench-"));
try {
  let t = performance.now();
  const lines = [];
  for (let i = 0; i < ROWS; i++) {
    const id = i.toString(16).padStart(64, "0");
    lines.push(
      indexFile.rowLine({
        id,
        contentHash: id,
        embeddingModel: "bench",
        embedding: vector(),
        title: `Card ${i}`,
        type: TYPES[i % TYPES.length],
        license: LICENSES[(i * 7) % LICENSES.length],
        tags: [TAGS[i % TAGS.length], TAGS[(i * 3) % TAGS.length]],
        sourceUrl: `https://museum.example/objects/${i}`,
        sourceName: "Bench Museum",
      }),
    );
  }
  writeFileSync(join(dir, "index.jsonl"), lines.join("\n") + "\n");
  lines.length = 0;
  const writeMs = performance.now() - t;
  const fileMb = mb(statSync(join(dir, "index.jsonl")).size);

  gc();
  const before = process.memoryUsage();
  t = performance.now();
  const index = await indexFile.loadIndex(dir);
  const loadMs = performance.now() - t;
  gc();
  const after = process.memoryUsage();

  const queries = Array.from({ length: RUNS + 5 }, vector);
  const filters = { licenses: ["CC0", "PublicDomain"], type: "artwork" };
  const time = (fn) => {
    for (const q of queries.slice(0, 5)) fn(q); // warm-up
    const start = performance.now();
    for (const q of queries.slice(5)) fn(q);
    return (performance.now() - start) / RUNS;
  };
  const filteredMs = time((q) => indexFile.topK(index, q, 10, filters));
  const tagsMs = time((q) => indexFile.topK(index, q, 10, { ...filters, tags: ["light"] }));
  const unfilteredMs = time((q) => indexFile.topK(index, q, 10, {}));
  const passing = index.rows.filter((r) => indexFile.matchesFilters(r, filters)).length;

  console.log(
    `rows ${ROWS}, ${DIM} dimensions, index.jsonl ${fileMb} MB (written in ${Math.round(writeMs)} ms); load average ${loadavg()
      .map((x) => x.toFixed(2))
      .join(" ")}`,
  );
  console.log(
    `jsonl load: ${Math.round(loadMs)} ms; heap +${mb(after.heapUsed - before.heapUsed)} MB, array buffers +${mb(after.arrayBuffers - before.arrayBuffers)} MB, rss ${mb(after.rss)} MB`,
  );
  console.log(
    `jsonl top 10, license CC0|PublicDomain and type artwork (${passing} rows pass): ${filteredMs.toFixed(2)} ms a search`,
  );
  console.log(`jsonl top 10, the same plus one tag: ${tagsMs.toFixed(2)} ms; no filter: ${unfilteredMs.toFixed(2)} ms`);

  let lanceLine = "lancedb: not installed, skipped";
  try {
    const vectordb = await import(pathToFileURL(join(root, "dist/runtime/creative/vectordb.js")).href);
    const rows = await indexFile.readIndexRows(dir);
    t = performance.now();
    await vectordb.writeVectorTable(dir, rows);
    const lanceWriteMs = performance.now() - t;
    rows.length = 0;
    const lanceRuns = Math.min(RUNS, 20);
    let same = 0;
    for (const q of queries.slice(0, 2)) await vectordb.searchVectorTable(dir, q, 10, filters); // warm-up
    t = performance.now();
    for (const q of queries.slice(5, 5 + lanceRuns)) {
      const hits = await vectordb.searchVectorTable(dir, q, 10, filters);
      const exact = indexFile.topK(index, q, 10, filters);
      if (hits.map((h) => h.row.id).join() === exact.map((h) => h.row.id).join()) same++;
    }
    const lanceMs = (performance.now() - t) / lanceRuns - filteredMs;
    lanceLine = `lancedb: table written in ${Math.round(lanceWriteMs)} ms; top 10 with the same filters ${lanceMs.toFixed(2)} ms a search (${(lanceMs / filteredMs).toFixed(1)}x jsonl); hits equal to jsonl's in ${same} of ${lanceRuns}`;
  } catch (err) {
    lanceLine = `lancedb: unavailable (${String(err.message).split("\n")[0]})`;
  }
  console.log(lanceLine);
  const ok = filteredMs < TARGET_MS;
  console.log(
    `${ok ? "PASS" : "FAIL"}: jsonl filtered top 10 ${filteredMs.toFixed(2)} ms, target under ${TARGET_MS} ms`,
  );
  process.exitCode = ok ? 0 : 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
