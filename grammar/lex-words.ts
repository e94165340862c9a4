/**
 * Names repeat through a file (parameter names, operator types, node names in wires): the lexer
 * takes each name's text and token type from a small table of recent names instead of cutting a
 * new string and looking it up among the keywords every time. Equal names share one string.
 */
import type { TokenType } from "chevrotain";
import * as T from "./tokens.js";

const SIZE = 4096; // a power of two: a slot is the hash's low bits
const words: (string | undefined)[] = new Array<string | undefined>(SIZE).fill(undefined);
const types: TokenType[] = new Array<TokenType>(SIZE).fill(T.Identifier);

/** The slot of the ASCII name `text[start, end)`, filled with its text and token type (a keyword or Identifier). */
export function wordSlot(text: string, start: number, end: number): number {
  let hash = 0;
  for (let i = start; i < end; i++) hash = (Math.imul(hash, 31) + text.charCodeAt(i)) | 0;
  const slot = (hash ^ (hash >>> 12)) & (SIZE - 1);
  const known = words[slot];
  if (known === undefined || known.length !== end - start || !text.startsWith(known, start)) {
    const word = text.slice(start, end);
    words[slot] = word;
    types[slot] = T.KEYWORDS.get(word) ?? T.Identifier;
  }
  return slot;
}

export function wordAt(slot: number): string {
  return words[slot]!;
}

export function wordType(slot: number): TokenType {
  return types[slot]!;
}
