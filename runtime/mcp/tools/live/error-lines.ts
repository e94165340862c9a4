/**
 * Operator error lines as the bridge passes them on from errors()/warnings(). tdsim ends each line
 * with the operator's path in parentheses ("Not enough sources specified. (/project1/level1)");
 * TouchDesigner's exact format is UNVERIFIED, so a line without that suffix is kept whole.
 */
import type { ErrorItem } from "./bridge-replies.js";

export interface ErrorEntry {
  path: string;
  message: string;
}

const PATH_SUFFIX = /^(.*?)\s*\((\/[A-Za-z0-9_/]*)\)\s*$/;

/** The message without its path suffix, and the path it names (else `fallbackPath`). */
export function splitErrorLine(line: string, fallbackPath: string): ErrorEntry {
  const m = PATH_SUFFIX.exec(line);
  if (m && m[1]!.trim()) return { path: m[2]!, message: m[1]!.trim() };
  return { path: fallbackPath, message: line.trim() };
}

export function entriesOf(items: readonly ErrorItem[]): ErrorEntry[] {
  return items.map((i) => splitErrorLine(i.message, i.path));
}
