/** Cutting a DAT's text into pages of whole lines, so a large DAT can be read a bit at a time. */

export interface TextPage {
  text: string;
  /** First line of the page (0-based). */
  offset: number;
  lineCount: number;
  totalLines: number;
  /** Where the next page starts, or null after the last line. */
  nextOffset: number | null;
  /** The page's one line was longer than the character cap and was cut. */
  lineCut: boolean;
}

/** Lines of a text; a final newline ends the last line rather than starting an empty one. */
export function linesOf(text: string): string[] {
  if (text === "") return [];
  const lines = text.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  return lines;
}

/** Up to `limit` lines from `offset`, stopping early before `maxChars` (but always giving one line, cut if it must be). */
export function pageOf(text: string, offset: number, limit: number, maxChars: number): TextPage {
  const lines = linesOf(text);
  const total = lines.length;
  const taken: string[] = [];
  let chars = 0;
  let lineCut = false;
  for (let i = offset; i < total && taken.length < limit; i++) {
    const line = lines[i]!;
    const cost = line.length + (taken.length > 0 ? 1 : 0);
    if (taken.length > 0 && chars + cost > maxChars) break;
    if (taken.length === 0 && line.length > maxChars) {
      taken.push(line.slice(0, maxChars));
      lineCut = true;
      break;
    }
    taken.push(line);
    chars += cost;
  }
  const next = offset + taken.length;
  return {
    text: taken.join("\n"),
    offset,
    lineCount: taken.length,
    totalLines: total,
    nextOffset: next < total ? next : null,
    lineCut,
  };
}
