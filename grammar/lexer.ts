/**
 * The `.svcnet` lexer. Hand written because a few rules depend on context:
 * - `#` followed by 6 or 8 hex digits where a value is expected is a colour; any other `#`
 *   starts a comment (write `# ` with a space; `svc fmt` adds it).
 * - `=` right after ':', '(' or ',' starts a Python expression that runs to the end of the line
 *   or to a ',', '}', ')' or ']' outside brackets and Python strings.
 * It never throws: a problem becomes a diagnostic and the lexer goes on with a best guess, so the
 * parser still sees the structure of the file.
 */
import type { IToken, TokenType } from "chevrotain";
import { diagnostic, type Diagnostic } from "../diagnostics/index.js";
import type { Comment } from "./ast.js";
import { scanPythonExpression } from "./lex-expression.js";
import { lexNumber, numberHelp, numberLength, numberWordEnd } from "./lex-number.js";
import { decodeString } from "./lex-string.js";
import { wordAt, wordSlot, wordType } from "./lex-words.js";
import { scanTextBlock } from "./lex-text-block.js";
import { Lexeme, Scanner } from "./scanner.js";
import * as T from "./tokens.js";

export interface LexResult {
  tokens: IToken[];
  comments: Comment[];
  diagnostics: Diagnostic[];
}

const PUNCTUATION: Record<string, TokenType> = {
  "{": T.LBrace,
  "}": T.RBrace,
  "[": T.LBracket,
  "]": T.RBracket,
  "(": T.LParen,
  ")": T.RParen,
  ":": T.Colon,
  ",": T.Comma,
  "=": T.Equals,
};

/** Tokens after which a value is expected (so `#` may be a colour and `=` an expression). */
const VALUE_STARTERS = new Set<TokenType>([T.Colon, T.Comma, T.LParen, T.Equals]);
const EXPRESSION_STARTERS = new Set<TokenType>([T.Colon, T.Comma, T.LParen]);

const isDigit = (c: number) => c >= 48 && c <= 57;
const isIdentStart = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
const isIdentPart = (c: number) => isIdentStart(c) || isDigit(c);
const isHex = (c: number) => isDigit(c) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);

