/** Character classes of the lexer, on char codes (the lexer reads the text as UTF-16 code units). */
import type { TokenType } from "chevrotain";
import * as T from "./tokens.js";

export const isDigit = (c: number) => c >= 48 && c <= 57;
export const isIdentStart = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
export const isIdentPart = (c: number) => isIdentStart(c) || isDigit(c);
export const isHex = (c: number) => isDigit(c) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);

export const PUNCTUATION: Record<string, TokenType> = {
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

const WORD = /[\p{L}\p{N}_]/u;

/** A letter, digit or '_' of any script (names allow only ASCII ones; the rest is reported). */
export function isWordCharacter(text: string, offset: number): boolean {
  const cp = text.codePointAt(offset);
  return cp !== undefined && WORD.test(String.fromCodePoint(cp));
}

/** True for characters the lexer has no rule for (so they extend a stray run). */
export function isStray(c: number, text: string, offset: number): boolean {
  if (c === 32 || c === 9 || c === 10 || c === 13) return false;
  if (isIdentPart(c) || c === 35 || c === 34 || c === 39 || c === 96 || c === 36 || c === 46 || c === 47 || c === 45)
    return false;
  if (isWordCharacter(text, offset)) return false;
  return PUNCTUATION[text[offset]!] === undefined;
}
