/**
 * The seven sources against recorded responses in each API's shape, replayed on a loopback port:
 * each maps its license signal as spec 4.6 says, stores a binary only for an allowlisted license,
 * key-gated sources skip with one line and never leak their key, and sync follows the card
 * lifecycle of spec 3.1 (new, unchanged, tombstoned by absence or 404, revived, a failed source
 * leaving its cards alone).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sha256, type Card } from "../../runtime/creative/card.js";
import { creativeConfigFromEnv } from "../../runtime/creative/config.js";
import { CreativeConfigError, DataDirError } from "../../runtime/creative/errors.js";
import { LIVE_SOURCES, PLANNED_SOURCES, pickSources } from "../../runtime/creative/sources/all-sources.js";
import { listCards } from "../../runtime/creative/store.js";
import { syncCards, type SourceReport } from "../../runtime/creative/sync.js";
import { EUROPEANA_KEY, SMITHSONIAN_KEY, startReplayServer, type ReplayServer } from "./replay-server.js";

let replay: ReplayServer;
const scratch = mkdtempSync(join(tmpdir(), "svc-creative-sources-"));
let n = 0;

beforeAll(async () => {
  replay = await startReplayServer();
});
afterAll(async () => {
  await replay?.close();
  rmSync(scratch, { recursive: true, force: true });
});
beforeEach(() => replay.reset());

interface Run {
  dir: string;
  reports: SourceReport[];
  log: string[];
  cards: Card[];
  binaries: string[];
}

async function sync(
  sources: string[],
  extraEnv: Record<string, string> = {},
  dir = join(scratch, `d${n++}`),
): Promise<Run> {
  const env = { SVC_RAG_ENABLED: "1", SVC_RAG_DATA_DIR: dir, SVC_RAG_SOURCE_URLS: replay.sourceUrls, ...extraEnv };
  const log: string[] = [];
  const reports = await syncCards(creativeConfigFromEnv(env, scratch), {
    sources: pickSources(sources),
    limit: 10,
    env,
    log: (l) => log.push(l),
  });
  const cards = (await listCards(dir)).cards;
  const binaries = readdirSync(join(dir, "binaries")).sort();
  return { dir, reports, log, cards, binaries };
}

const byTitle = (run: Run, title: string) => run.cards.find((c) => c.title === title)!;
const hasBinary = (run: Run, card: Card) => run.binaries.some((b) => b.startsWith(`${card.id}.`));

/** Every file under the data directory, concatenated: for checking that a key was never written. */
function everything(dir: string): string {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => readFileSync(join(e.parentPath, e.name), "latin1"))
    .join("\n");
}

