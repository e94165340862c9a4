/** Source ranges of parts of a Python expression, so carets point at the exact characters. */
import { positionAt, type SourceRange } from "../../diagnostics/index.js";
import type { ExpressionValue } from "../model.js";

/**
 * The range of `[start, end)` of the expression text inside its source file, or the whole value's
 * range when the text cannot be found there (an expression built by a tool rather than parsed).
 */
export function expressionRange(
  sources: ReadonlyMap<string, string>,
  v: Pick<ExpressionValue, "origin" | "python">,
  start: number,
  end: number,
): SourceRange {
  const source = sources.get(v.origin.file);
  if (source === undefined) return v.origin.range;
  const written = source.slice(v.origin.range.start.offset, v.origin.range.end.offset);
  const at = written.indexOf(v.python);
  if (at < 0) return v.origin.range;
  const base = v.origin.range.start.offset + at;
  return {
    start: positionAt(source, base + start),
    end: positionAt(source, base + Math.min(Math.max(end, start + 1), v.python.length)),
  };
}
