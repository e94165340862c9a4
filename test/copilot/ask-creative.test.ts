/**
 * `svc ask --creative`: the model is offered the creative repertoire's search besides the build
 * tools; what it finds comes back fenced as untrusted evidence (a card's text could carry
 * instructions too), and the call is in the receipt.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { cardFromDraft } from "../../runtime/creative/card.js";
import { writeCard } from "../../runtime/creative/store.js";
import type { Receipt } from "../../runtime/chat/receipt.js";
import { runSvc } from "../cli/run-cli.js";
import { draft } from "../creative/card-fixture.js";
import { startEmbedServer, TEST_MODEL, type EmbedServer } from "../creative/embed-server.js";
import { FAKE_MODEL, startFakeOllama, type FakeOllama } from "./fake-ollama.js";

let fake: FakeOllama;
let embed: EmbedServer;
let scratch: string;
let env: NodeJS.ProcessEnv;
const saved = { ...process.env };

beforeAll(async () => {
  fake = await startFakeOllama();
  embed = await startEmbedServer();
  scratch = mkdtempSync(join(tmpdir(), "svc-ask-creative-"));
  const dataDir = join(scratch, "rag");
  mkdirSync(join(dataDir, "cards"), { recursive: true });
  await writeCard(dataDir, cardFromDraft(draft({ title: "Grid in Red", body: "A grid of red planes." })));
  await writeCard(
    dataDir,
    cardFromDraft(
      draft({
        title: "Soft Waves",
        sourceUrl: "https://museum.example/objects/2",
        tags: ["waves"],
        visualLanguage: "blue waves",
        body: "Slow blue waves.",
      }),
    ),
  );
  const rag = {
    SVC_RAG_ENABLED: "1",
    SVC_RAG_DATA_DIR: dataDir,
    SVC_RAG_OLLAMA_URL: embed.url,
    SVC_RAG_EMBED_MODEL: TEST_MODEL,
  };
  env = {
    HOME: scratch,
    SVC_SESSION_PROFILE: join(scratch, "p.json"),
    SVC_LLM_URL: fake.url,
    SVC_LLM_MODEL: FAKE_MODEL,
    ...rag,
  };
  const indexed = await runSvc(["creative-rag", "index"], env);
  expect(indexed.code, indexed.stderr).toBe(0);
  // The repertoire's resources read the process's settings, as a server's do.
  Object.assign(process.env, rag);
});

afterAll(async () => {
  for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
  await fake.close();
  await embed.close();
  rmSync(scratch, { recursive: true, force: true });
});

it("offers the repertoire search, and its hits reach the model as fenced evidence", async () => {
  fake.script(
    { toolCalls: [{ name: "search_creative_repertoire", arguments: { q: "red grid planes", k: 1 } }] },
    (req) => {
      const result = req.messages.at(-1)!;
      return {
        content: result.content.includes("Grid in Red")
          ? "Try a red grid, after 'Grid in Red' (CC0)."
          : "nothing found",
      };
    },
  );
  const before = fake.requests.length;
  const run = await runSvc(["ask", "inspire me", "--creative", "--json"], env);
  expect(run.code, run.stderr).toBe(0);
  const receipt = JSON.parse(run.stdout) as Receipt;
  expect(receipt).toMatchObject({
    mode: "creative",
    answer: "Try a red grid, after 'Grid in Red' (CC0).",
    toolsCalled: [{ tool: "search_creative_repertoire", ok: true }],
  });
  const offered = fake.requests[before]!.tools!.map((t) => t.function.name);
  expect(offered).toContain("search_creative_repertoire");
  expect(offered).toContain("apply_network");
  expect(offered).toHaveLength(16);
  const hits = fake.requests[before + 1]!.messages.at(-1)!;
  expect(hits).toMatchObject({ role: "tool", tool_name: "search_creative_repertoire" });
  expect(hits.content).toMatch(/^UNTRUSTED EVIDENCE \(creative repertoire search results\)/);
  const lines = hits.content.split("\n");
  const fence = /^(`{3,})untrusted-evidence$/.exec(lines[1]!)![1]!;
  expect(lines.at(-1)).toBe(fence);
  expect(lines.slice(2, -1).join("\n")).not.toContain(fence);
  expect(hits.content).toContain('"license": "CC0"');
  expect(hits.content).not.toContain("Soft Waves");
});
