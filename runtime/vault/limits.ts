/** The bounds of every vault call, in one place so the docs and the tests name the same numbers. */

/** A note read or written is at most this many bytes (a long note is ~50 KB). */
export const MAX_NOTE_BYTES = 1_000_000;
/** A note path inside the vault, in characters (a node's tag names it, and tags are short). */
export const MAX_NOTE_PATH_CHARS = 180;
/** Folders below the vault a listing or a search walks into. */
export const MAX_DEPTH = 16;
/** Entries (files and folders) a listing or a search looks at before it stops, incomplete. */
export const MAX_ENTRIES_SCANNED = 20_000;
/** Notes listed at most in one answer. */
export const MAX_LIST_RESULTS = 1_000;
export const DEFAULT_LIST_RESULTS = 200;

/** Search: notes read at most, bytes read at most, and how long it may take. */
export const SEARCH_MAX_FILES = 5_000;
export const SEARCH_MAX_BYTES = 50_000_000;
export const SEARCH_MAX_MS = 3_000;
export const SEARCH_MAX_RESULTS = 100;
export const SEARCH_DEFAULT_RESULTS = 20;
/** Snippets per note and characters per snippet. */
export const SEARCH_SNIPPETS_PER_NOTE = 3;
export const SEARCH_SNIPPET_CHARS = 160;
export const SEARCH_MAX_QUERY_CHARS = 200;
