/**
 * Double-quoted strings: one line, with the escapes \\ \" \n \t \r \0 and \u{hex}.
 * An unknown escape is reported and kept as written, so the rest of the string still reads.
 */
import { diagnostic } from "../diagnostics/diagnostic.js";
import type { LexProblem, Scanner } from "./scanner.js";

const ESCAPES_HELP = 'the escapes are \\\\ \\" \\n \\t \\r \\0 and \\u{hex}, e.g. \\u{e9}';

const SIMPLE: Record<string, string> = { "\\": "\\", '"': '"', n: "\n", t: "\t", r: "\r", "0": "\0" };

export interface DecodedString {
  value: string;
  problems: LexProblem[];
  terminated: boolean;
}

/** Reads a string starting at the opening quote under the cursor; stops at the line end if unclosed. */
export function decodeString(s: Scanner): DecodedString {
  const text = s.text;
  const lineStart = s.currentLineStart;
  const line = s.line;
  const problems: LexProblem[] = [];
  let i = s.offset + 1;
  let value = "";
  let chunkStart = i;
  let terminated = false;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      value += text.slice(chunkStart, i);
      i++;
      terminated = true;
      break;
    }
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) === 10)) break;
    if (c !== 92) {
      i++;
      continue;
    }
    value += text.slice(chunkStart, i);
    const next = text[i + 1];
    if (next !== undefined && SIMPLE[next] !== undefined) {
      value += SIMPLE[next];
      i += 2;
    } else if (next === "u") {
      const m = /^\\u\{([0-9a-fA-F]{1,6})\}/.exec(text.slice(i, i + 10));
      const cp = m ? parseInt(m[1]!, 16) : -1;
      if (m && cp <= 0x10ffff && !(cp >= 0xd800 && cp <= 0xdfff)) {
        value += String.fromCodePoint(cp);
        i += m[0].length;
      } else {
        const end = m ? i + m[0].length : i + 2;
        problems.push(
          diagnostic(
            "invalid-escape",
            s.rangeOf(i, end, line, lineStart),
            { escape: text.slice(i, end) },
            {
              help: [
                "a \\u escape is written \\u{hex} with 1 to 6 hex digits naming a Unicode character, e.g. \\u{e9}",
              ],
            },
          ),
        );
        value += text.slice(i, end);
        i = end;
      }
    } else {
      const end =
        next === undefined || next === "\n" || next === "\r"
          ? i + 1
          : i + 1 + (text.codePointAt(i + 1)! > 0xffff ? 2 : 1);
      problems.push(
        diagnostic(
          "invalid-escape",
          s.rangeOf(i, end, line, lineStart),
          { escape: text.slice(i, end) },
          { help: [ESCAPES_HELP, "a backslash on its own is written \\\\"] },
        ),
      );
      value += text.slice(i, end);
      i = end;
    }
    chunkStart = i;
  }
  if (!terminated) value += text.slice(chunkStart, i);
  s.advance(i - s.offset);
  return { value, problems, terminated };
}

/** The source form of a string value: quoted, with the escapes above where needed. */
export function quoteString(value: string): string {
  let out = '"';
  for (const ch of value) {
    switch (ch) {
      case "\\":
        out += "\\\\";
        break;
      case '"':
        out += '\\"';
        break;
      case "\n":
        out += "\\n";
        break;
      case "\t":
        out += "\\t";
        break;
      case "\r":
        out += "\\r";
        break;
      case "\0":
        out += "\\0";
        break;
      default: {
        const cp = ch.codePointAt(0)!;
        // Other control characters would be invisible in the file; a lone surrogate cannot be
        // written in UTF-8 at all, so it becomes the replacement character.
        if (cp >= 0xd800 && cp <= 0xdfff) out += "\\u{fffd}";
        else if (cp < 0x20 || cp === 0x7f) out += `\\u{${cp.toString(16)}}`;
        else out += ch;
      }
    }
  }
  return out + '"';
}
