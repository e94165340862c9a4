/**
 * Embedding, indexing and search against a loopback server speaking the Ollama embed protocol:
 * batches and the cache of spec 3.1, the index row of spec 2.6, cosine top-k with filters, each
 * typed embeddings error of spec 7, and the vectordb backend beside the JSONL one.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { cardFromDraft } from "../../runtime/creative/card.js";
import { creativeConfigFromEnv, type CreativeConfig } from "../../runtime/creative/config.js";
import {
  CreativeConfigError,
  DataDirError,
  EmbedApiError,
  EmbedConnectionError,
  EmbedModelNotFoundError,
  EmbedTimeoutError,
} from "../../runtime/creative/errors.js";
import { readIndexRows, type SearchFilters } from "../../runtime/creative/index-file.js";
import { buildIndex } from "../../runtime/creative/indexer.js";
import { searchCards } from "../../runtime/creative/search.js";
import { pickSources } from "../../runtime/creative/sources/all-sources.js";
import { listCards, tombstoneCard, writeCard } from "../../runtime/creative/store.js";
import { syncCards } from "../../runtime/creative/sync.js";
import { bagOfWords, startEmbedServer, TEST_MODEL, type EmbedServer } from "./embed-server.js";
import { startReplayServer, type ReplayServer } from "./replay-server.js";

let replay: ReplayServer;
let ollama: EmbedServer;
const scratch = mkdtempSync(join(tmpdir(), "svc-creative-index-"));
/** Cards synced once from five sources; each test indexes its own copy. */
const synced = join(scratch, "synced");
let copies = 0;

function config(dir: string, env: Record<string, string> = {}): CreativeConfig {
  return creativeConfigFromEnv(
    {
      SVC_RAG_ENABLED: "1",
      SVC_RAG_DATA_DIR: dir,
      SVC_RAG_OLLAMA_URL: ollama.url,
      SVC_RAG_EMBED_MODEL: TEST_MODEL,
      SVC_RAG_EMBED_BATCH: "4",
      ...env,
    },
    scratch,
  );
}

function copy(): string {
  const dir = join(scratch, `copy${copies++}`);
  cpSync(synced, dir, { recursive: true });
  return dir;
}

const log: string[] = [];
const index = (c: CreativeConfig, rebuild = false) => buildIndex(c, { rebuild, log: (l) => log.push(l) });
const search = (c: CreativeConfig, q: string, k = 10, filters = {}) =>
  searchCards(c, q, k, filters, (l) => log.push(l));

beforeAll(async () => {
  replay = await startReplayServer();
  ollama = await startEmbedServer();
  const env = { SVC_RAG_ENABLED: "1", SVC_RAG_DATA_DIR: synced, SVC_RAG_SOURCE_URLS: replay.sourceUrls };
  await syncCards(creativeConfigFromEnv(env, scratch), {
    sources: pickSources(["artic", "met", "rijks", "cleveland", "commons"]),
    limit: 10,
    env,
    log: () => {},
  });
});
afterAll(async () => {
  await replay?.close();
  await ollama?.close();
  rmSync(scratch, { recursive: true, force: true });
});
beforeEach(() => {
  ollama.mode = "ok";
  ollama.okFirst = 0;
  ollama.requests.length = 0;
  log.length = 0;
});

