/**
 * Python expressions: `rotate: = absTime.seconds * 10`.
 *
 * The text after '=' is Python and is kept as written. It ends at the end of the line, or at a
 * ',', '}', ')' or ']' that is outside brackets and Python strings (so `= max(a, b)` is one
 * expression and `{ a: = x, b: 2 }` holds two parameters). A '#' outside a string ends it too,
 * as a comment would in Python. Expressions fit on one line.
 */
import { diagnostic } from "../diagnostics/diagnostic.js";
import type { LexProblem, Scanner } from "./scanner.js";

export interface ScannedExpression {
  python: string;
  problems: LexProblem[];
}

const CLOSER: Record<string, string> = { "(": ")", "[": "]", "{": "}" };

/** Scans from the '=' under the cursor; leaves the cursor after the expression's last character. */
export function scanPythonExpression(s: Scanner): ScannedExpression {
  const text = s.text;
  const line = s.line;
  const lineStart = s.currentLineStart;
  const problems: LexProblem[] = [];
  const open: { char: string; at: number }[] = [];
  const begin = s.offset + 1;
  let i = begin;
  scan: while (i < text.length) {
    const ch = text[i]!;
    switch (ch) {
      case "\n":
        break scan;
      case "\r":
        if (text[i + 1] === "\n") break scan;
        i++;
        break;
      case "(":
      case "[":
      case "{":
        open.push({ char: ch, at: i });
        i++;
        break;
      case ")":
      case "]":
      case "}":
        // A closer that does not match the innermost bracket belongs to the file, not the Python.
        if (open.length === 0 || CLOSER[open[open.length - 1]!.char] !== ch) break scan;
        open.pop();
        i++;
        break;
      case ",":
        if (open.length === 0) break scan;
        i++;
        break;
      case "#":
        if (open.length === 0) break scan;
        i++;
        break;
      case "'":
      case '"': {
        const end = skipPythonString(text, i);
        if (end < 0) {
          let stop = text.indexOf("\n", i);
          if (stop < 0) stop = text.length;
          if (text[stop - 1] === "\r") stop--;
          problems.push(
            diagnostic(
              "unterminated-string",
              s.rangeOf(i, stop, line, lineStart),
              {},
              { help: ["close the Python string on the same line; an expression fits on one line"] },
            ),
          );
          i = stop;
          break scan;
        }
        i = end;
        break;
      }
      default:
        i++;
    }
  }
  for (const b of open) {
    problems.push(
      diagnostic(
        "unclosed-expression-bracket",
        s.rangeOf(b.at, b.at + 1, line, lineStart),
        { bracket: b.char },
        { help: [`close it with '${CLOSER[b.char]}' on the same line; longer Python belongs in a text DAT`] },
      ),
    );
  }
  // The token ends after the last non-blank character, so trailing spaces are not part of it.
  let end = i;
  while (end > begin && (text[end - 1] === " " || text[end - 1] === "\t")) end--;
  s.advance(end - s.offset);
  return { python: text.slice(begin, end).trim(), problems };
}

/** Offset just past the Python string starting at `i`, or -1 when it is not closed on this line. */
function skipPythonString(text: string, i: number): number {
  const q = text[i]!;
  const triple = text[i + 1] === q && text[i + 2] === q;
  const delimiter = triple ? q.repeat(3) : q;
  let j = i + delimiter.length;
  while (j < text.length) {
    const c = text[j]!;
    if (c === "\n") return -1;
    if (c === "\\") {
      j += 2;
      continue;
    }
    if (text.startsWith(delimiter, j)) return j + delimiter.length;
    j++;
  }
  return -1;
}
