/**
 * Text blocks, for DAT text and shaders:
 *
 *     text: ```glsl
 *       out vec4 fragColor;
 *       void main() { fragColor = vec4(1.0); }
 *       ```
 *
 * The opening fence is three or more backticks, optionally followed by a language name, at the end
 * of its line. The block closes at the first line whose first non-blank characters are the same
 * fence. The closing fence's indentation is removed from every line, so the block can be indented
 * with the file; the text ends with a newline. Line endings become '\n'.
 */
import { diagnostic } from "../diagnostics/diagnostic.js";
import type { LexProblem, Scanner } from "./scanner.js";

export interface ScannedTextBlock {
  text: string;
  language: string | undefined;
  problems: LexProblem[];
}

const LANGUAGE = /^[A-Za-z0-9_+.-]*$/;

export function scanTextBlock(s: Scanner): ScannedTextBlock {
  const text = s.text;
  const problems: LexProblem[] = [];
  const openLine = s.line;
  const openColumn = s.column;
  const openOffset = s.offset;
  const openLineStart = s.currentLineStart;
  let fenceLength = 0;
  while (text.charCodeAt(openOffset + fenceLength) === 96) fenceLength++;
  const fence = "`".repeat(fenceLength);

  // The rest of the opening line: a language name or nothing.
  let lineEnd = text.indexOf("\n", openOffset);
  if (lineEnd < 0) lineEnd = text.length;
  const afterFence = text.slice(openOffset + fenceLength, lineEnd).replace(/\r$/, "");
  const info = afterFence.trim();
  let language: string | undefined;
  if (LANGUAGE.test(info)) {
    if (info !== "") language = info;
  } else {
    const from = openOffset + fenceLength + (afterFence.length - afterFence.trimStart().length);
    problems.push(
      diagnostic(
        "invalid-text-block",
        s.rangeOf(from, from + info.length, openLine, openLineStart),
        { fence },
        { help: [`start the text on the line after ${fence}; a language name (glsl, python) may follow ${fence}`] },
      ),
    );
  }

  // Collect lines until the closing fence.
  const lines: { text: string; start: number; line: number }[] = [];
  let cursor = lineEnd + 1;
  let line = openLine + 1;
  let closing: { indent: string; end: number } | undefined;
  while (cursor <= text.length && lineEnd < text.length) {
    let end = text.indexOf("\n", cursor);
    if (end < 0) end = text.length;
    const raw = text.slice(cursor, end).replace(/\r$/, "");
    const indent = /^[ \t]*/.exec(raw)![0];
    const rest = raw.slice(indent.length);
    if (rest.startsWith(fence) && rest.charCodeAt(fenceLength) !== 96) {
      closing = { indent, end: cursor + indent.length + fenceLength };
      break;
    }
    lines.push({ text: raw, start: cursor, line });
    if (end >= text.length) break;
    cursor = end + 1;
    line++;
  }

  if (closing === undefined) {
    problems.push(
      diagnostic(
        "unterminated-text-block",
        s.rangeOf(openOffset, openOffset + fenceLength, openLine, openLineStart),
        { line: openLine, column: openColumn },
        { help: [`close it with ${fence} on a line of its own, indented like the text`] },
      ),
    );
    s.advance(text.length - s.offset);
    return { text: lines.map((l) => l.text).join("\n") + (lines.length > 0 ? "\n" : ""), language, problems };
  }

  const indent = closing.indent;
  const out: string[] = [];
  for (const l of lines) {
    if (l.text.trim() === "") {
      out.push(l.text.length > indent.length && l.text.startsWith(indent) ? l.text.slice(indent.length) : "");
      continue;
    }
    if (l.text.startsWith(indent)) {
      out.push(l.text.slice(indent.length));
      continue;
    }
    const lead = /^[ \t]*/.exec(l.text)![0];
    problems.push(
      diagnostic(
        "text-block-indentation",
        s.rangeOf(l.start, l.start + Math.max(1, lead.length), l.line, l.start),
        { fence },
        {
          help: [
            lead.includes("\t") !== indent.includes("\t")
              ? "indent every line with the same characters as the closing fence: tabs and spaces do not mix"
              : `indent every line at least as far as the closing ${fence}, or move the fence left`,
          ],
        },
      ),
    );
    out.push(l.text.slice(Math.min(lead.length, indent.length)));
  }
  s.advance(closing.end - s.offset);
  return { text: out.length > 0 ? out.join("\n") + "\n" : "", language, problems };
}

/** The shortest fence (at least three backticks) that no line of `text` could close early. */
export function fenceFor(text: string): string {
  let longest = 0;
  for (const m of text.matchAll(/`+/g)) longest = Math.max(longest, m[0].length);
  return "`".repeat(Math.max(3, longest + 1));
}