export function lex(text: string, file?: string): LexResult {
  const s = new Scanner(text);
  // `svcRange` is filled in later by the AST builder (tokenRange); declaring it here keeps one shape.
  const tokens: (IToken & { svcRange: undefined })[] = [];
  const comments: Comment[] = [];
  const diagnostics: Diagnostic[] = [];
  const report = (code: Parameters<typeof diagnostic>[0], lx: Lexeme, args = {}, help: string[] = []) =>
    diagnostic(code, lx.range(), args, file === undefined ? { help } : { file, help });
  let previous: TokenType | undefined;

  // Tokens are plain objects of one shape (chevrotain's, plus payload): a 10,000-node file has
  // about 200,000 of them, so creating them cheaply matters.
  const push = (type: TokenType, lx: Lexeme, payload?: unknown) => {
    tokens.push({
      image: lx.image,
      startOffset: lx.startOffset,
      endOffset: lx.endOffset - 1,
      startLine: lx.startLine,
      endLine: lx.endLine,
      startColumn: lx.startColumn,
      endColumn: lx.endColumn - 1,
      tokenTypeIdx: type.tokenTypeIdx!,
      tokenType: type,
      payload,
      svcRange: undefined,
    });
    previous = type;
  };
  /** The common case: a one-line token from the cursor to `end`; moves the cursor there. */
  const pushHere = (type: TokenType, end: number, payload?: unknown, image?: string) => {
    const start = s.offset;
    const column = start - s.lineStart + 1;
    tokens.push({
      image: image ?? text.slice(start, end),
      startOffset: start,
      endOffset: end - 1,
      startLine: s.line,
      endLine: s.line,
      startColumn: column,
      endColumn: column + (end - start) - 1,
      tokenTypeIdx: type.tokenTypeIdx!,
      tokenType: type,
      payload,
      svcRange: undefined,
    });
    s.offset = end;
    previous = type;
  };

  if (text.charCodeAt(0) === 0xfeff) s.advance(1); // a byte order mark is not content

  for (;;) {
    // whitespace (tabs and CR included: indentation has no meaning outside text blocks)
    s.skipWhitespace();
    if (s.offset >= text.length) break;
    const c = text.charCodeAt(s.offset);

    // Fast paths for what most of a file is made of: names, punctuation, plain numbers.
    if (isIdentStart(c)) {
      let end = s.offset + 1;
      while (end < text.length && isIdentPart(text.charCodeAt(end))) end++;
      const next = end < text.length ? text.charCodeAt(end) : -1;
      if (next !== 47 /* / */ && next < 128) {
        const slot = wordSlot(text, s.offset, end);
        pushHere(wordType(slot), end, undefined, wordAt(slot));
        continue;
      }
    } else if (c === 123 || c === 125 || c === 91 || c === 93 || c === 40 || c === 41 || c === 58 || c === 44) {
      const char = text[s.offset]!;
      pushHere(PUNCTUATION[char]!, s.offset + 1, undefined, char);
      continue;
    } else if (c === 45 /* - */ && text.charCodeAt(s.offset + 1) === 62 /* > */) {
      pushHere(T.Arrow, s.offset + 2, undefined, "->");
      continue;
    } else if (isDigit(c) || (c === 45 && isDigit(text.charCodeAt(s.offset + 1)))) {
      // A valid number or size; anything else number-like is read and reported by lexNumber below.
      const end = s.offset + numberLength(text, s.offset);
      if (numberWordEnd(text, end) === end) {
        const image = text.slice(s.offset, end);
        if (image.includes("x")) pushHere(T.Dimensions, end, image.split("x").map(Number), image);
        else pushHere(T.NumberLit, end, Number(image), image);
        continue;
      }
    }
    const start = s.mark();

    if (c === 35 /* # */) {
      let n = 1;
      while (isIdentPart(s.peek(n))) n++;
      const run = text.slice(s.offset + 1, s.offset + n);
      const valuePosition = previous !== undefined && VALUE_STARTERS.has(previous);
      const allHex = run.length > 0 && [...run].every((ch) => isHex(ch.charCodeAt(0)));
      if (valuePosition && run.length > 0) {
        s.advance(n);
        const lx = s.lexeme(start);
        if (!allHex || (run.length !== 6 && run.length !== 8)) {
          diagnostics.push(report("invalid-colour", lx, { text: shorten(lx.image) }, colourHelp(shorten(run), allHex)));
        }
        push(T.ColorLit, lx, run.toLowerCase());
        continue;
      }
      // a comment: to the end of the line
      s.advanceToLineEnd();
      const lx = s.lexeme(start);
      const raw = lx.image.slice(1).replace(/\s+$/, "");
      comments.push({ text: raw.startsWith(" ") ? raw.slice(1) : raw, range: lx.range() });
      continue;
    }

    if (c === 47 /* / */ && (s.peek(1) === 47 || s.peek(1) === 42)) {
      // A comment in another language's style: say so once and skip the line, as a comment would.
      s.advanceToLineEnd();
      const lx = s.lexeme(start);
      diagnostics.push(
        report("unexpected-character", lx, { char: `'${lx.image.slice(0, 2)}'` }, [
          "comments start with '#' and a space: # like this",
        ]),
      );
      continue;
    }

    if (c === 34 /* " */) {
      if (s.peek(1) === 34 && s.peek(2) === 34) {
        diagnostics.push(
          report("unexpected-character", s.advanceAndLexeme(start, 3), { char: '"""' }, [
            "text over several lines is written in a ``` block: ``` on one line, the text, ``` on its own line",
          ]),
        );
        continue;
      }
      const { value, problems, terminated } = decodeString(s);
      const lx = s.lexeme(start);
      for (const p of problems)
        diagnostics.push(
          diagnostic(p.code, p.range, p.args, file === undefined ? { help: p.help } : { file, help: p.help }),
        );
      if (!terminated) {
        diagnostics.push(
          report("unterminated-string", lx, {}, [
            "close it with '\"' before the end of the line; text over several lines is written in a ``` block",
          ]),
        );
      }
      push(T.StringLit, lx, value);
      continue;
    }

    if (c === 96 /* ` */ && s.peek(1) === 96 && s.peek(2) === 96) {
      const block = scanTextBlock(s);
      const lx = s.lexeme(start);
      for (const p of block.problems)
        diagnostics.push(
          diagnostic(p.code, p.range, p.args, file === undefined ? { help: p.help } : { file, help: p.help }),
        );
      push(T.TextBlock, lx, { text: block.text, language: block.language });
      continue;
    }

    if (c === 61 /* = */ && previous !== undefined && EXPRESSION_STARTERS.has(previous)) {
      const expr = scanPythonExpression(s);
      const lx = s.lexeme(start);
      if (expr.python === "") {
        diagnostics.push(
          report("empty-expression", lx, {}, ["write the Python after '=', e.g. '= absTime.seconds * 10'"]),
        );
      }
      for (const p of expr.problems)
        diagnostics.push(
          diagnostic(p.code, p.range, p.args, file === undefined ? { help: p.help } : { file, help: p.help }),
        );
      push(T.Expression, lx, expr.python);
      continue;
    }

    if (isDigit(c) || (c === 45 /* - */ && isDigit(s.peek(1))) || (c === 46 /* . */ && isDigit(s.peek(1)))) {
      lexNumber(s, start, push, (lx) =>
        diagnostics.push(report("invalid-number", lx, { text: shorten(lx.image) }, numberHelp(shorten(lx.image)))),
      );
      continue;
    }

    if (c === 45 && s.peek(1) === 62 /* -> */) {
      push(T.Arrow, s.advanceAndLexeme(start, 2));
      continue;
    }

    if (
      isIdentStart(c) ||
      c === 47 /* / */ ||
      (c === 46 && (s.peek(1) === 47 || (s.peek(1) === 46 && s.peek(2) === 47)))
    ) {
      const pathLength = scanPath(s);
      if (pathLength > 0) {
        push(T.OpPath, s.advanceAndLexeme(start, pathLength));
        continue;
      }
      if (isIdentStart(c)) {
        let n = 1;
        while (isIdentPart(s.peek(n))) n++;
        if (!isWordCharacter(text, s.offset + n)) {
          const lx = s.advanceAndLexeme(start, n);
          push(T.KEYWORDS.get(lx.image) ?? T.Identifier, lx);
          continue;
        }
      }
    }

    if (isWordCharacter(text, s.offset)) {
      // A name with letters beyond ASCII: read it whole, report it once, and go on with it as a name.
      let n = 0;
      while (isWordCharacter(text, s.offset + n)) n += s.codePointLength(n);
      const lx = s.advanceAndLexeme(start, n);
      const foreign = [...lx.image].find((ch) => !/[A-Za-z0-9_]/.test(ch)) ?? lx.image;
      diagnostics.push(
        report("unexpected-character", lx, { char: `'${foreign}' in '${printableRun(lx.image)}'` }, [
          "names use ASCII letters, digits and '_'; other text goes in a string \"...\"",
        ]),
      );
      push(T.Identifier, lx);
      continue;
    }

    if (c === 39 /* ' */) {
      // A string in single quotes: read it as a string so the rest of the line still parses.
      let end = s.offset + 1;
      while (end < text.length && text[end] !== "'" && text[end] !== "\n") end++;
      const closed = text[end] === "'";
      const lx = s.advanceAndLexeme(start, end - s.offset + (closed ? 1 : 0));
      diagnostics.push(
        report("unexpected-character", lx, { char: '"\'"' }, [
          `strings are written in double quotes: "${lx.image.slice(1, closed ? -1 : undefined)}"`,
        ]),
      );
      push(T.StringLit, lx, lx.image.slice(1, closed ? -1 : undefined));
      continue;
    }

    if (c === 46 /* . */) {
      if (s.peek(1) === 46) push(T.DotDot, s.advanceAndLexeme(start, 2));
      else push(T.Dot, s.advanceAndLexeme(start, 1));
      continue;
    }

    if (c === 36 /* $ */ && isIdentStart(s.peek(1))) {
      let n = 2;
      while (isIdentPart(s.peek(n))) n++;
      const lx = s.advanceAndLexeme(start, n);
      push(T.Variable, lx, lx.image.slice(1));
      continue;
    }

    const single = PUNCTUATION[String.fromCharCode(c)];
    if (single !== undefined) {
      push(single, s.advanceAndLexeme(start, 1));
      continue;
    }

    // Anything else: one diagnostic for the whole run of characters that mean nothing here.
    let n = 0;
    do n += s.codePointLength(n);
    while (!s.atEnd(n) && isStray(s.peek(n), text, s.offset + n));
    const lx = s.advanceAndLexeme(start, n);
    diagnostics.push(report("unexpected-character", lx, { char: `'${printableRun(lx.image)}'` }, strayHelp(lx.image)));
  }

  return { tokens, comments, diagnostics };
}

