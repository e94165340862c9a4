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
