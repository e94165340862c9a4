/**
 * The `.svcnet` lexer. Hand written because a few rules depend on context:
 * - `#` followed by 6 or 8 hex digits where a value is expected is a colour; any other `#`
 *   starts a comment (write `# ` with a space; `svc fmt` adds it).
 * - `=` right after ':', '(' or ',' starts a Python expression that runs to the end of the line
 *   or to a ',', '}', ')' or ']' outside brackets and Python strings.
 * It never throws: a problem becomes a diagnostic and the lexer goes on with a best guess, so the
 * parser still sees the structure of the file.
 */
import type { IToken } from "chevrotain";
import type { Diagnostic } from "../diagnostics/index.js";
import type { Comment } from "./ast.js";
import { isDigit, isIdentPart, isIdentStart, isWordCharacter, PUNCTUATION } from "./lex-chars.js";
import { numberLength, numberWordEnd } from "./lex-number.js";
import { LexState } from "./lex-state.js";
import {
  lexExpression,
  lexForeignComment,
  lexForeignWord,
  lexHash,
  lexOddNumber,
  lexPathOrName,
  lexSingleQuoted,
  lexString,
  lexStray,
  lexTextBlock,
  lexVariable,
} from "./lex-uncommon.js";
import { wordAt, wordSlot, wordType } from "./lex-words.js";
import { Scanner } from "./scanner.js";
import * as T from "./tokens.js";

export interface LexResult {
  tokens: IToken[];
  comments: Comment[];
  diagnostics: Diagnostic[];
}

export function lex(text: string, file?: string): LexResult {
  const s = new Scanner(text);
  const st = new LexState(s, file);
  if (text.charCodeAt(0) === 0xfeff) s.advance(1); // a byte order mark is not content
  for (;;) {
    // whitespace (tabs and CR included: indentation has no meaning outside text blocks)
    s.skipWhitespace();
    if (s.offset >= text.length) break;
    const c = text.charCodeAt(s.offset);
    if (!lexCommon(st, c)) lexUncommon(st, c);
  }
  return { tokens: st.tokens, comments: st.comments, diagnostics: st.diagnostics };
}

/**
 * The fast path, for what most of a file is made of: ASCII names and keywords, punctuation, wires and
 * valid numbers and sizes. Returns false (reading nothing) for anything else.
 */
function lexCommon(st: LexState, c: number): boolean {
  const s = st.s;
  const text = s.text;
  if (isIdentStart(c)) {
    let end = s.offset + 1;
    while (end < text.length && isIdentPart(text.charCodeAt(end))) end++;
    const next = end < text.length ? text.charCodeAt(end) : -1;
    if (next === 47 /* / */ || next >= 128) return false; // a path, or a name going on beyond ASCII
    const slot = wordSlot(text, s.offset, end);
    st.pushHere(wordType(slot), end, undefined, wordAt(slot));
    return true;
  }
  if (c === 123 || c === 125 || c === 91 || c === 93 || c === 40 || c === 41 || c === 58 || c === 44) {
    const char = text[s.offset]!;
    st.pushHere(PUNCTUATION[char]!, s.offset + 1, undefined, char);
    return true;
  }
  if (c === 45 /* - */ && text.charCodeAt(s.offset + 1) === 62 /* > */) {
    st.pushHere(T.Arrow, s.offset + 2, undefined, "->");
    return true;
  }
  if (isDigit(c) || (c === 45 && isDigit(text.charCodeAt(s.offset + 1)))) {
    // A valid number or size; anything else number-like is read and reported by lexOddNumber.
    const end = s.offset + numberLength(text, s.offset);
    if (numberWordEnd(text, end) !== end) return false;
    const image = text.slice(s.offset, end);
    if (image.includes("x")) st.pushHere(T.Dimensions, end, image.split("x").map(Number), image);
    else st.pushHere(T.NumberLit, end, Number(image), image);
    return true;
  }
  return false;
}

/** Everything the fast path does not read, chosen by the character at the cursor. */
function lexUncommon(st: LexState, c: number): void {
  const s = st.s;
  const start = s.mark();
  if (c === 35 /* # */) return lexHash(st, start);
  if (c === 47 /* / */ && lexForeignComment(st, start)) return;
  if (c === 34 /* " */) return lexString(st, start);
  if (c === 96 /* ` */ && s.peek(1) === 96 && s.peek(2) === 96) return lexTextBlock(st, start);
  if (c === 61 /* = */ && st.atExpression) return lexExpression(st, start);
  if (isDigit(c) || (c === 45 /* - */ && isDigit(s.peek(1))) || (c === 46 /* . */ && isDigit(s.peek(1))))
    return lexOddNumber(st, start);
  if (c === 45 && s.peek(1) === 62 /* -> */) return st.push(T.Arrow, s.advanceAndLexeme(start, 2));
  const mayBePath =
    isIdentStart(c) || c === 47 /* / */ || (c === 46 && (s.peek(1) === 47 || (s.peek(1) === 46 && s.peek(2) === 47)));
  if (mayBePath && lexPathOrName(st, start, c)) return;
  if (isWordCharacter(s.text, s.offset)) return lexForeignWord(st, start);
  if (c === 39 /* ' */) return lexSingleQuoted(st, start);
  if (c === 46 /* . */) {
    const dotDot = s.peek(1) === 46;
    return st.push(dotDot ? T.DotDot : T.Dot, s.advanceAndLexeme(start, dotDot ? 2 : 1));
  }
  if (c === 36 /* $ */ && lexVariable(st, start)) return;
  lexStray(st, start);
}