const WORD = /[\p{L}\p{N}_]/u;

/** A letter, digit or '_' of any script (names allow only ASCII ones; the rest is reported). */
function isWordCharacter(text: string, offset: number): boolean {
  const cp = text.codePointAt(offset);
  return cp !== undefined && WORD.test(String.fromCodePoint(cp));
}

/** True for characters the lexer has no rule for (so they extend a stray run). */
function isStray(c: number, text: string, offset: number): boolean {
  if (c === 32 || c === 9 || c === 10 || c === 13) return false;
  if (isIdentPart(c) || c === 35 || c === 34 || c === 39 || c === 96 || c === 36 || c === 46 || c === 47 || c === 45)
    return false;
  if (isWordCharacter(text, offset)) return false;
  return PUNCTUATION[text[offset]!] === undefined;
}

function printableRun(image: string): string {
  const cut = image.length > 20 ? `${image.slice(0, 20)}…` : image;
  return cut.replace(/[\u0000-\u001f\u007f]/g, (ch) => `\\u{${ch.charCodeAt(0).toString(16)}}`);
}

function strayHelp(image: string): string[] {
  const first = image[0]!;
  if (first === ";") return ["statements end at the end of a line: remove the ';'"];
  if (first === "'") return ['strings are written in double quotes: "text"'];
  if (first === "-") return ["a negative number is written without a space: -1; a wire is written '->'"];
  if (first === "@") return ["an operator is referred to by its name (level1) or its path (../level1)"];
  if (first === "/") return ["an operator path is written like ../level1 or /project1/out1"];
  if (first === "$") return ["a recipe parameter is written $name"];
  if (first === "\u0000" || /[\u0001-\u001f]/.test(first))
    return ["the file contains a control character; is it a binary file?"];
  if (/[^\x00-\x7f]/.test(first))
    return ["names use ASCII letters, digits and '_'; other text goes in a string \"...\""];
  return ["this character has no meaning in .svcnet outside a string"];
}