describe("index", () => {
  it("embeds every live card in batches of SVC_RAG_EMBED_BATCH and writes the rows of spec 2.6", async () => {
    const dir = copy();
    const cards = (await listCards(dir)).cards;
    expect(cards).toHaveLength(14);
    const report = await index(config(dir));
    expect(report).toMatchObject({ embedded: 14, skipped: 0, batches: 4, rows: 14 });
    expect(ollama.requests.map((r) => r.input.length)).toEqual([4, 4, 4, 2]);
    expect(ollama.requests.every((r) => r.model === TEST_MODEL)).toBe(true);
    const lines = readFileSync(join(dir, "index.jsonl"), "utf8").trimEnd().split("\n");
    expect(lines).toHaveLength(14);
    const row = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(Object.keys(row)).toEqual([
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
    ]);
    const card = cards.find((c) => c.id === row.id)!;
    expect(row).toMatchObject({
      contentHash: card.contentHash,
      embeddingModel: TEST_MODEL,
      title: card.title,
      license: card.license,
      sourceUrl: card.sourceUrl,
    });
    expect((row.embedding as number[]).length).toBe(64);
    // The index step sets each card's embeddingModel; its contentHash stays.
    const after = (await listCards(dir)).cards;
    expect(after.every((c) => c.embeddingModel === TEST_MODEL)).toBe(true);
    expect(after.map((c) => c.contentHash)).toEqual(cards.map((c) => c.contentHash));
  });

  it("skips cards whose contentHash and model are indexed; embeds the changed; --rebuild embeds all; a new model re-embeds", async () => {
    const dir = copy();
    await index(config(dir));
    ollama.requests.length = 0;
    expect(await index(config(dir))).toMatchObject({ embedded: 0, skipped: 14, batches: 0 });
    expect(ollama.requests).toEqual([]);

    const card = (await listCards(dir)).cards[0]!;
    const { schemaVersion: _s, id: _i, contentHash: _h, embeddingModel: _m, tombstone: _t, ...draft } = card;
    await writeCard(dir, cardFromDraft({ ...draft, title: `${card.title} (revised)` }));
    expect(await index(config(dir))).toMatchObject({ embedded: 1, skipped: 13 });
    expect(ollama.requests.at(-1)!.input[0]).toContain("(revised)");

    expect(await index(config(dir), true)).toMatchObject({ embedded: 14, skipped: 0 });

    const other = config(dir, { SVC_RAG_EMBED_MODEL: "other-model" });
    const multi = await startEmbedServer(["other-model"]);
    try {
      expect(await index({ ...other, embedUrl: multi.url })).toMatchObject({ embedded: 14 });
    } finally {
      await multi.close();
    }
  });

  it("drops the row of a tombstoned card and keeps its file", async () => {
    const dir = copy();
    await index(config(dir));
    const card = (await listCards(dir)).cards[3]!;
    await tombstoneCard(dir, card);
    expect(await index(config(dir))).toMatchObject({ embedded: 0, removed: 1, rows: 13 });
    expect((await readIndexRows(dir)).some((r) => r.id === card.id)).toBe(false);
    expect((await listCards(dir)).cards).toHaveLength(14);
  });

  it("accepts the legacy single-vector reply for a batch of one", async () => {
    const dir = copy();
    ollama.mode = "legacy";
    expect(await index(config(dir, { SVC_RAG_EMBED_BATCH: "1" }))).toMatchObject({ embedded: 14, batches: 14 });
  });

  it("refuses SVC_RAG_EMBED_BATCH outside 1 to 512", () => {
    expect(() => config(scratch, { SVC_RAG_EMBED_BATCH: "0" })).toThrow(CreativeConfigError);
    expect(() => config(scratch, { SVC_RAG_EMBED_BATCH: "513" })).toThrow(
      /SVC_RAG_EMBED_BATCH must be a whole number from 1 to 512/,
    );
    expect(config(scratch, { SVC_RAG_EMBED_BATCH: "512" }).embedBatch).toBe(512);
    expect(creativeConfigFromEnv({}, scratch).embedBatch).toBe(64);
  });

  it("an unwritable data directory is a DataDirError", async () => {
    const file = join(scratch, "plain");
    writeFileSync(file, "");
    await expect(index(config(join(file, "d")))).rejects.toBeInstanceOf(DataDirError);
  });
});

describe("embedding errors (spec 7)", () => {
  it("a server that is down is an EmbedConnectionError", async () => {
    const down = await startEmbedServer();
    const url = down.url;
    await down.close();
    const err = await index({ ...config(copy()), embedUrl: url }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EmbedConnectionError);
    expect((err as Error).message).toContain(url);
    expect((err as Error).message).toMatch(/ECONNREFUSED/);
  });

  it("a server that does not answer in time is an EmbedTimeoutError", async () => {
    ollama.mode = "hang";
    const err = await search(config(copy(), { SVC_RAG_EMBED_TIMEOUT_SECONDS: "1" }), "stars").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EmbedTimeoutError);
    expect((err as EmbedTimeoutError).code).toBe("embed-timeout");
  });

  it("an API error is an EmbedApiError carrying the server's message", async () => {
    ollama.mode = "api-error";
    const err = await index(config(copy())).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EmbedApiError);
    expect((err as EmbedApiError).status).toBe(500);
    expect((err as Error).message).toMatch(/HTTP 500: llama runner process has terminated/);
  });

  it("a model not pulled is a model-not-found error on the first index and on search", async () => {
    const c = config(copy(), { SVC_RAG_EMBED_MODEL: "not-pulled" });
    const first = await index(c).catch((e: unknown) => e);
    expect(first).toBeInstanceOf(EmbedModelNotFoundError);
    expect((first as Error).message).toMatch(/no model 'not-pulled'.*ollama pull not-pulled/);
    expect(ollama.requests).toHaveLength(1);
    await expect(search(c, "stars")).rejects.toBeInstanceOf(EmbedModelNotFoundError);
  });

  it("guards one vector per input in every batch, keeping the rows embedded before the failure", async () => {
    const dir = copy();
    ollama.mode = "short";
    ollama.okFirst = 1;
    const err = await index(config(dir)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EmbedApiError);
    expect((err as Error).message).toMatch(/returned 3 vector\(s\) for 4 input\(s\)/);
    expect(await readIndexRows(dir)).toHaveLength(4);
    ollama.mode = "ok";
    expect(await index(config(dir))).toMatchObject({ embedded: 10, skipped: 4 });
  });
});

