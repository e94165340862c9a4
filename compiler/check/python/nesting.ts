/**
 * Python's tokenizer refuses brackets nested more than 200 deep ("too many nested parentheses",
 * MAXLEVEL in CPython 3.11's tokenizer, which TouchDesigner's Python is): tree-sitter has no such
 * limit, so the depth is counted here first, as the tokenizer counts it: every bracket, whatever
 * its kind, outside strings and comments.
 */
/** A problem at offsets [start, end) of the checked text (the shape syntax-check.ts reports). */
interface NestingProblem {
  message: string;
  start: number;
  end: number;
}

/** CPython's MAXLEVEL: the deepest bracket nesting its tokenizer accepts. */
const PYTHON_MAX_NESTING = 200;

/** The end of the string literal that starts at `i` (its quote), or the text's end. */
function stringEnd(text: string, i: number): number {
  const quote = text[i]!;
  const triple = text.startsWith(quote.repeat(3), i);
  const close = triple ? quote.repeat(3) : quote;
  for (let j = i + close.length; j < text.length; j++) {
    const c = text[j]!;
    if (c === "\\") {
      j++;
      continue;
    }
    if (!triple && c === "\n") return j;
    if (text.startsWith(close, j)) return j + close.length;
  }
  return text.length;
}

/** The first bracket that opens a level deeper than Python allows, as a syntax problem. */
export function nestingProblem(text: string): NestingProblem | undefined {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "#") {
      const eol = text.indexOf("\n", i);
      if (eol < 0) return undefined;
      i = eol;
    } else if (c === '"' || c === "'") {
      i = stringEnd(text, i) - 1;
    } else if (c === "(" || c === "[" || c === "{") {
      depth++;
      if (depth > PYTHON_MAX_NESTING)
        return {
          message: `too many nested parentheses: Python allows ${PYTHON_MAX_NESTING} levels of brackets`,
          start: i,
          end: i + 1,
        };
    } else if ((c === ")" || c === "]" || c === "}") && depth > 0) {
      depth--;
    }
  }
  return undefined;
}