describe("art museum A (is_public_domain, IIIF image_id)", () => {
  it("maps is_public_domain true to PublicDomain and anything else to Unknown; the picture comes from the IIIF base plus image_id", async () => {
    const run = await sync(["artic"]);
    expect(run.reports).toEqual([expect.objectContaining({ source: "artic", status: "ok", written: 3, binaries: 1 })]);
    const thomas = byTitle(run, "Starry Night and the Astronauts");
    expect(thomas).toMatchObject({
      license: "PublicDomain",
      artist: "Alma Thomas",
      year: 1972,
      sourceUrl: "http://www.artic.edu/artworks/129884",
      sourceName: "Art Institute of Chicago",
      type: "artwork",
    });
    expect(thomas.palette).toEqual([expect.stringMatching(/^#[0-9a-f]{6}$/)]);
    expect(thomas.svcAffordances).toContain("create_particle_system");
    expect(hasBinary(run, thomas)).toBe(true);
    expect(replay.requests).toContain("/iiif/2/e966799b-97ee-1cc6-bd2f-a94b4b8bb8f9/full/843,/0/default.jpg");
    const seurat = byTitle(run, "A Sunday on La Grande Jatte — 1884");
    expect(seurat.license).toBe("Unknown");
    expect(hasBinary(run, seurat)).toBe(false);
    expect(replay.requests.some((r) => r.includes("2d484387"))).toBe(false);
    const study = byTitle(run, "Untitled (study)");
    expect(study.license).toBe("Unknown");
    expect(study.rightsNotes).toMatch(/no license signal/);
    expect(study.year).toBeUndefined();
  });
});

describe("art museum B (two-step search, isPublicDomain)", () => {
  it("searches, then reads objects/{id} each; a 404 object counts as gone", async () => {
    const run = await sync(["met"]);
    expect(replay.requests.filter((r) => r.startsWith("/met/"))).toEqual([
      "/met/search?hasImages=true&q=abstract",
      "/met/objects/436524",
      "/met/objects/459123",
      "/met/objects/999001",
    ]);
    expect(run.reports[0]).toMatchObject({ status: "ok", written: 2, gone: 1, binaries: 1 });
    const wheat = byTitle(run, "Wheat Field with Cypresses");
    expect(wheat).toMatchObject({
      license: "PublicDomain",
      year: 1889,
      sourceUrl: "https://www.metmuseum.org/art/collection/search/436524",
    });
    expect(wheat.tags).toEqual(expect.arrayContaining(["landscapes", "cypresses"]));
    expect(hasBinary(run, wheat)).toBe(true);
    const spirals = byTitle(run, "Composition in Spirals");
    expect(spirals.license).toBe("Unknown");
    expect(spirals.svcAffordances[0]).toBe("create_feedback_network");
    expect(hasBinary(run, spirals)).toBe(false);
  });
});

describe("art museum C (linked art)", () => {
  it("resolves each id (following the resolver's redirect), the picture through shows → VisualItem → DigitalObject → access_point, and classifies the rights statement", async () => {
    const run = await sync(["rijks"]);
    const milkmaid = byTitle(run, "The Milkmaid");
    expect(milkmaid).toMatchObject({
      license: "CC0",
      artist: "Johannes Vermeer",
      year: 1661,
      materials: "oil paint, canvas",
      sourceUrl: `${replay.origin}/rijks-id/200107928`,
    });
    expect(milkmaid.rightsNotes).toContain("https://creativecommons.org/publicdomain/zero/1.0/");
    expect(milkmaid.body).toMatch(/pours milk/);
    expect(hasBinary(run, milkmaid)).toBe(true);
    expect(replay.requests).toEqual(
      expect.arrayContaining([
        "/rijks-id/200107928",
        "/rijks-data/200107928",
        "/rijks-data/202000001",
        "/rijks-data/50000000001",
        "/iiif/rijks/milkmaid/full/max/0/default.jpg",
      ]),
    );
    const waves = byTitle(run, "Study of waves");
    expect(waves.license).toBe("Unknown");
    expect(waves.rightsNotes).toMatch(/no rights statement/);
    expect(hasBinary(run, waves)).toBe(false);
  });
});

describe("art museum D (share_license_status, images.web.url)", () => {
  it("maps CC0 to CC0 and anything else to Unknown in one list call", async () => {
    const run = await sync(["cleveland"]);
    expect(replay.requests.filter((r) => r.startsWith("/cleveland/"))).toEqual([
      "/cleveland/artworks/?q=abstract&has_image=1&limit=10",
    ]);
    const rosette = byTitle(run, "Kaleidoscope Rosette");
    expect(rosette).toMatchObject({ license: "CC0", medium: "stained glass", year: 1799 });
    expect(rosette.svcAffordances[0]).toBe("create_kaleidoscope");
    expect(hasBinary(run, rosette)).toBe(true);
    expect(replay.requests).toContain("/cma-images/1942.647_web.png");
    const signal = byTitle(run, "Signal Field");
    expect(signal.license).toBe("Unknown");
    expect(signal.rightsNotes).toBe("share_license_status: Copyrighted");
    expect(hasBinary(run, signal)).toBe(false);
  });
});

describe("the national archive (key-gated, media.usage.access)", () => {
  it("without its key logs one skip line, asks nothing and stores nothing", async () => {
    const before = replay.requests.length;
    const run = await sync(["smithsonian"]);
    expect(run.reports).toEqual([expect.objectContaining({ source: "smithsonian", status: "skipped", written: 0 })]);
    expect(run.log).toEqual(["smithsonian: skipped, SVC_RAG_SMITHSONIAN_KEY is not set"]);
    expect(replay.requests.length).toBe(before);
    expect(run.cards).toEqual([]);
  });

  it("with its key maps usage.access CC0 to CC0, else Unknown, and the key is written nowhere", async () => {
    const run = await sync(["smithsonian"], { SVC_RAG_SMITHSONIAN_KEY: SMITHSONIAN_KEY });
    expect(
      replay.requests.some((r) => r.startsWith("/smithsonian/search?") && r.includes(`api_key=${SMITHSONIAN_KEY}`)),
    ).toBe(true);
    const tundra = byTitle(run, "Tundra");
    expect(tundra).toMatchObject({
      license: "CC0",
      year: 1957,
      medium: "oil on canvas",
      sourceUrl: "http://n2t.net/ark:/65665/vk7a1b2c3d4-e5f6",
    });
    expect(tundra.body).toBe("Pools of blue and red drift across white like water.\n");
    expect(hasBinary(run, tundra)).toBe(true);
    const poster = byTitle(run, "Radio poster");
    expect(poster.license).toBe("Unknown");
    expect(poster.rightsNotes).toContain("Usage conditions apply");
    expect(hasBinary(run, poster)).toBe(false);
    expect(everything(run.dir)).not.toContain(SMITHSONIAN_KEY);
    expect(JSON.stringify(run)).not.toContain(SMITHSONIAN_KEY);
  });

  it("a refused key fails the source with a message that does not carry the key", async () => {
    const run = await sync(["smithsonian"], { SVC_RAG_SMITHSONIAN_KEY: "wrong-key-123" });
    expect(run.reports[0]).toMatchObject({ status: "failed" });
    expect(run.reports[0]!.error).toMatch(/HTTP 403/);
    expect(JSON.stringify(run)).not.toContain("wrong-key-123");
  });
});

describe("the media commons (category-members generator, extmetadata License)", () => {
  it("asks for the CC-Zero category's files with image info and classifies each License code", async () => {
    const run = await sync(["commons"]);
    const query = new URL(`http://x${replay.requests.find((r) => r.startsWith("/commons/"))!}`).searchParams;
    expect(Object.fromEntries(query)).toMatchObject({
      action: "query",
      generator: "categorymembers",
      gcmtitle: "Category:CC-Zero",
      gcmtype: "file",
      gcmlimit: "10",
      prop: "imageinfo",
    });
    const licenses = Object.fromEntries(run.cards.map((c) => [c.title, c.license]));
    expect(licenses).toEqual({
      "Marbled paper pattern": "CC0",
      "Old star chart": "PublicDomain",
      "Light tunnel installation": "CC-BY-SA",
      "Projection mapping facade": "CC-BY",
      "Untagged scan": "Unknown",
    });
    expect(byTitle(run, "Marbled paper pattern")).toMatchObject({
      artist: "Paperist",
      year: 2018,
      sourceUrl: "https://commons.wikimedia.org/wiki/File:Marbled_paper_pattern.jpg",
    });
    expect(run.binaries).toHaveLength(2);
    expect(hasBinary(run, byTitle(run, "Light tunnel installation"))).toBe(false);
  });

  it("stores a CC-BY-SA binary once SVC_RAG_LICENSE_ALLOWLIST allows it", async () => {
    const run = await sync(["commons"], { SVC_RAG_LICENSE_ALLOWLIST: "CC0,PublicDomain,CC-BY-SA" });
    expect(hasBinary(run, byTitle(run, "Light tunnel installation"))).toBe(true);
    expect(hasBinary(run, byTitle(run, "Projection mapping facade"))).toBe(false);
    expect(hasBinary(run, byTitle(run, "Untagged scan"))).toBe(false);
  });
});

describe("the European aggregator (key-gated, rights[0] URI)", () => {
  it("without its key logs one skip line", async () => {
    const run = await sync(["europeana"]);
    expect(run.reports[0]).toMatchObject({ status: "skipped" });
    expect(run.log).toEqual(["europeana: skipped, SVC_RAG_EUROPEANA_KEY is not set"]);
  });

  it("classifies rights[0] and strips the key Europeana echoes into the guid from the sourceUrl and the id", async () => {
    const run = await sync(["europeana"], { SVC_RAG_EUROPEANA_KEY: EUROPEANA_KEY });
    const tree = byTitle(run, "The grey tree");
    expect(tree.license).toBe("CC0");
    expect(tree.sourceUrl).toBe("https://www.europeana.eu/item/90402/RP_T_1958_123?utm_source=api&utm_medium=api");
    expect(tree.id).toBe(sha256(tree.sourceUrl));
    expect(byTitle(run, "Wave study").license).toBe("PublicDomain");
    expect(byTitle(run, "Neon sign at night").license).toBe("Unknown");
    expect(run.binaries).toHaveLength(2);
    expect(everything(run.dir)).not.toContain(EUROPEANA_KEY);
    expect(JSON.stringify(run)).not.toContain(EUROPEANA_KEY);
  });
});

describe("a source that echoes its key in every URL shape and in its text", () => {
  it("persists no spelling of the key in cards, binaries' names, log lines or reports", async () => {
    const k = EUROPEANA_KEY;
    const item = (id: string, guid: string, picture: string, more: Record<string, unknown> = {}) => ({
      guid,
      id,
      title: [`Echo ${id} ${k.toUpperCase()}`],
      dcCreator: ["Unknown"],
      dcDescription: [`fetched with wskey=${encodeURIComponent(k)} from //api.example/${k}`],
      dataProvider: [`Provider ${k}`],
      rights: ["http://creativecommons.org/publicdomain/zero/1.0/"],
      edmIsShownBy: [picture],
      type: "IMAGE",
      year: ["1900"],
      ...more,
    });
    const shapes = [
      item("/1/frag", `https://www.europeana.eu/item/1/frag#wskey=${k}`, `${replay.origin}/europeana-media/a.jpg`),
      item("/1/path", `https://www.europeana.eu/item/${k}/path`, `${replay.origin}/missing/${k}/a.gif`),
      item(
        "/1/nested",
        `https://www.europeana.eu/redirect?to=${encodeURIComponent(`https://www.europeana.eu/item/1/n?WSKEY=${k}`)}`,
        `${replay.origin}/europeana-media/b.jpg`,
      ),
      item("/1/relative", `//www.europeana.eu/item/1/relative?Api-Key=${k}`, `${replay.origin}/missing/c.gif?key=${k}`),
      item("/1/matrix", `https://www.europeana.eu/item/1/matrix;wskey=${k}`, `${replay.origin}/missing/d.gif;key=${k}`),
    ];
    replay.override("/europeana/record/v2/search.json", {
      status: 200,
      type: "application/json",
      body: JSON.stringify({ success: true, items: shapes }),
    });
    const run = await sync(["europeana"], { SVC_RAG_EUROPEANA_KEY: k });
    expect(run.reports[0]).toMatchObject({ source: "europeana", status: "ok", written: 5 });
    expect(run.cards.map((c) => c.sourceUrl).sort()).toEqual([
      "https://www.europeana.eu/item/1/frag",
      "https://www.europeana.eu/item/1/matrix",
      "https://www.europeana.eu/item/1/relative",
      "https://www.europeana.eu/item/redacted/path",
      `https://www.europeana.eu/redirect?to=${encodeURIComponent("https://www.europeana.eu/item/1/n")}`,
    ]);
    // The pictures that 404 are logged, and their URLs in the log carry no key either.
    expect(
      run.log.filter((l) => l.includes("kept without its picture") && l.includes("answered HTTP 404")),
    ).toHaveLength(3);
    const spellings = [k, k.toUpperCase(), encodeURIComponent(k)];
    for (const spelling of spellings) {
      expect(everything(run.dir)).not.toContain(spelling);
      expect(JSON.stringify(run)).not.toContain(spelling);
    }
  });

  it("says a failing source's error without the key it echoed", async () => {
    replay.override("/europeana/record/v2/search.json", {
      status: 200,
      type: "application/json",
      body: JSON.stringify({ success: false, error: `wskey ${EUROPEANA_KEY} is rate limited` }),
    });
    const run = await sync(["europeana"], { SVC_RAG_EUROPEANA_KEY: EUROPEANA_KEY });
    expect(run.reports[0]).toMatchObject({ status: "failed" });
    expect(run.reports[0]!.error).toContain("wskey [redacted] is rate limited");
    expect(JSON.stringify(run)).not.toContain(EUROPEANA_KEY);
  });
});

describe("sync over every source", () => {
  it("succeeds with the key-gated sources skipped, one line each", async () => {
    const run = await sync([]);
    expect(run.reports.map((r) => [r.source, r.status])).toEqual([
      ["artic", "ok"],
      ["met", "ok"],
      ["rijks", "ok"],
      ["cleveland", "ok"],
      ["smithsonian", "skipped"],
      ["commons", "ok"],
      ["europeana", "skipped"],
    ]);
    expect(run.log.filter((l) => l.includes("skipped"))).toHaveLength(2);
    expect(new Set(run.cards.map((c) => c.sourceName)).size).toBe(5);
  });

  it("caps each source at --limit", async () => {
    const dir = join(scratch, "limit");
    const env = { SVC_RAG_ENABLED: "1", SVC_RAG_DATA_DIR: dir, SVC_RAG_SOURCE_URLS: replay.sourceUrls };
    await syncCards(creativeConfigFromEnv(env, scratch), {
      sources: pickSources(["commons"]),
      limit: 2,
      env,
      log: () => {},
    });
    expect((await listCards(dir)).cards).toHaveLength(2);
    expect(replay.requests.at(-3)).toContain("gcmlimit=2");
  });

  it("lists six planned sources that sync refuses by name", () => {
    expect(LIVE_SOURCES).toHaveLength(7);
    expect(PLANNED_SOURCES).toHaveLength(6);
    expect(PLANNED_SOURCES.every((s) => s.status === "planned")).toBe(true);
    expect(() => pickSources(["shadertoy"])).toThrow(/planned, not wired into sync: shader site/);
    expect(() => pickSources(["nope"])).toThrow(CreativeConfigError);
  });

  it("an unwritable data directory is a DataDirError before any request", async () => {
    const file = join(scratch, "plain-file");
    writeFileSync(file, "");
    const before = replay.requests.length;
    await expect(sync(["met"], {}, join(file, "data"))).rejects.toBeInstanceOf(DataDirError);
    expect(replay.requests.length).toBe(before);
  });
});

describe("the card lifecycle (spec 3.1)", () => {
  it("keeps unchanged cards, tombstones the absent and the 404, revives the re-emitted, and leaves a failed source's cards alone", async () => {
    const dir = join(scratch, "lifecycle");
    const first = await sync(["met"], {}, dir);
    const wheat = byTitle(first, "Wheat Field with Cypresses");
    expect(hasBinary(first, wheat)).toBe(true);

    const again = await sync(["met"], {}, dir);
    expect(again.reports[0]).toMatchObject({ written: 0, unchanged: 2, tombstoned: 0 });

    // The search no longer names the Wheat Field: tombstoned, binary gone, file kept.
    replay.override("/met/search", { status: 200, body: JSON.stringify({ total: 1, objectIDs: [459123] }) });
    const absent = await sync(["met"], {}, dir);
    expect(absent.reports[0]).toMatchObject({ tombstoned: 1, unchanged: 1 });
    expect(byTitle(absent, "Wheat Field with Cypresses").tombstone).toBe(true);
    expect(hasBinary(absent, wheat)).toBe(false);
    expect(absent.cards).toHaveLength(2);

    // Named again: live again, with its binary.
    replay.reset();
    const back = await sync(["met"], {}, dir);
    expect(byTitle(back, "Wheat Field with Cypresses").tombstone).toBe(false);
    expect(hasBinary(back, wheat)).toBe(true);

    // The object answers 404: gone, tombstoned.
    replay.override("/met/objects/436524", { status: 404, body: "{}" });
    const vanished = await sync(["met"], {}, dir);
    expect(vanished.reports[0]).toMatchObject({ gone: 2, tombstoned: 1 });
    expect(byTitle(vanished, "Wheat Field with Cypresses").tombstone).toBe(true);

    // The source fails: nothing is tombstoned, other sources' cards untouched.
    replay.reset();
    await sync(["met", "cleveland"], {}, dir);
    replay.override("/met/search", { status: 500, body: "oops" });
    const failed = await sync(["met", "cleveland"], {}, dir);
    expect(failed.reports.map((r) => [r.source, r.status, r.tombstoned])).toEqual([
      ["met", "failed", 0],
      ["cleveland", "ok", 0],
    ]);
    expect(failed.reports[0]!.error).toMatch(/HTTP 500/);
    expect(failed.cards.filter((c) => c.tombstone)).toEqual([]);
  });
});