describe("search", () => {
  let dir: string;
  beforeAll(async () => {
    dir = copy();
    await buildIndex(config(dir), { rebuild: false, log: () => {} });
  });

  it("returns the closest cards by cosine, each with sourceUrl, license and rightsNotes", async () => {
    const result = await search(config(dir), "kaleidoscope rosette of coloured glass", 3);
    expect(result.backend).toBe("jsonl");
    expect(result.indexed).toBe(14);
    expect(result.hits).toHaveLength(3);
    expect(result.hits[0]!.title).toBe("Kaleidoscope Rosette");
    for (const hit of result.hits) {
      expect(hit.sourceUrl).toMatch(/^https?:\/\//);
      expect(hit.license).toBeTruthy();
      expect(hit.rightsNotes).toBeTruthy();
    }
    const scores = result.hits.map((h) => h.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    // The score is the exact cosine of the two bags of words.
    const rows = await readIndexRows(dir);
    const row = rows.find((r) => r.id === result.hits[0]!.id)!;
    const q = bagOfWords("kaleidoscope rosette of coloured glass");
    const dot = q.reduce((s, x, i) => s + x * row.embedding[i]!, 0);
    const cos = dot / Math.hypot(...q) / Math.hypot(...row.embedding);
    expect(result.hits[0]!.score).toBeCloseTo(cos, 5);
  });

  it("applies the license, type and tags filters", async () => {
    const cc0 = await search(config(dir), "painting", 20, { licenses: ["CC0"] });
    expect(cc0.hits.length).toBeGreaterThan(0);
    expect(cc0.hits.every((h) => h.license === "CC0")).toBe(true);
    const several = await search(config(dir), "painting", 20, { licenses: ["CC0", "PublicDomain"] });
    expect(new Set(several.hits.map((h) => h.license))).toEqual(new Set(["CC0", "PublicDomain"]));
    expect((await search(config(dir), "painting", 20, { type: "technique" })).hits).toEqual([]);
    expect((await search(config(dir), "painting", 20, { type: "artwork" })).hits).toHaveLength(14);
    const tagged = await search(config(dir), "painting", 20, { tags: ["painting", "abstraction"] });
    expect(tagged.hits.map((h) => h.title)).toEqual(["Starry Night and the Astronauts"]);
  });

  it("bounds k and the query", async () => {
    await expect(search(config(dir), "x", 0)).rejects.toThrow(/k must be a whole number from 1 to 100/);
    await expect(search(config(dir), "x", 101)).rejects.toThrow(/k must be/);
    await expect(search(config(dir), "   ")).rejects.toThrow(/give some words/);
  });

  it("refuses an index built with another model", async () => {
    const both = await startEmbedServer([TEST_MODEL, "other"]);
    try {
      await expect(search({ ...config(dir), embedUrl: both.url, embedModel: "other" }, "x")).rejects.toThrow(
        /built with 'bag-of-words', not 'other'.*--rebuild/,
      );
    } finally {
      await both.close();
    }
  });
});

describe("the vectordb backend", () => {
  it("writes a table beside the JSONL index and answers with the same hits and scores", async () => {
    const dir = copy();
    const vdb = config(dir, { SVC_RAG_BACKEND: "vectordb" });
    await index(vdb);
    expect(log.filter((l) => l.startsWith("warning"))).toEqual([]);
    const cases: SearchFilters[] = [{}, { licenses: ["CC0", "PublicDomain"] }, { type: "artwork", tags: ["painting"] }];
    for (const filters of cases) {
      const fromStore = await search(vdb, "stars over a painted field", 5, filters);
      const fromJsonl = await search(config(dir), "stars over a painted field", 5, filters);
      expect(fromStore.backend).toBe("vectordb");
      expect(fromJsonl.backend).toBe("jsonl");
      expect(fromStore.hits.map((h) => [h.id, h.score])).toEqual(fromJsonl.hits.map((h) => [h.id, h.score]));
    }
  });

  it("falls back to JSONL with a warning when its first table access fails", async () => {
    const dir = copy();
    await index(config(dir));
    const result = await search(config(dir, { SVC_RAG_BACKEND: "vectordb" }), "stars", 3);
    expect(result.backend).toBe("jsonl");
    expect(result.hits).toHaveLength(3);
    expect(log).toEqual([
      expect.stringMatching(/^warning: the vectordb backend is unavailable .*; using the jsonl index$/),
    ]);
  });
});
