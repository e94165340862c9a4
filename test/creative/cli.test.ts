/**
 * `svc creative-rag` end to end: disabled by default (one line, exit 0, for every subcommand),
 * sync → index → search against the replayed sources and the loopback embeddings server, every
 * repertoire error of spec 7 reported as one line with exit 1 and bad usage with exit 2, and the
 * vectordb backend falling back when its dependency is absent (the built CLI, the package hidden).
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runSvc } from "../cli/run-cli.js";
import { requireBuiltCli } from "../mcp/helpers.js";
import { startEmbedServer, TEST_MODEL, type EmbedServer } from "./embed-server.js";
import { startReplayServer, type ReplayServer } from "./replay-server.js";

const HIDE_LANCEDB = fileURLToPath(new URL("./fixtures/hide-lancedb.mjs", import.meta.url));
const DISABLED = "svc creative-rag: the creative repertoire is disabled (set SVC_RAG_ENABLED=1 to use it)\n";

let replay: ReplayServer;
let ollama: EmbedServer;
const scratch = mkdtempSync(join(tmpdir(), "svc-creative-cli-"));
const dataDir = join(scratch, "data");

const env = (over: Record<string, string> = {}): NodeJS.ProcessEnv => ({
  SVC_RAG_ENABLED: "1",
  SVC_RAG_DATA_DIR: dataDir,
  SVC_RAG_OLLAMA_URL: ollama.url,
  SVC_RAG_EMBED_MODEL: TEST_MODEL,
  SVC_RAG_SOURCE_URLS: replay.sourceUrls,
  ...over,
});

beforeAll(async () => {
  replay = await startReplayServer();
  ollama = await startEmbedServer();
});
afterAll(async () => {
  await replay?.close();
  await ollama?.close();
  rmSync(scratch, { recursive: true, force: true });
});

describe("disabled (the default)", () => {
  it.each([["sync"], ["index"], ["search", "stars"], ["search"], ["sources"], ["sync", "--limit", "0"]])(
    "svc creative-rag %s prints one line and exits 0",
    async (...words) => {
      for (const value of [undefined, "0"]) {
        const run = await runSvc(["creative-rag", ...words], value === undefined ? {} : { SVC_RAG_ENABLED: value });
        expect(run).toEqual({ code: 0, stdout: DISABLED, stderr: "" });
      }
    },
  );
});

describe("sync → index → search", () => {
  it("pulls capped cards, embeds them and finds them by meaning with filters", async () => {
    const sync = await runSvc(
      [
        "creative-rag",
        "sync",
        "--source",
        "cleveland",
        "--source",
        "commons",
        "--source",
        "smithsonian",
        "--limit",
        "3",
      ],
      env(),
    );
    expect(sync.stderr).toBe("svc creative-rag sync: smithsonian: skipped, SVC_RAG_SMITHSONIAN_KEY is not set\n");
    expect(sync.stdout).toBe(
      [
        "cleveland: 2 written, 0 unchanged, 0 tombstoned, 1 binary stored",
        "commons: 3 written, 0 unchanged, 0 tombstoned, 2 binaries stored",
        "smithsonian: skipped (no key)",
        "",
      ].join("\n"),
    );
    expect(sync.code).toBe(0);

    const index = await runSvc(["creative-rag", "index"], env());
    expect(index).toEqual({
      code: 0,
      stdout: `indexed 5 cards with ${TEST_MODEL}: 5 embedded in 1 batch, 0 unchanged (cached), 0 removed\n`,
      stderr: "",
    });
    const again = await runSvc(["creative-rag", "index"], env());
    expect(again.stdout).toContain("0 embedded in 0 batches, 5 unchanged (cached)");

    const text = await runSvc(["creative-rag", "search", "kaleidoscope", "rosette", "glass", "--k", "2"], env());
    expect(text.code).toBe(0);
    expect(text.stdout.split("\n")[0]).toMatch(/^\d\.\d{3} {2}Kaleidoscope Rosette \[artwork\]$/);
    expect(text.stdout).toContain("CC0 · https://clevelandart.org/art/1942.647");
    expect(text.stdout).toContain("share_license_status: CC0");

    const json = await runSvc(
      ["creative-rag", "search", "paper", "--license", "CC-BY-SA,PublicDomain", "--type", "artwork", "--json"],
      env(),
    );
    const result = JSON.parse(json.stdout) as {
      backend: string;
      hits: Array<{ license: string; sourceUrl: string; rightsNotes: string }>;
    };
    expect(result.backend).toBe("jsonl");
    expect(result.hits.map((h) => h.license).sort()).toEqual(["CC-BY-SA", "PublicDomain"]);
    for (const h of result.hits) expect(h.sourceUrl && h.rightsNotes).toBeTruthy();

    const sources = await runSvc(["creative-rag", "sources"], env());
    expect(sources.stdout.split("\n").filter((l) => / live /.test(l))).toHaveLength(7);
    expect(sources.stdout.split("\n").filter((l) => / planned /.test(l))).toHaveLength(6);
    expect(sources.stdout).toMatch(/europeana +live +Europeana \(SVC_RAG_EUROPEANA_KEY not set\)/);
  });
});

describe("errors", () => {
  it("an embeddings server that is down, slow, failing or without the model: one line, exit 1", async () => {
    const down = await startEmbedServer();
    const downUrl = down.url;
    await down.close();
    const refused = await runSvc(["creative-rag", "index", "--rebuild"], env({ SVC_RAG_OLLAMA_URL: downUrl }));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /^svc creative-rag index: the rebuild stopped after 0 of 5 cards \(cannot reach the embeddings server at .*ECONNREFUSED.* \[embed-connection\]\); the old index \(5 rows\) is kept as it was.* \[index-rebuild-failed\]\n$/,
    );

    ollama.mode = "hang";
    const slow = await runSvc(["creative-rag", "search", "stars"], env({ SVC_RAG_EMBED_TIMEOUT_SECONDS: "1" }));
    expect(slow.code).toBe(1);
    expect(slow.stderr).toMatch(/did not answer within 1000 ms \[embed-timeout\]\n$/);

    ollama.mode = "api-error";
    const failing = await runSvc(["creative-rag", "index", "--rebuild"], env());
    expect(failing.code).toBe(1);
    expect(failing.stderr).toMatch(
      /HTTP 500: llama runner process has terminated: out of memory \[embed-api\]\); the old index .* \[index-rebuild-failed\]\n$/,
    );

    ollama.mode = "ok";
    const missing = await runSvc(
      ["creative-rag", "search", "stars"],
      env({ SVC_RAG_EMBED_MODEL: "mxbai-embed-large" }),
    );
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(
      /no model 'mxbai-embed-large'; pull it \(ollama pull mxbai-embed-large\).*\[embed-model-not-found\]\n$/,
    );
  });

  it("an unwritable data directory: a typed error from sync and index", async () => {
    const file = join(scratch, "plain-file");
    writeFileSync(file, "");
    for (const sub of ["sync", "index"]) {
      const run = await runSvc(["creative-rag", sub], env({ SVC_RAG_DATA_DIR: join(file, "data") }));
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(
        new RegExp(
          `^svc creative-rag ${sub}: the creative data directory .* is not writable \\(ENOTDIR\\).*\\[data-dir-unwritable\\]\\n$`,
        ),
      );
    }
  });

  it("bad usage exits 2 naming the problem", async () => {
    const cases: Array<[string[], RegExp]> = [
      [["sync", "--limit", "0"], /--limit must be a whole number from 1 to 100/],
      [["sync", "--source", "shadertoy"], /planned, not wired into sync/],
      [["sync", "--source", "louvre"], /no source 'louvre'/],
      [["search", "x", "--type", "poem"], /type must be one of project, artist, artwork, technique, cue_reference/],
      [["search", "x", "--license", "MIT"], /'MIT', which is not one of CC0/],
      [["search", "x", "--k", "101"], /--k must be a whole number from 1 to 100/],
      [["search"], /give some words/],
    ];
    for (const [words, message] of cases) {
      const run = await runSvc(["creative-rag", ...words], env());
      expect(run.code, words.join(" ")).toBe(2);
      expect(run.stderr).toMatch(message);
    }
    const badBatch = await runSvc(["creative-rag", "index"], env({ SVC_RAG_EMBED_BATCH: "1000" }));
    expect(badBatch.code).toBe(2);
    expect(badBatch.stderr).toMatch(/SVC_RAG_EMBED_BATCH must be a whole number from 1 to 512/);
  });
});

describe("a rebuild that cannot finish", () => {
  it("svc creative-rag index --rebuild with the embeddings server down leaves the old index, as a process", async () => {
    const cli = requireBuiltCli();
    const index = join(dataDir, "index.jsonl");
    const before = readFileSync(index, "utf8");
    expect(before.trim().split("\n")).toHaveLength(5);
    const down = await startEmbedServer();
    const downUrl = down.url;
    await down.close();
    const run = await new Promise<{ status: number | null; stderr: string }>((done) => {
      const child = execFile(
        process.execPath,
        [cli, "creative-rag", "index", "--rebuild"],
        { env: { PATH: process.env.PATH ?? "", ...env({ SVC_RAG_OLLAMA_URL: downUrl }) } },
        (_err, _stdout, stderr) => done({ status: child.exitCode, stderr }),
      );
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(
      /\[embed-connection\]\); the old index \(5 rows\) is kept as it was.*\[index-rebuild-failed\]\n$/,
    );
    expect(readFileSync(index, "utf8")).toBe(before);
    // Nothing of the failed rebuild is left beside the index.
    expect(readdirSync(dataDir).sort()).toEqual(["binaries", "cards", "index.jsonl"]);
  });
});

describe("the vectordb backend without its dependency", () => {
  it("warns and falls back to the JSONL index, in index and in search", async () => {
    const cli = requireBuiltCli();
    // Asynchronous: the embeddings server answering the child runs in this process.
    const run = (words: string[]) =>
      new Promise<{ status: number | null; stdout: string; stderr: string }>((done) => {
        const child = execFile(
          process.execPath,
          ["--import", HIDE_LANCEDB, cli, "creative-rag", ...words],
          { env: { PATH: process.env.PATH ?? "", ...env({ SVC_RAG_BACKEND: "vectordb" }) } },
          (_err, stdout, stderr) => done({ status: child.exitCode, stdout, stderr }),
        );
      });
    const index = await run(["index", "--rebuild"]);
    expect(index.status).toBe(0);
    expect(index.stderr).toMatch(
      /^svc creative-rag index: warning: the vectordb backend could not be written \(Cannot find package '@lancedb\/lancedb'.*\); searches use the jsonl index\n$/,
    );
    const search = await run(["search", "marbled", "paper", "--json"]);
    expect(search.status).toBe(0);
    expect(search.stderr).toMatch(
      /warning: the vectordb backend is unavailable \(Cannot find package '@lancedb\/lancedb'.*\); using the jsonl index/,
    );
    const result = JSON.parse(search.stdout) as { backend: string; hits: Array<{ title: string }> };
    expect(result.backend).toBe("jsonl");
    expect(result.hits[0]!.title).toBe("Marbled paper pattern");
  });
});
