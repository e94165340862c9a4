/**
 * The repertoire over MCP, end to end: `svc creative-rag sync` and `index` against the replayed
 * sources and the loopback embeddings server, then svc://creative/search and svc://creative/cards,
 * then apply_creative_card as a dry run and for real on tdsim, through the artist builder's own
 * path. The resources exist only with SVC_RAG_ENABLED=1, the tool only with SVC_RAG_APPLY_CARD=1
 * too; every refusal of the tool happens before any builder runs.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cardFromDraft } from "../../runtime/creative/card.js";
import { readCard, tombstoneCard, writeCard } from "../../runtime/creative/store.js";
import { mcpConfigFromEnv } from "../../runtime/mcp/config.js";
import { runSvc } from "../cli/run-cli.js";
import { memoryClient, textOf } from "../mcp/helpers.js";
import { expectBuilt, livePanel } from "../mcp/artist-fixture.js";
import { refused, startNetworkFixture, type NetworkFixture } from "../mcp/network-fixture.js";
import { draft } from "./card-fixture.js";
import { startEmbedServer, TEST_MODEL, type EmbedServer } from "./embed-server.js";
import { startReplayServer, type ReplayServer } from "./replay-server.js";

let replay: ReplayServer;
let ollama: EmbedServer;
let f: NetworkFixture;
let client: Client;
const scratch = mkdtempSync(join(tmpdir(), "svc-creative-mcp-"));
const dataDir = join(scratch, "data");
const saved = { ...process.env };

interface Hit {
  id: string;
  title: string;
  license: string;
  sourceUrl: string;
  rightsNotes: string;
  score: number;
}

const read = async (uri: string) =>
  JSON.parse(((await client.readResource({ uri })).contents[0] as { text: string }).text) as Record<string, unknown>;
const search = async (query: string) =>
  (await read(`svc://creative/search?${query}`)) as { hits: Hit[]; backend: string };
const apply = (args: Record<string, unknown>) =>
  client.callTool({ name: "apply_creative_card", arguments: args }) as Promise<CallToolResult>;

beforeAll(async () => {
  replay = await startReplayServer();
  ollama = await startEmbedServer();
  Object.assign(process.env, {
    SVC_RAG_ENABLED: "1",
    SVC_RAG_DATA_DIR: dataDir,
    SVC_RAG_OLLAMA_URL: ollama.url,
    SVC_RAG_EMBED_MODEL: TEST_MODEL,
    SVC_RAG_SOURCE_URLS: replay.sourceUrls,
  });
  f = await startNetworkFixture("full");
  client = await memoryClient({ profile: "full", rawPython: false, creative: { enabled: true, applyCard: true } });
  const synced = await runSvc(["creative-rag", "sync", "--source", "cleveland", "--source", "artic"], process.env);
  expect(synced.code, synced.stderr).toBe(0);
  const indexed = await runSvc(["creative-rag", "index"], process.env);
  expect(indexed.stdout).toContain("indexed 5 cards");
}, 120_000);

afterAll(async () => {
  await client?.close();
  await f?.close();
  await replay?.close();
  await ollama?.close();
  for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
  rmSync(scratch, { recursive: true, force: true });
});

describe("registration", () => {
  it("offers the resources only with the feature on, and the tool only with SVC_RAG_APPLY_CARD=1 too", async () => {
    const templates = async (c: Client) =>
      (await c.listResourceTemplates()).resourceTemplates
        .map((t) => t.uriTemplate)
        .filter((u) => u.startsWith("svc://creative/"));
    const tools = async (c: Client) =>
      (await c.listTools()).tools.map((t) => t.name).filter((n) => n === "apply_creative_card");
    const off = await memoryClient({ profile: "full", rawPython: false });
    const resourcesOnly = await memoryClient({
      profile: "full",
      rawPython: false,
      creative: { enabled: true, applyCard: false },
    });
    try {
      expect(await templates(off)).toEqual([]);
      expect(await tools(off)).toEqual([]);
      expect(await templates(resourcesOnly)).toEqual([
        "svc://creative/cards/{id}",
        "svc://creative/search{?q,k,license,type,tags}",
      ]);
      expect(await tools(resourcesOnly)).toEqual([]);
      expect(await tools(client)).toEqual(["apply_creative_card"]);
    } finally {
      await off.close();
      await resourcesOnly.close();
    }
    expect(mcpConfigFromEnv({}).creative).toEqual({ enabled: false, applyCard: false });
    expect(mcpConfigFromEnv({ SVC_RAG_APPLY_CARD: "1" }).creative).toEqual({ enabled: false, applyCard: false });
    expect(mcpConfigFromEnv({ SVC_RAG_ENABLED: "1" }).creative).toEqual({ enabled: true, applyCard: false });
    expect(mcpConfigFromEnv({ SVC_RAG_ENABLED: "1", SVC_RAG_APPLY_CARD: "1" }).creative).toEqual({
      enabled: true,
      applyCard: true,
    });
  });
});

describe("the resources", () => {
  it("search takes its parameters in any order, filters, and names every hit's sourceUrl, license and rightsNotes", async () => {
    const result = await search("license=CC0,PublicDomain&q=kaleidoscope+rosette+glass&k=2");
    expect(result.hits.length).toBe(2);
    expect(result.hits[0]!.title).toBe("Kaleidoscope Rosette");
    for (const h of result.hits) {
      expect(["CC0", "PublicDomain"]).toContain(h.license);
      expect(h.sourceUrl).toMatch(/^https?:\/\//);
      expect(h.rightsNotes).toBeTruthy();
    }
    const tagged = await search("q=painting&tags=painting,abstraction&type=artwork");
    expect(tagged.hits.map((h) => h.title)).toEqual(["Starry Night and the Astronauts"]);
    await expect(read("svc://creative/search?q=x&k=0")).rejects.toThrow(/k must be a whole number from 1 to 100/);
    await expect(read("svc://creative/search?q=x&type=poem")).rejects.toThrow(/type must be one of/);
    await expect(read("svc://creative/search?q=x&colour=red")).rejects.toThrow(/not found/i);
    await expect(read("svc://creative/search?k=3")).rejects.toThrow(/q must hold some words/);
  });

  it("a card reads as JSON with its provenance; an unknown id is not found", async () => {
    const [hit] = (await search("q=kaleidoscope&k=1")).hits;
    const card = await read(`svc://creative/cards/${hit!.id}`);
    expect(card).toMatchObject({
      schemaVersion: 1,
      id: hit!.id,
      title: "Kaleidoscope Rosette",
      license: "CC0",
      sourceUrl: "https://clevelandart.org/art/1942.647",
      rightsNotes: "share_license_status: CC0",
      tombstone: false,
      embeddingModel: TEST_MODEL,
    });
    expect(card.svcAffordances).toEqual(["create_kaleidoscope", "create_color_grade"]);
    await expect(read(`svc://creative/cards/${"0".repeat(64)}`)).rejects.toThrow(/no creative card/);
    await expect(read("svc://creative/cards/..%2F..%2Fetc%2Fpasswd")).rejects.toThrow(/no creative card/);
  });

  it("an embeddings server that is down fails that read with its typed error; the server goes on answering", async () => {
    const down = await startEmbedServer();
    const url = down.url;
    await down.close();
    process.env.SVC_RAG_OLLAMA_URL = url;
    try {
      await expect(read("svc://creative/search?q=stars")).rejects.toThrow(
        /cannot reach the embeddings server.*\[embed-connection\]/,
      );
    } finally {
      process.env.SVC_RAG_OLLAMA_URL = ollama.url;
    }
    expect((await search("q=stars&k=1")).hits).toHaveLength(1);
  });
});

describe("sync → index → search → apply_creative_card", () => {
  it("a dry run returns the builder and its arguments after its schema defaults, and builds nothing", async () => {
    const [hit] = (await search("q=starry+night+astronauts&k=1")).hits;
    expect(hit!.title).toBe("Starry Night and the Astronauts");
    const card = (await readCard(dataDir, hit!.id))!;
    // Its words hint at particles, not at colour: the colour grade is not added to every card.
    expect(card.svcAffordances).toEqual(["create_particle_system"]);
    const r = await apply({ card_id: hit!.id, affordance_index: 0, dry_run: true, overrides: { birth: 50 } });
    expect(r.isError, textOf(r)).toBeFalsy();
    expect(r.structuredContent).toEqual({
      tool: "create_particle_system",
      args: { name: `card_${hit!.id.slice(0, 12)}`, preview: 256, color: card.palette[0], birth: 50 },
    });
    expect(textOf(r)).toContain(`from the card: name <- the card's id; color <- palette ${card.palette[0]}`);
    expect(await f.node(`/project1/card_${hit!.id.slice(0, 12)}`)).toBeUndefined();
    // dry_run defaults to true.
    const implicit = await apply({ card_id: hit!.id, affordance_index: 0 });
    expect((implicit.structuredContent as { tool: string }).tool).toBe(card.svcAffordances[0]);
  });

  it("builds what the card says on tdsim: a slow card's kaleidoscope turns slowly, a frantic one's fast", async () => {
    const spins: unknown[] = [];
    for (const [url, motion] of [
      ["https://museum.example/slow-rosette", "a slow, meditative turning"],
      ["https://museum.example/fast-rosette", "frantic whirling"],
    ] as const) {
      const card = cardFromDraft(
        draft({ sourceUrl: url, title: "Rosette", motionLanguage: motion, svcAffordances: ["create_kaleidoscope"] }),
      );
      await writeCard(dataDir, card);
      const r = await apply({ card_id: card.id, affordance_index: 0, dry_run: false, overrides: { preview: 48 } });
      const data = await expectBuilt(f, r, 48);
      expect(data.source).toMatch(/spin/);
      const panel = await livePanel(f, `${data.network}/glsl_kaleidoscope1`);
      spins.push(Object.entries(panel).find(([k]) => /spin/i.test(k))?.[1]);
    }
    expect(spins).toEqual([5, 45]);
  });

  it("builds the card's affordance on tdsim through the artist builder, with the overrides on its panel", async () => {
    const [hit] = (await search("q=kaleidoscope+rosette&k=1&license=CC0")).hits;
    const r = await apply({
      card_id: hit!.id,
      affordance_index: 0,
      dry_run: false,
      overrides: { segments: 8, preview: 48 },
    });
    const data = await expectBuilt(f, r, 48);
    expect(data.network).toBe(`/project1/card_${hit!.id.slice(0, 12)}`);
    expect(data.recipes).toEqual(["glsl_kaleidoscope"]);
    expect(data.source).toContain('import "');
    const use = `${data.network}/glsl_kaleidoscope1`;
    expect((await f.node(use))?.type).toBe("baseCOMP");
    expect(Object.values(await livePanel(f, use))).toContain(8);
  });

  it("refuses, before any builder runs, an override that is not the builder's argument, a bad value, a missing affordance, a builder off the list and a tombstoned card", async () => {
    const before = await f.snapshot();
    const [hit] = (await search("q=kaleidoscope&k=1")).hits;
    refused(
      await apply({ card_id: hit!.id, affordance_index: 0, dry_run: false, overrides: { segmnts: 8 } }),
      "unknown-override",
      /'segmnts' is not an argument of create_kaleidoscope; it takes .*segments/,
    );
    refused(
      await apply({ card_id: hit!.id, affordance_index: 0, dry_run: false, overrides: { segments: 1 } }),
      "invalid-arguments",
      /segments/,
    );
    refused(
      await apply({ card_id: hit!.id, affordance_index: 5, dry_run: false }),
      "no-such-affordance",
      /0 create_kaleidoscope, 1 create_color_grade/,
    );
    refused(await apply({ card_id: "f".repeat(64), affordance_index: 0, dry_run: false }), "card-not-found");

    const rogue = cardFromDraft(
      draft({ sourceUrl: "https://museum.example/rogue", svcAffordances: ["delete_td_node", "execute_python_script"] }),
    );
    await writeCard(dataDir, rogue);
    refused(
      await apply({ card_id: rogue.id, affordance_index: 0, dry_run: false }),
      "target-not-allowed",
      /'delete_td_node' is not a builder a card may run/,
    );
    refused(await apply({ card_id: rogue.id, affordance_index: 1, dry_run: true }), "target-not-allowed");

    const gone = cardFromDraft(draft({ sourceUrl: "https://museum.example/gone" }));
    await writeCard(dataDir, gone);
    await tombstoneCard(dataDir, gone);
    refused(await apply({ card_id: gone.id, affordance_index: 0, dry_run: false }), "card-tombstoned");
    expect(await f.snapshot()).toEqual(before);
  });
});
