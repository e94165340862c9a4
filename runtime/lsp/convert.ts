/**
 * svc's source ranges and LSP's ranges. svc counts lines and columns from 1 in UTF-16 code units
 * (JavaScript string indices), LSP from 0 in the same units, so the conversion is a shift.
 */
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Range as LspRange } from "vscode-languageserver";
import type { SourceRange } from "../../diagnostics/index.js";

export function toLspRange(range: SourceRange): LspRange {
  return {
    start: { line: Math.max(0, range.start.line - 1), character: Math.max(0, range.start.column - 1) },
    end: { line: Math.max(0, range.end.line - 1), character: Math.max(0, range.end.column - 1) },
  };
}

/** True when `offset` lies inside `range` or touches its end (a cursor just after a word is on it). */
export function rangeHolds(range: SourceRange, offset: number): boolean {
  return range.start.offset <= offset && offset <= range.end.offset;
}

/** The file path a URI names; other schemes (an unsaved buffer) keep the URI as their name. */
export function uriToPath(uri: string): string {
  return uri.startsWith("file:") ? fileURLToPath(uri) : uri;
}

export function pathToUri(path: string): string {
  return /^[a-z][a-z0-9+.-]*:/i.test(path) && !/^[a-z]:[\\/]/i.test(path) ? path : pathToFileURL(path).href;
}

export type { LspRange };
