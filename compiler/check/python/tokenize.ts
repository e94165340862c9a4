/**
 * A tokenizer for one Python 3.11 expression (what a TouchDesigner parameter expression is).
 * It recognises names, keywords, numbers, string literals with their prefixes, operators and
 * brackets; newlines are allowed only inside brackets or after a backslash, as in Python.
 */

export type TokenKind = "name" | "keyword" | "number" | "string" | "op" | "eof";

export interface Token {
  kind: TokenKind;
  text: string;
  /** Offsets into the expression text, [start, end). */
  start: number;
  end: number;
}

/** A syntax problem at an offset of the expression text. */
export interface PySyntaxError {
  message: string;
  start: number;
  end: number;
}

export const KEYWORDS = new Set([
  "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue", "def",
  "del", "elif", "else", "except", "finally", "for", "from", "global", "if", "import", "in", "is",
  "lambda", "nonlocal", "not", "or", "pass", "raise", "return", "try", "while", "with", "yield",
]);

// Longest first, so `**=` is not read as `**` then `=`.
const OPERATORS = [
  "**=", "//=", ">>=", "<<=", "...", "->", ":=",
  "**", "//", "<<", ">>", "<=", ">=", "==", "!=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "@=",
  "+", "-", "*", "/", "%", "@", "&", "|", "^", "~", "<", ">", "(", ")", "[", "]", "{", "}", ",", ":",
  ".", ";", "=",
];

const STRING_PREFIX = /^(?:[rR][bBfF]?|[bBfF][rR]?|[uU])?(?=['"])/;
const NUMBER_PATTERNS = [
  /^0[xX](?:_?[0-9a-fA-F])+/,
  /^0[oO](?:_?[0-7])+/,
  /^0[bB](?:_?[01])+/,
  // Decimal with optional fraction and exponent, or a leading-dot fraction; `j` makes it imaginary.
  /^(?:(?:\d(?:_?\d)*)?\.\d(?:_?\d)*|\d(?:_?\d)*\.?)(?:[eE][+-]?\d(?:_?\d)*)?[jJ]?/,
];

function isNameStart(ch: string): boolean {
  return /[\p{L}_]/u.test(ch);
}
function isNameChar(ch: string): boolean {
  return /[\p{L}\p{N}_]/u.test(ch);
}

export interface TokenizeResult {
  tokens: Token[];
  error?: PySyntaxError;
}

export function tokenize(text: string): TokenizeResult {
  const tokens: Token[] = [];
  const open: Token[] = [];
  let i = 0;
  const fail = (message: string, start: number, end = start + 1): TokenizeResult => ({
    tokens,
    error: { message, start, end: Math.min(Math.max(end, start + 1), Math.max(text.length, start + 1)) },
  });
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === " " || ch === "\t" || ch === "\f") {
      i++;
      continue;
    }
    if (ch === "#") {
      while (i < text.length && text[i] !== "\n") i++;
      continue;
    }
    if (ch === "\\") {
      // Explicit line joining: a backslash must end the line.
      const rest = /^\\\r?\n/.exec(text.slice(i));
      if (rest === null) return fail("a backslash outside a string must end the line", i);
      i += rest[0].length;
      continue;
    }
    if (ch === "\n" || ch === "\r") {
      if (open.length === 0 && text.slice(i).trim() !== "") return fail("an expression cannot continue on a new line outside brackets", i);
      i++;
      continue;
    }
    const prefix = STRING_PREFIX.exec(text.slice(i, i + 3));
    if (prefix !== null) {
      const end = scanString(text, i + prefix[0].length);
      if (typeof end !== "number") return fail(end.message, i, end.end);
      tokens.push({ kind: "string", text: text.slice(i, end), start: i, end });
      i = end;
      continue;
    }
    if (/\d/.test(ch) || (ch === "." && /\d/.test(text[i + 1] ?? ""))) {
      const numberEnd = scanNumber(text, i);
      if (typeof numberEnd !== "number") return fail(numberEnd.message, i, numberEnd.end);
      tokens.push({ kind: "number", text: text.slice(i, numberEnd), start: i, end: numberEnd });
      i = numberEnd;
      continue;
    }
    if (isNameStart(ch)) {
      let j = i + 1;
      while (j < text.length && isNameChar(text[j]!)) j++;
      const word = text.slice(i, j);
      tokens.push({ kind: KEYWORDS.has(word) ? "keyword" : "name", text: word, start: i, end: j });
      i = j;
      continue;
    }
    const op = OPERATORS.find((o) => text.startsWith(o, i));
    if (op === undefined) {
      const hint = ch === "!" ? " (Python writes 'not' or '!=')" : "";
      return fail(`'${ch}' is not valid in a Python expression${hint}`, i);
    }
    const token: Token = { kind: "op", text: op, start: i, end: i + op.length };
    if (op === "(" || op === "[" || op === "{") open.push(token);
    if (op === ")" || op === "]" || op === "}") {
      const opener = open.pop();
      if (opener === undefined) return fail(`'${op}' has no matching opening bracket`, i);
      const expected = opener.text === "(" ? ")" : opener.text === "[" ? "]" : "}";
      if (expected !== op) return fail(`'${op}' does not close '${opener.text}' at column ${opener.start + 1} (expected '${expected}')`, i);
    }
    tokens.push(token);
    i += op.length;
  }
  const unclosed = open.pop();
  if (unclosed !== undefined) return fail(`'${unclosed.text}' is never closed`, unclosed.start);
  tokens.push({ kind: "eof", text: "", start: text.length, end: text.length });
  return { tokens };
}

/** Returns the offset after the closing quote, or the problem. `i` is at the opening quote. */
function scanString(text: string, i: number): number | { message: string; end: number } {
  const quote = text[i]!;
  const triple = text.startsWith(quote.repeat(3), i);
  const delimiter = triple ? quote.repeat(3) : quote;
  let j = i + delimiter.length;
  while (j < text.length) {
    const c = text[j]!;
    if (c === "\\") {
      j += 2;
      continue;
    }
    if (!triple && (c === "\n" || c === "\r")) return { message: "the string is not closed before the end of the line", end: j };
    if (text.startsWith(delimiter, j)) return j + delimiter.length;
    j++;
  }
  return { message: triple ? "the triple-quoted string is never closed" : "the string is never closed", end: text.length };
}

function scanNumber(text: string, i: number): number | { message: string; end: number } {
  const rest = text.slice(i);
  let length = 0;
  for (const pattern of NUMBER_PATTERNS) {
    const m = pattern.exec(rest);
    if (m !== null && m[0].length > length) length = m[0].length;
  }
  const literal = rest.slice(0, length);
  const end = i + length;
  if (/^0\d*[1-9]/.test(literal) && /^\d+$/.test(literal.replace(/_/g, ""))) {
    return { message: "leading zeros are not allowed in a decimal number (Python reads 0o17 as octal)", end };
  }
  // A name or number glued to the literal (`3px`, `1.2.3`) is a typo, not two tokens.
  const next = text[end] ?? "";
  if (isNameChar(next) || (next === "." && /\d/.test(text[end + 1] ?? ""))) {
    let j = end;
    while (j < text.length && (isNameChar(text[j]!) || text[j] === ".")) j++;
    return { message: `'${text.slice(i, j)}' is not a valid number`, end: j };
  }
  return end;
}
