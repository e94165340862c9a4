/**
 * Cards (spec 2.5) and their store: ids from the credential-free sourceUrl, a contentHash the
 * pipeline fields never change, a file format that reads back exactly, atomic writes, tombstones
 * that keep the file and drop the binary, and a typed error for an unwritable data directory.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  canonicalText,
  cardFromDraft,
  cardId,
  parseCard,
  serializeCard,
  sha256,
  stripCredentials,
} from "../../runtime/creative/card.js";
import { draft } from "./card-fixture.js";
import { CardFormatError, DataDirError } from "../../runtime/creative/errors.js";
import { classifyCommonsLicense, classifyRightsUri } from "../../runtime/creative/license.js";
import {
  binaryOf,
  ensureWritable,
  listCards,
  readCard,
  tombstoneCard,
  writeBinary,
  writeCard,
} from "../../runtime/creative/store.js";

const scratch = mkdtempSync(join(tmpdir(), "svc-creative-cards-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("card identity", () => {
  it("is the SHA-256 of the sourceUrl after credential parameters are stripped", () => {
    const card = cardFromDraft(draft({ sourceUrl: "https://museum.example/objects/1?api_key=SECRET&lang=en" }));
    expect(card.sourceUrl).toBe("https://museum.example/objects/1?lang=en");
    expect(card.id).toBe(sha256("https://museum.example/objects/1?lang=en"));
    expect(card.id).toBe(cardId(card.sourceUrl));
    expect(serializeCard(card)).not.toContain("SECRET");
  });

  it("strips every credential parameter name and any parameter carrying a known secret", () => {
    expect(stripCredentials("https://x.example/a?wskey=k1&key=k2&apikey=k3&token=t&q=sea")).toBe(
      "https://x.example/a?q=sea",
    );
    expect(stripCredentials("https://x.example/item/1?utm_source=api&utm_campaign=MYKEY", ["MYKEY"])).toBe(
      "https://x.example/item/1?utm_source=api",
    );
    expect(stripCredentials("https://user:pw@x.example/a")).toBe("https://x.example/a");
  });

  const KEY = "Zk9-Secret_key.42";
  it.each([
    ["a plain query parameter", `https://x.example/a?q=sea&key=${KEY}`, "https://x.example/a?q=sea"],
    [
      "a credential name in any case",
      `https://x.example/a?API_KEY=${KEY}&Api-Key=v&X-Api-Key=w&q=1`,
      "https://x.example/a?q=1",
    ],
    ["a fragment", `https://x.example/a?q=1#key=${KEY}`, "https://x.example/a?q=1"],
    ["a fragment that is only the key", `https://x.example/a#${KEY}`, "https://x.example/a"],
    ["a path segment", `https://x.example/api/${KEY}/objects/7`, "https://x.example/api/redacted/objects/7"],
    [
      "a path segment, percent-encoded",
      `https://x.example/api/${encodeURIComponent("k y/" + KEY)}/o`,
      "https://x.example/api/redacted/o",
    ],
    ["a matrix parameter", `https://x.example/objects;key=${KEY}/7`, "https://x.example/objects/7"],
    [
      "a matrix parameter of another name",
      `https://x.example/objects/7;jsessionid=abc;KEY=${KEY}`,
      "https://x.example/objects/7",
    ],
    [
      "a nested URL in a parameter",
      `https://proxy.example/go?to=${encodeURIComponent(`https://x.example/o/1?apikey=${KEY}&lang=en`)}`,
      `https://proxy.example/go?to=${encodeURIComponent("https://x.example/o/1?lang=en")}`,
    ],
    [
      "a nested protocol-relative URL carrying the key in a fragment",
      `https://proxy.example/go?to=${encodeURIComponent(`//x.example/o/1#token=${KEY}`)}`,
      `https://proxy.example/go?to=${encodeURIComponent("https://x.example/o/1")}`,
    ],
    ["a protocol-relative URL", `//x.example/o/1?wskey=${KEY}&lang=en`, "https://x.example/o/1?lang=en"],
    [
      "the key under an innocent name",
      `https://x.example/o/1?utm_campaign=${KEY}&lang=en`,
      "https://x.example/o/1?lang=en",
    ],
    [
      "the key in another case",
      `https://x.example/o/1?utm_campaign=${KEY.toUpperCase()}&lang=en`,
      "https://x.example/o/1?lang=en",
    ],
    ["the key as a parameter name", `https://x.example/o/1?${KEY}&lang=en`, "https://x.example/o/1?lang=en"],
    ["the key in a host name", `https://${KEY.toLowerCase()}.x.example/o/1`, "https://[redacted].x.example/o/1"],
    ["a user part", `https://user:${KEY}@x.example/a`, "https://x.example/a"],
    ["a URL that is not http(s)", `urn:x:${KEY}?k=1`, "urn:x:[redacted]"],
  ])("keeps no key from %s", (_shape, url, expected) => {
    const kept = stripCredentials(url, [KEY]);
    expect(kept).toBe(expected);
    expect(kept.toLowerCase()).not.toContain(KEY.toLowerCase());
    expect(kept).not.toContain(encodeURIComponent(KEY));
  });

  it("writes no key a source echoed into a card's text, and keeps the encoding of what it keeps", async () => {
    const card = cardFromDraft(
      draft({
        sourceUrl: `https://museum.example/objects/1?q=a%20b&lang=en#key=${KEY}`,
        title: `Study (${KEY})`,
        rightsNotes: `see https://api.example/rights?k=${encodeURIComponent(KEY)}`,
        tags: ["grid", KEY.toUpperCase()],
        body: `Requested with ${KEY}.`,
      }),
      [KEY],
    );
    expect(card.sourceUrl).toBe("https://museum.example/objects/1?q=a%20b&lang=en");
    const dir = join(scratch, "echoed");
    await ensureWritable(dir);
    await writeCard(dir, card);
    const text = readFileSync(join(dir, "cards", `${card.id}.md`), "utf8");
    expect(text.toLowerCase()).not.toContain(KEY.toLowerCase());
    expect(text).toContain("Study ([redacted])");
  });

  it("hashes the canonical text: pipeline fields leave it alone, content changes it", () => {
    const card = cardFromDraft(draft());
    expect(card.contentHash).toBe(sha256(canonicalText(card)));
    const indexed = { ...card, embeddingModel: "m", tombstone: true };
    expect(sha256(canonicalText(indexed))).toBe(card.contentHash);
    expect(cardFromDraft(draft({ title: "Composition with Blue" })).contentHash).not.toBe(card.contentHash);
    expect(cardFromDraft(draft({ body: "Flat planes held by black lines.\r\n\r\n" })).contentHash).toBe(
      card.contentHash,
    );
  });
});

describe("the card file", () => {
  it("is Markdown with YAML front matter in the spec's field order, and reads back exactly", () => {
    const card = cardFromDraft(draft());
    const text = serializeCard(card);
    expect(text.startsWith("---\nschemaVersion: 1\nid: ")).toBe(true);
    const keys = [...text.split("---\n")[1]!.matchAll(/^(\w+):/gm)].map((m) => m[1]);
    expect(keys).toEqual([
      "schemaVersion",
      "id",
      "type",
      "title",
      "artist",
      "sourceName",
      "sourceUrl",
      "license",
      "rightsNotes",
      "year",
      "medium",
      "materials",
      "visualLanguage",
      "motionLanguage",
      "tools",
      "tags",
      "interaction",
      "lighting",
      "palette",
      "svcAffordances",
      "contentHash",
      "embeddingModel",
      "tombstone",
    ]);
    expect(text.endsWith("---\nFlat planes held by black lines.\n")).toBe(true);
    expect(parseCard(text, "c.md")).toEqual(card);
  });

  it("has no year key when the source gave none", () => {
    const card = cardFromDraft(draft({ year: undefined }));
    expect(serializeCard(card)).not.toMatch(/^year:/m);
    expect(parseCard(serializeCard(card), "c.md").year).toBeUndefined();
  });

  it("refuses a file that breaks the format, naming the field", () => {
    const good = serializeCard(cardFromDraft(draft()));
    const bad = (from: string, to: string) => () => parseCard(good.replace(from, to), "cards/x.md");
    expect(bad("schemaVersion: 1", "schemaVersion: 2")).toThrow(/cards\/x\.md: schemaVersion must be 1/);
    expect(bad("license: CC0", "license: MIT")).toThrow(/license 'MIT' is not a card license/);
    expect(bad("type: artwork", "type: poem")).toThrow(/type must be one of/);
    expect(bad("objects/1", "objects/2")).toThrow(/id is not the SHA-256 of its sourceUrl/);
    expect(bad("#ff0000", "red")).toThrow(/palette holds colours/);
    expect(() => parseCard("no front matter", "x.md")).toThrow(CardFormatError);
  });
});

describe("license signals", () => {
  it("classify rights URIs as CC0, PublicDomain or Unknown", () => {
    expect(classifyRightsUri("http://creativecommons.org/publicdomain/zero/1.0/")).toBe("CC0");
    expect(classifyRightsUri("https://creativecommons.org/publicdomain/zero/1.0/deed.en")).toBe("CC0");
    expect(classifyRightsUri("http://creativecommons.org/publicdomain/mark/1.0/")).toBe("PublicDomain");
    expect(classifyRightsUri("http://creativecommons.org/licenses/by/4.0/")).toBe("Unknown");
    expect(classifyRightsUri("http://rightsstatements.org/vocab/InC/1.0/")).toBe("Unknown");
    expect(classifyRightsUri(undefined)).toBe("Unknown");
  });

  it("classify media-commons License codes", () => {
    expect(classifyCommonsLicense("cc0")).toBe("CC0");
    expect(classifyCommonsLicense("pd")).toBe("PublicDomain");
    expect(classifyCommonsLicense("public domain")).toBe("PublicDomain");
    expect(classifyCommonsLicense("cc-by-sa-4.0")).toBe("CC-BY-SA");
    expect(classifyCommonsLicense("cc-by-2.0")).toBe("CC-BY");
    expect(classifyCommonsLicense("gfdl")).toBe("Unknown");
    expect(classifyCommonsLicense(undefined)).toBe("Unknown");
  });
});

describe("the store", () => {
  it("writes cards atomically, leaving no temporary file, and lists them back", async () => {
    const dir = join(scratch, "store1");
    await ensureWritable(dir);
    const a = cardFromDraft(draft());
    const b = cardFromDraft(draft({ sourceUrl: "https://museum.example/objects/2" }));
    await writeCard(dir, a);
    await writeCard(dir, b);
    await writeCard(dir, { ...a, embeddingModel: "m" });
    expect(readdirSync(join(dir, "cards")).sort()).toEqual([`${a.id}.md`, `${b.id}.md`].sort());
    const { cards, problems } = await listCards(dir);
    expect(problems).toEqual([]);
    expect(cards.map((c) => c.id).sort()).toEqual([a.id, b.id].sort());
    expect((await readCard(dir, a.id))?.embeddingModel).toBe("m");
    expect(await readCard(dir, "../../etc/passwd")).toBeUndefined();
  });

  it("reports a malformed card file instead of dropping it silently", async () => {
    const dir = join(scratch, "store2");
    await ensureWritable(dir);
    writeFileSync(join(dir, "cards", `${"0".repeat(64)}.md`), "---\nschemaVersion: 3\n---\n");
    const { cards, problems } = await listCards(dir);
    expect(cards).toEqual([]);
    expect(problems).toEqual([expect.stringMatching(/schemaVersion must be 1/)]);
  });

  it("tombstones a card: the file stays with tombstone true, its binary goes", async () => {
    const dir = join(scratch, "store3");
    await ensureWritable(dir);
    const card = cardFromDraft(draft());
    await writeCard(dir, card);
    await writeBinary(dir, card.id, "png", new Uint8Array([1, 2, 3]));
    expect(await binaryOf(dir, card.id)).toBe(`${card.id}.png`);
    await tombstoneCard(dir, card);
    expect(await binaryOf(dir, card.id)).toBeUndefined();
    const kept = await readCard(dir, card.id);
    expect(kept?.tombstone).toBe(true);
    expect(kept?.contentHash).toBe(card.contentHash);
    expect(readFileSync(join(dir, "cards", `${card.id}.md`), "utf8")).toContain("tombstone: true");
  });

  it("an unwritable data directory is a DataDirError naming it", async () => {
    const file = join(scratch, "a-file");
    writeFileSync(file, "");
    const dir = join(file, "data");
    const err = await ensureWritable(dir).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DataDirError);
    expect((err as DataDirError).code).toBe("data-dir-unwritable");
    expect((err as DataDirError).message).toContain(dir);
    expect((err as DataDirError).message).toMatch(/ENOTDIR/);
  });
});
