/**
 * Word search over the vault's notes, bounded in every direction: notes read, bytes read, time,
 * results, snippets and their length. A note matches when it holds every word of the query (case
 * ignored); notes with more hits come first. The answer says whether it saw the whole vault and,
 * when not, which bound stopped it.
 */
import {
  MAX_NOTE_BYTES,
  SEARCH_MAX_BYTES,
  SEARCH_MAX_FILES,
  SEARCH_MAX_MS,
  SEARCH_SNIPPET_CHARS,
  SEARCH_SNIPPETS_PER_NOTE,
} from "./limits.js";
import { isVaultError } from "./vault-error.js";
import { readNoteFile } from "./safe-fs.js";
import { startFolder, walkNotes } from "./walk.js";
import type { Vault } from "./vault-root.js";

interface SearchHit {
  path: string;
  score: number;
  snippets: Array<{ line: number; text: string }>;
}

type SearchStop = "results" | "files" | "bytes" | "time" | "entries";

export interface SearchResult {
  query: string;
  results: SearchHit[];
  /** True when every note was looked at and no hit was left out. */
  complete: boolean;
  stopped_by: SearchStop | null;
  notes_read: number;
  bytes_read: number;
  /** Notes passed over: larger than a note may be, binary, links, or named so svc cannot address them (`unreadable`). */
  skipped: { too_large: number; not_text: number; links: number; unreadable: number };
}

export interface SearchOptions {
  folder?: string;
  limit: number;
  /** The clock (tests move it); Date.now by default. */
  now?: () => number;
}

function snippet(line: string, at: number): string {
  if (line.length <= SEARCH_SNIPPET_CHARS) return line;
  const start = Math.max(0, Math.min(at - Math.floor(SEARCH_SNIPPET_CHARS / 3), line.length - SEARCH_SNIPPET_CHARS));
  return `${start > 0 ? "…" : ""}${line.slice(start, start + SEARCH_SNIPPET_CHARS - 2)}${start + SEARCH_SNIPPET_CHARS - 2 < line.length ? "…" : ""}`;
}

function scoreNote(path: string, text: string, words: readonly string[]): SearchHit | undefined {
  const lower = text.toLowerCase();
  let score = 0;
  for (const w of words) {
    let count = 0;
    for (let at = lower.indexOf(w); at >= 0 && count < 1000; at = lower.indexOf(w, at + w.length)) count++;
    if (count === 0) return undefined;
    score += count;
  }
  const snippets: SearchHit["snippets"] = [];
  const lines = text.split("\n");
  for (let i = 0; i < lines.length && snippets.length < SEARCH_SNIPPETS_PER_NOTE; i++) {
    const l = lines[i]!.toLowerCase();
    const at = Math.min(...words.map((w) => l.indexOf(w)).filter((n) => n >= 0));
    if (Number.isFinite(at)) snippets.push({ line: i + 1, text: snippet(lines[i]!.replace(/\r$/, ""), at) });
  }
  return { path, score, snippets };
}

export function searchVault(vault: Vault, query: string, options: SearchOptions): SearchResult {
  const now = options.now ?? Date.now;
  const started = now();
  const words = [...new Set(query.toLowerCase().split(/\s+/).filter(Boolean))];
  const out: SearchResult = {
    query,
    results: [],
    complete: true,
    stopped_by: null,
    notes_read: 0,
    bytes_read: 0,
    skipped: { too_large: 0, not_text: 0, links: 0, unreadable: 0 },
  };
  const hits: SearchHit[] = [];
  const stop = (why: SearchStop) => {
    out.complete = false;
    out.stopped_by = why;
    return false;
  };
  const stats = walkNotes(vault, startFolder(vault, options.folder), (note) => {
    if (now() - started > SEARCH_MAX_MS) return stop("time");
    if (out.notes_read >= SEARCH_MAX_FILES) return stop("files");
    // a note larger than a note may be is skipped by search (counted in the answer)
    if (note.bytes > MAX_NOTE_BYTES) {
      out.skipped.too_large++;
      return true;
    }
    if (out.bytes_read + note.bytes > SEARCH_MAX_BYTES) return stop("bytes");
    try {
      const file = readNoteFile(vault, note.path);
      out.notes_read++;
      out.bytes_read += file.bytes;
      const hit = scoreNote(note.path, file.text, words);
      if (hit) hits.push(hit);
    } catch (err) {
      if (!isVaultError(err)) throw err;
      if (err.code === "vault-note-too-large") out.skipped.too_large++;
      else if (err.code === "vault-note-not-text") out.skipped.not_text++;
      else if (err.code === "vault-symlink") out.skipped.links++;
      // Gone since the walk saw it, or a name svc refuses as a path (a '\\', over 180 characters).
      else if (err.code !== "vault-note-not-found") out.skipped.unreadable++;
    }
    return true;
  });
  out.skipped.links += stats.links_skipped;
  if (stats.entries_capped && out.stopped_by === null) stop("entries");
  hits.sort((a, b) => b.score - a.score || (a.path < b.path ? -1 : 1));
  if (hits.length > options.limit) {
    out.results = hits.slice(0, options.limit);
    if (out.stopped_by === null) stop("results");
  } else out.results = hits;
  return out;
}