function colourHelp(run: string, allHex: boolean): string[] {
  if (allHex && run.length === 3) {
    const long = [...run]
      .map((ch) => ch + ch)
      .join("")
      .toLowerCase();
    return [`a colour has 6 or 8 hex digits: write #${long}`];
  }
  if (allHex) return [`a colour has 6 (#rrggbb) or 8 (#rrggbbaa) hex digits; this one has ${run.length}`];
  return [
    "a colour is '#' and 6 or 8 hex digits (0-9, a-f), e.g. #ff8800",
    "a comment starts with '# ' (a space after '#')",
  ];
}

/** Length of an operator path at the cursor (`a/b`, `../a`, `/a/b`), 0 when there is none. */
function scanPath(s: Scanner): number {
  let n = 0;
  let slashes = 0;
  const segment = (at: number): number => {
    const c = s.peek(at);
    if (c === 46) return s.peek(at + 1) === 46 ? 2 : 1;
    if (!isIdentStart(c)) return 0;
    let k = 1;
    while (isIdentPart(s.peek(at + k))) k++;
    return k;
  };
  if (s.peek() !== 47) {
    n = segment(0);
    if (n === 0) return 0;
  }
  while (s.peek(n) === 47) {
    const next = segment(n + 1);
    if (next === 0) break;
    n += 1 + next;
    slashes++;
  }
  return slashes > 0 ? n : 0;
}

/** Long words are cut in messages: a diagnostic about a 1 MB token should not be 1 MB. */
function shorten(image: string): string {
  return image.length > 40 ? `${image.slice(0, 40)}…` : image;
}
