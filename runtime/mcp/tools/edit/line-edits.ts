/**
 * Ranged edits of a text: replace, insert or delete whole lines by number, each optionally checked
 * against the lines it expects to replace (a compare-and-swap on the text the caller read).
 */
import { linesOf } from "../live/dat-pages.js";

export interface LineEdit {
  /** First line replaced (1-based). */
  start_line: number;
  /** Last line replaced (inclusive); start_line - 1 inserts before start_line without replacing. */
  end_line: number;
  /** The new lines (joined by newlines); "" with a range deletes it. */
  text: string;
  /** What lines start_line..end_line hold now, joined by newlines; the edit is refused when they differ. */
  expect?: string | undefined;
}

export type LineEditsResult =
  | { ok: true; text: string; linesBefore: number; linesAfter: number }
  | { ok: false; code: "line-out-of-range" | "overlapping-edits" | "stale-content"; message: string; index: number };

export function applyLineEdits(text: string, edits: readonly LineEdit[]): LineEditsResult {
  const lines = linesOf(text);
  const endsWithNewline = text.endsWith("\n") || text === "";
  const order = edits
    .map((e, index) => ({ e, index }))
    .sort((a, b) => a.e.start_line - b.e.start_line || a.e.end_line - b.e.end_line);
  let previousEnd = 0;
  for (const { e, index } of order) {
    if (
      e.start_line < 1 ||
      e.end_line < e.start_line - 1 ||
      e.end_line > lines.length ||
      e.start_line > lines.length + 1
    ) {
      return {
        ok: false,
        code: "line-out-of-range",
        index,
        message: `edit ${index}: lines ${e.start_line}..${e.end_line} are outside the text's ${lines.length} line(s)`,
      };
    }
    if (e.start_line <= previousEnd) {
      return {
        ok: false,
        code: "overlapping-edits",
        index,
        message: `edit ${index}: lines ${e.start_line}..${e.end_line} overlap an earlier edit`,
      };
    }
    const current = lines.slice(e.start_line - 1, e.end_line).join("\n");
    if (e.expect !== undefined && e.expect.replace(/\n$/, "") !== current) {
      return {
        ok: false,
        code: "stale-content",
        index,
        message: `edit ${index}: lines ${e.start_line}..${e.end_line} no longer hold the expected text; read the DAT again`,
      };
    }
    previousEnd = Math.max(previousEnd, e.end_line);
  }
  const out = [...lines];
  // Bottom up, so earlier line numbers stay valid.
  for (const { e } of [...order].reverse()) {
    const replacement = e.text === "" ? [] : linesOf(e.text.endsWith("\n") ? e.text : `${e.text}\n`);
    out.splice(e.start_line - 1, e.end_line - e.start_line + 1, ...replacement);
  }
  const joined = out.join("\n");
  return {
    ok: true,
    text: out.length && endsWithNewline ? `${joined}\n` : joined,
    linesBefore: lines.length,
    linesAfter: out.length,
  };
}
