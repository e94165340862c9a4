/**
 * What a source adapter is: a capped pull of upstream items mapped to card drafts, with the
 * license each item's own signal gives (spec 4.6). Adapters call the real hosts; the base URL of
 * each can be pointed elsewhere (a mirror, a recorded replay) with SVC_RAG_SOURCE_URLS.
 */
import type { CardDraft } from "../card.js";

interface SourceContext {
  /** The API's base URL, without a trailing slash. */
  base: string;
  /** Most items this run (spec 8: default 10). */
  limit: number;
  env: NodeJS.ProcessEnv;
}

export interface SourceItem {
  draft: CardDraft;
  /** The picture, downloaded only when the card's license is on the allowlist. */
  imageUrl?: string;
}

interface SourcePull {
  items: SourceItem[];
  /** sourceUrls of items the search named that answered 404: their cards are tombstoned. */
  gone: string[];
  /** Values that must never be persisted or printed (an API key the source echoes back). */
  secrets: string[];
}

export interface LiveSource {
  status: "live";
  /** The `--source` name. */
  name: string;
  /** The card's sourceName: how a card is traced back to its source. */
  title: string;
  defaultBase: string;
  /** The environment variable holding the key, for key-gated sources. */
  keyVariable?: string;
  pull(ctx: SourceContext, key: string | undefined): Promise<SourcePull>;
}

export interface PlannedSource {
  status: "planned";
  name: string;
  title: string;
  /** Why it is not wired into sync. */
  reason: string;
}

export type CreativeSource = LiveSource | PlannedSource;

/** The search words every keyword source is asked for: a capped, themed pull, not a mirror. */
export const SYNC_QUERY = "abstract";

/** Joins a base and a path with exactly one slash. */
export function endpoint(base: string, path: string): string {
  return `${base.replace(/\/+$/, "")}/${path.replace(/^\/+/, "")}`;
}

/** A whole year from loose upstream values ("c. 1921", 1921, "1890-1895"): the first 3-4 digit number. */
export function yearOf(...values: unknown[]): number | undefined {
  for (const v of values) {
    if (typeof v === "number" && Number.isInteger(v) && v !== 0) return v;
    if (typeof v === "string") {
      const m = /-?\b\d{3,4}\b/.exec(v);
      if (m) return Number(m[0]);
    }
  }
  return undefined;
}

/** Plain text from an upstream string that may hold HTML (media-commons extmetadata does). */
export function plainText(value: unknown, max = 600): string {
  if (typeof value !== "string") return "";
  const text = value
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/\s+/g, " ")
    .trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Distinct, non-empty, lower-case tags, at most 16. */
export function tagsOf(...lists: unknown[]): string[] {
  const out = new Set<string>();
  for (const list of lists) {
    for (const t of Array.isArray(list) ? list : [list]) {
      if (typeof t === "string" && t.trim()) out.add(t.trim().toLowerCase());
    }
  }
  return [...out].slice(0, 16);
}
