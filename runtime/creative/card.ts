/**
 * The creative card (spec 2.5): Markdown with YAML front matter. The id is the SHA-256 of the
 * sourceUrl (credentials stripped first), the contentHash the SHA-256 of the canonical card text:
 * the content fields in a fixed order plus the body, without the fields the pipeline sets
 * (contentHash, embeddingModel, tombstone), so indexing or tombstoning never changes it.
 */
import { createHash } from "node:crypto";
import { parse as parseYaml, stringify as stringifyYaml } from "yaml";
import { CardFormatError } from "./errors.js";
import { isLicense, type License } from "./license.js";
import { redactDeep, secretFreeUrl } from "./secret-free.js";

export const CARD_TYPES = ["project", "artist", "artwork", "technique", "cue_reference"] as const;
export type CardType = (typeof CARD_TYPES)[number];

export interface Card {
  schemaVersion: 1;
  id: string;
  type: CardType;
  title: string;
  artist: string;
  sourceName: string;
  sourceUrl: string;
  license: License;
  rightsNotes: string;
  /** Absent when the source gives no year: never a made-up one. */
  year?: number;
  medium: string;
  materials: string;
  visualLanguage: string;
  motionLanguage: string;
  tools: string[];
  tags: string[];
  interaction: string | null;
  lighting: string | null;
  palette: string[];
  svcAffordances: string[];
  contentHash: string;
  /** Empty until the index step embeds the card. */
  embeddingModel: string;
  tombstone: boolean;
  /** Markdown under the front matter: a short creative note. */
  body: string;
}

/** What a source adapter produces: a card without the fields the pipeline computes. */
export type CardDraft = Omit<Card, "schemaVersion" | "id" | "contentHash" | "embeddingModel" | "tombstone">;

/** Front-matter order; the canonical text uses the content fields in this order. */
const FIELD_ORDER = [
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
] as const;
const PIPELINE_FIELDS = new Set(["contentHash", "embeddingModel", "tombstone"]);

/**
 * The URL as it may be persisted: rebuilt from its safe parts with every credential parameter and
 * every configured secret removed, in whatever shape a source put it (see secret-free.ts).
 */
export function stripCredentials(url: string, secrets: readonly string[] = []): string {
  return secretFreeUrl(url, secrets);
}

export function sha256(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

export function cardId(sourceUrl: string): string {
  return sha256(sourceUrl);
}

function ordered(card: Partial<Card>, keep: (field: string) => boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of FIELD_ORDER) {
    const value = (card as Record<string, unknown>)[field];
    if (value !== undefined && keep(field)) out[field] = value;
  }
  return out;
}

function normalisedBody(body: string): string {
  const trimmed = body.replace(/\r\n?/g, "\n").trim();
  return trimmed ? `${trimmed}\n` : "";
}

/** The text the contentHash covers. */
export function canonicalText(card: Omit<Card, "contentHash" | "embeddingModel" | "tombstone">): string {
  return `${stringifyYaml(
    ordered(card, (f) => !PIPELINE_FIELDS.has(f)),
    { lineWidth: 0 },
  )}---\n${normalisedBody(card.body)}`;
}

/** A full card from a source's draft: credentials stripped, id and contentHash computed. */
export function cardFromDraft(draft: CardDraft, secrets: readonly string[] = []): Card {
  const sourceUrl = stripCredentials(draft.sourceUrl, secrets);
  const base = {
    // A key a source echoed into a title, a note or a tag is never written either.
    ...redactDeep(draft, secrets),
    sourceUrl,
    schemaVersion: 1 as const,
    id: cardId(sourceUrl),
    body: normalisedBody(redactDeep(draft.body, secrets)),
  };
  return { ...base, contentHash: sha256(canonicalText(base)), embeddingModel: "", tombstone: false };
}

/** The card file's text. */
export function serializeCard(card: Card): string {
  return `---\n${stringifyYaml(
    ordered(card, () => true),
    { lineWidth: 0 },
  )}---\n${normalisedBody(card.body)}`;
}

