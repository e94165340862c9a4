/**
 * Numbers and sizes: `3`, `-0.5`, `1e-3`, `1280x720`. The lexer reads a valid one in its fast path
 * (`numberLength`, `numberWordEnd`); `lexNumber` reads any number-like word and reports an invalid
 * one with a hint fitted to the likely mistake.
 */
import type { TokenType } from "chevrotain";
import type { Lexeme, Mark, Scanner } from "./scanner.js";
import * as T from "./tokens.js";

const isDigit = (c: number) => c >= 48 && c <= 57;
const isIdentPart = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || isDigit(c);

/** Index after the run of digits from `i` (`i` itself when there is none). */
function digitsEnd(text: string, i: number): number {
  while (isDigit(text.charCodeAt(i))) i++;
  return i;
}

/** Length of `-?\d+(\.\d+)?([eE][+-]?\d+)?` at `at`, 0 when it does not start there. */
function plainNumberLength(text: string, at: number): number {
  let i = text.charCodeAt(at) === 45 ? at + 1 : at;
  const digits = i;
  i = digitsEnd(text, i);
  if (i === digits) return 0;
  if (text.charCodeAt(i) === 46 && isDigit(text.charCodeAt(i + 1))) i = digitsEnd(text, i + 1);
  const e = text.charCodeAt(i);
  if (e === 101 || e === 69) {
    let j = i + 1;
    const sign = text.charCodeAt(j);
    if (sign === 43 || sign === 45) j++;
    if (isDigit(text.charCodeAt(j))) i = digitsEnd(text, j);
  }
  return i - at;
}

/** Length of `\d+(x\d+)+` at `at`, 0 when it does not start there. */
function dimensionsLength(text: string, at: number): number {
  let i = digitsEnd(text, at);
  if (i === at) return 0;
  let parts = 1;
  while (text.charCodeAt(i) === 120 /* x */ && isDigit(text.charCodeAt(i + 1))) {
    i = digitsEnd(text, i + 1);
    parts++;
  }
  return parts > 1 ? i - at : 0;
}

/** Length of the number or size at `at` (a size when that reading is longer), 0 when neither starts there. */
export function numberLength(text: string, at: number): number {
  const plain = plainNumberLength(text, at);
  const size = dimensionsLength(text, at);
  return size > plain ? size : plain;
}

/** Whatever number-like text follows a number (letters, digits, a single '.') makes the whole word invalid: where that word ends. */
export function numberWordEnd(text: string, end: number): number {
  while (end < text.length) {
    const c = text.charCodeAt(end);
    if (isIdentPart(c) || (c === 46 && text.charCodeAt(end + 1) !== 46)) end++;
    else break;
  }
  return end;
}

export function lexNumber(
  s: Scanner,
  start: Mark,
  push: (type: TokenType, lx: Lexeme, payload?: unknown) => void,
  invalid: (lx: Lexeme) => void,
): void {
  const text = s.text;
  const length = numberLength(text, s.offset);
  const end = numberWordEnd(text, s.offset + length);
  if (end === s.offset + length && length > 0) {
    const lx = s.advanceAndLexeme(start, length);
    // Only a size holds an "x": a plain number cannot.
    if (lx.image.includes("x")) push(T.Dimensions, lx, lx.image.split("x").map(Number));
    else push(T.NumberLit, lx, Number(lx.image));
    return;
  }
  const lx = s.advanceAndLexeme(start, Math.max(1, end - s.offset));
  invalid(lx);
  push(T.NumberLit, lx, 0);
}

/** `image`: the invalid word, already cut to a readable length. */
export function numberHelp(image: string): string[] {
  if (/^-?\.\d/.test(image)) return [`write a digit before the point: ${image.replace(".", "0.")}`];
  if (/^-?0[xX][0-9a-fA-F]+$/.test(image)) return ["numbers are decimal; colours are written #rrggbb"];
  if (/^-?\d+\.$/.test(image)) return [`write a digit after the point (${image}0) or leave the point out`];
  if (/^-?\d+(\.\d+)?[eE][+-]?$/.test(image)) return ["an exponent needs digits: 1e3, 2.5e-4"];
  if (/^\d+x$/.test(image) || /^\d+x\d+x$/.test(image))
    return [
      "a size is written WIDTHxHEIGHT with whole numbers, e.g. 1280x720",
      `a menu entry that starts with a digit is written as a string: "${image}"`,
    ];
  if (/^\d+(\.\d+)?x/.test(image))
    return ["a size is written WIDTHxHEIGHT with whole numbers (1280x720); for other numbers use a tuple: (1.5, 2)"];
  if (/^-?\d+(\.\d+)?\.\d/.test(image)) return ["a number has at most one decimal point"];
  if (/^\d+[A-Za-z_]/.test(image)) return [`a menu entry that starts with a digit is written as a string: "${image}"`];
  return ["numbers are written like 3, -0.5 or 1e-3"];
}
