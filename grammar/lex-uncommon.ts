/**
 * The lexer's rules for the tokens that are not names, punctuation or plain numbers (lexer.ts reads
 * those on its fast path): colours and comments, strings, text blocks, Python expressions, paths,
 * variables, and everything that is a mistake (another language's comment or quotes, non-ASCII names,
 * stray characters), each read whole and reported once so the rest of the file still parses.
 * Each rule returns true when it read a token at the cursor.
 */
import { scanPythonExpression } from "./lex-expression.js";
import { colourHelp, printableRun, shorten, strayHelp } from "./lex-help.js";
import { isHex, isIdentPart, isIdentStart, isStray, isWordCharacter, PUNCTUATION } from "./lex-chars.js";
import { lexNumber, numberHelp } from "./lex-number.js";
import { decodeString } from "./lex-string.js";
import type { LexState } from "./lex-state.js";
import { scanTextBlock } from "./lex-text-block.js";
import type { Mark, Scanner } from "./scanner.js";
import * as T from "./tokens.js";

/** `#`: a colour where a value is expected and hex digits follow, else a comment to the end of the line. */
export function lexHash(st: LexState, start: Mark): void {
  const s = st.s;
  let n = 1;
  while (isIdentPart(s.peek(n))) n++;
  const run = s.text.slice(s.offset + 1, s.offset + n);
  const allHex = run.length > 0 && [...run].every((ch) => isHex(ch.charCodeAt(0)));
  if (st.atValue && run.length > 0) {
    s.advance(n);
    const lx = s.lexeme(start);
    if (!allHex || (run.length !== 6 && run.length !== 8))
      st.report("invalid-colour", lx, { text: shorten(lx.image) }, colourHelp(shorten(run), allHex));
    st.push(T.ColorLit, lx, run.toLowerCase());
    return;
  }
  s.advanceToLineEnd();
  const lx = s.lexeme(start);
  const raw = lx.image.slice(1).replace(/\s+$/, "");
  st.comments.push({ text: raw.startsWith(" ") ? raw.slice(1) : raw, range: lx.range() });
}

/** `//` or `/*`: a comment in another language's style, said once and skipped as a comment would be. */
export function lexForeignComment(st: LexState, start: Mark): boolean {
  const s = st.s;
  if (!(s.peek(1) === 47 || s.peek(1) === 42)) return false;
  s.advanceToLineEnd();
  const lx = s.lexeme(start);
  st.report("unexpected-character", lx, { char: `'${lx.image.slice(0, 2)}'` }, [
    "comments start with '#' and a space: # like this",
  ]);
  return true;
}

/** `"`: a string on one line with its escapes; `"""` is another language's text block. */
export function lexString(st: LexState, start: Mark): void {
  const s = st.s;
  if (s.peek(1) === 34 && s.peek(2) === 34) {
    st.report("unexpected-character", s.advanceAndLexeme(start, 3), { char: '"""' }, [
      "text over several lines is written in a ``` block: ``` on one line, the text, ``` on its own line",
    ]);
    return;
  }
  const { value, problems, terminated } = decodeString(s);
  const lx = s.lexeme(start);
  st.addProblems(problems);
  if (!terminated)
    st.report("unterminated-string", lx, {}, [
      "close it with '\"' before the end of the line; text over several lines is written in a ``` block",
    ]);
  st.push(T.StringLit, lx, value);
}

/** A ``` text block. */
export function lexTextBlock(st: LexState, start: Mark): void {
  const block = scanTextBlock(st.s);
  const lx = st.s.lexeme(start);
  st.addProblems(block.problems);
  st.push(T.TextBlock, lx, { text: block.text, language: block.language });
}

/** `=` where a value is expected: the Python expression after it. */
export function lexExpression(st: LexState, start: Mark): void {
  const expr = scanPythonExpression(st.s);
  const lx = st.s.lexeme(start);
  if (expr.python === "")
    st.report("empty-expression", lx, {}, ["write the Python after '=', e.g. '= absTime.seconds * 10'"]);
  st.addProblems(expr.problems);
  st.push(T.Expression, lx, expr.python);
}

/** A number-like word the fast path did not take: read whole, reported when it is not a number. */
export function lexOddNumber(st: LexState, start: Mark): void {
  lexNumber(
    st.s,
    start,
    (type, lx, payload) => st.push(type, lx, payload),
    (lx) => st.report("invalid-number", lx, { text: shorten(lx.image) }, numberHelp(shorten(lx.image))),
  );
}

/** An operator path (`a/b`, `../a`, `/a/b`), or a name or keyword followed by something unusual. */
export function lexPathOrName(st: LexState, start: Mark, c: number): boolean {
  const s = st.s;
  const pathLength = scanPath(s);
  if (pathLength > 0) {
    st.push(T.OpPath, s.advanceAndLexeme(start, pathLength));
    return true;
  }
  if (!isIdentStart(c)) return false;
  let n = 1;
  while (isIdentPart(s.peek(n))) n++;
  if (isWordCharacter(s.text, s.offset + n)) return false;
  const lx = s.advanceAndLexeme(start, n);
  st.push(T.KEYWORDS.get(lx.image) ?? T.Identifier, lx);
  return true;
}

/** A name with letters beyond ASCII: read it whole, report it once, and go on with it as a name. */
export function lexForeignWord(st: LexState, start: Mark): void {
  const s = st.s;
  let n = 0;
  while (isWordCharacter(s.text, s.offset + n)) n += s.codePointLength(n);
  const lx = s.advanceAndLexeme(start, n);
  const foreign = [...lx.image].find((ch) => !/[A-Za-z0-9_]/.test(ch)) ?? lx.image;
  st.report("unexpected-character", lx, { char: `'${foreign}' in '${printableRun(lx.image)}'` }, [
    "names use ASCII letters, digits and '_'; other text goes in a string \"...\"",
  ]);
  st.push(T.Identifier, lx);
}

/** A string in single quotes: read as a string, so the rest of the line still parses. */
export function lexSingleQuoted(st: LexState, start: Mark): void {
  const s = st.s;
  const text = s.text;
  let end = s.offset + 1;
  while (end < text.length && text[end] !== "'" && text[end] !== "\n") end++;
  const closed = text[end] === "'";
  const lx = s.advanceAndLexeme(start, end - s.offset + (closed ? 1 : 0));
  const inside = lx.image.slice(1, closed ? -1 : undefined);
  st.report("unexpected-character", lx, { char: '"\'"' }, [`strings are written in double quotes: "${inside}"`]);
  st.push(T.StringLit, lx, inside);
}

/** `$name`: a recipe parameter. */
export function lexVariable(st: LexState, start: Mark): boolean {
  const s = st.s;
  if (!isIdentStart(s.peek(1))) return false;
  let n = 2;
  while (isIdentPart(s.peek(n))) n++;
  const lx = s.advanceAndLexeme(start, n);
  st.push(T.Variable, lx, lx.image.slice(1));
  return true;
}

/** Anything else: one diagnostic for the whole run of characters that mean nothing here. */
export function lexStray(st: LexState, start: Mark): void {
  const s = st.s;
  const single = PUNCTUATION[String.fromCharCode(s.peek())];
  if (single !== undefined) {
    st.push(single, s.advanceAndLexeme(start, 1));
    return;
  }
  let n = 0;
  do n += s.codePointLength(n);
  while (!s.atEnd(n) && isStray(s.peek(n), s.text, s.offset + n));
  const lx = s.advanceAndLexeme(start, n);
  st.report("unexpected-character", lx, { char: `'${printableRun(lx.image)}'` }, strayHelp(lx.image));
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