/** The text a card is embedded as: what a search for its look, subject or maker should find. */
export function embeddingText(card: Card): string {
  const parts = [
    `${card.title}${card.artist ? ` by ${card.artist}` : ""}${card.year !== undefined ? ` (${card.year})` : ""}`,
    `${card.type}; ${card.medium}`,
    card.materials,
    card.visualLanguage,
    card.motionLanguage,
    card.tags.length ? `tags: ${card.tags.join(", ")}` : "",
    card.tools.length ? `tools: ${card.tools.join(", ")}` : "",
    card.body.trim(),
  ];
  return parts.filter((p) => p.trim()).join("\n");
}

const HEX = /^[0-9a-f]{64}$/;
const COLOUR = /^#[0-9a-fA-F]{6}$/;

function strings(value: unknown, field: string, file: string): string[] {
  if (!Array.isArray(value) || value.some((v) => typeof v !== "string"))
    throw new CardFormatError(file, `${field} must be a list of strings`);
  return value as string[];
}

function text(value: unknown, field: string, file: string): string {
  if (typeof value !== "string") throw new CardFormatError(file, `${field} must be a string`);
  return value;
}

function nullableText(value: unknown, field: string, file: string): string | null {
  if (value === null || value === undefined) return null;
  return text(value, field, file);
}

/** Reads a card file back, checking every field against spec 2.5. */
export function parseCard(source: string, file: string): Card {
  const match = /^---\n([\s\S]*?\n)---\n?([\s\S]*)$/.exec(source.replace(/\r\n?/g, "\n"));
  if (!match) throw new CardFormatError(file, "a card starts with YAML front matter between two '---' lines");
  let front: Record<string, unknown>;
  try {
    front = parseYaml(match[1]!) as Record<string, unknown>;
  } catch (err) {
    throw new CardFormatError(file, `its front matter is not YAML: ${(err as Error).message.split("\n")[0]}`);
  }
  if (front === null || typeof front !== "object") throw new CardFormatError(file, "its front matter is not a mapping");
  if (front.schemaVersion !== 1)
    throw new CardFormatError(file, `schemaVersion must be 1, not ${JSON.stringify(front.schemaVersion)}`);
  if (typeof front.id !== "string" || !HEX.test(front.id)) throw new CardFormatError(file, "id must be a hex SHA-256");
  if (!(CARD_TYPES as readonly unknown[]).includes(front.type))
    throw new CardFormatError(file, `type must be one of ${CARD_TYPES.join(", ")}`);
  if (!isLicense(front.license))
    throw new CardFormatError(file, `license '${String(front.license)}' is not a card license`);
  if (front.year !== undefined && !Number.isInteger(front.year))
    throw new CardFormatError(file, "year must be a whole number");
  const palette = strings(front.palette ?? [], "palette", file);
  if (palette.some((c) => !COLOUR.test(c))) throw new CardFormatError(file, "palette holds colours as #rrggbb");
  if (typeof front.contentHash !== "string" || !HEX.test(front.contentHash))
    throw new CardFormatError(file, "contentHash must be a hex SHA-256");
  const card: Card = {
    schemaVersion: 1,
    id: front.id,
    type: front.type as CardType,
    title: text(front.title, "title", file),
    artist: text(front.artist ?? "", "artist", file),
    sourceName: text(front.sourceName, "sourceName", file),
    sourceUrl: text(front.sourceUrl, "sourceUrl", file),
    license: front.license,
    rightsNotes: text(front.rightsNotes ?? "", "rightsNotes", file),
    ...(front.year === undefined ? {} : { year: front.year as number }),
    medium: text(front.medium ?? "", "medium", file),
    materials: text(front.materials ?? "", "materials", file),
    visualLanguage: text(front.visualLanguage ?? "", "visualLanguage", file),
    motionLanguage: text(front.motionLanguage ?? "", "motionLanguage", file),
    tools: strings(front.tools ?? [], "tools", file),
    tags: strings(front.tags ?? [], "tags", file),
    interaction: nullableText(front.interaction, "interaction", file),
    lighting: nullableText(front.lighting, "lighting", file),
    palette,
    svcAffordances: strings(front.svcAffordances ?? [], "svcAffordances", file),
    contentHash: front.contentHash,
    embeddingModel: text(front.embeddingModel ?? "", "embeddingModel", file),
    tombstone: front.tombstone === true,
    body: normalisedBody(match[2] ?? ""),
  };
  if (cardId(card.sourceUrl) !== card.id) throw new CardFormatError(file, "id is not the SHA-256 of its sourceUrl");
  return card;
}
