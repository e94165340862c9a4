/**
 * Bracket balance, checked on the token stream before parsing so an unclosed block is reported
 * once, with what it belongs to and where it was opened, instead of as a parse error at the end of
 * the file. When a '}' is missing in the middle of a file, the closing braces after it pair up one
 * level off; indentation tells which block lost its brace (the '}' that closes it sits further left
 * than the line that opened it).
 */
import type { IToken } from "chevrotain";
import type { SourceRange } from "../diagnostics/source-range.js";
import { BuildContext, tokenRange } from "./cst-util.js";
import * as T from "./tokens.js";

const PAIRS: Record<string, string> = { LBrace: "RBrace", LBracket: "RBracket", LParen: "RParen" };
/** By token type index: true for the six bracket types, so every other token is passed over with one read. */
const IS_BRACKET: boolean[] = [];
for (const type of [T.LBrace, T.RBrace, T.LBracket, T.RBracket, T.LParen, T.RParen])
  IS_BRACKET[type.tokenTypeIdx!] = true;
const CLOSER_TEXT: Record<string, string> = { RBrace: "}", RBracket: "]", RParen: ")" };
const OPENER_OF: Record<string, string> = { RBrace: "{", RBracket: "[", RParen: "(" };

export interface BracketReport {
  /** Closing tokens that close nothing (the parser's complaints about them are redundant). */
  strayClosers: Set<IToken>;
  /** True when some opener is never closed (the parser's complaints at end of file are redundant). */
  unclosedAtEnd: boolean;
  /** '}' tokens that ended an unclosed '(' or '[' (the parser complains about them too). */
  interrupting: Set<IToken>;
  /** True when some '(' or '[' is never closed (the parser's "expected ')'" repeats it). */
  unclosedParenOrBracket: boolean;
  /** True when brackets nest deeper than MAX_NESTING: the file is not parsed at all. */
  tooDeep: boolean;
}

/**
 * Real networks nest a few levels; a recursive-descent parser needs stack for every level, so a
 * (machine-made) file nested absurdly deep is refused with a diagnostic instead of a crash.
 */
const MAX_NESTING = 100;

interface Pair {
  open: IToken;
  openIndex: number;
  close: IToken;
}

export function checkBrackets(ctx: BuildContext, tokens: IToken[], text: string): BracketReport {
  const stack: { token: IToken; index: number }[] = [];
  const pairs: Pair[] = [];
  const strayClosers = new Set<IToken>();
  const interrupting = new Set<IToken>();
  let tooDeep = false;
  let unclosedParenOrBracket = false;
  for (let index = 0; index < tokens.length; index++) {
    const t = tokens[index]!;
    if (IS_BRACKET[t.tokenTypeIdx] !== true) continue;
    const type = t.tokenType.name;
    if (PAIRS[type] !== undefined) {
      stack.push({ token: t, index });
      if (stack.length === MAX_NESTING + 1 && !tooDeep) {
        tooDeep = true;
        ctx.report("nesting-too-deep", tokenRange(t), { limit: MAX_NESTING }, [
          "flatten the structure: move deeply nested COMPs into recipes or separate networks",
        ]);
      }
      continue;
    }
    if (CLOSER_TEXT[type] === undefined) continue;
    // A '}' closes everything still open inside its block: unclosed '(' and '[' are reported there.
    while (
      stack.length > 0 &&
      PAIRS[stack[stack.length - 1]!.token.tokenType.name] !== type &&
      type === "RBrace" &&
      stack.some((s) => s.token.tokenType.name === "LBrace")
    ) {
      const open = stack.pop()!;
      interrupting.add(t);
      unclosedParenOrBracket = true;
      reportUnclosed(ctx, tokens, open.token, open.index, tokenRange(t));
    }
    const top = stack[stack.length - 1];
    if (top !== undefined && PAIRS[top.token.tokenType.name] === type) {
      stack.pop();
      pairs.push({ open: top.token, openIndex: top.index, close: t });
      continue;
    }
    strayClosers.add(t);
    ctx.report("unmatched-bracket", tokenRange(t), { bracket: CLOSER_TEXT[type]!, opener: OPENER_OF[type]! }, [
      top === undefined
        ? `remove it, or add the '${OPENER_OF[type]}' it should close`
        : `the innermost open bracket is the '${top.token.image}' at ${top.token.startLine}:${top.token.startColumn}`,
    ]);
  }
  if (stack.length === 0) return { strayClosers, unclosedAtEnd: false, interrupting, tooDeep, unclosedParenOrBracket };
  // Nested too deep: every open block would be reported unclosed too, a consequence of the one problem.
  if (tooDeep) return { strayClosers, unclosedAtEnd: true, interrupting, tooDeep, unclosedParenOrBracket };

  // Some blocks are never closed. Prefer blocks whose '}' was taken by an outer block (seen by indentation).
  const suspects = pairs.filter((p) => p.open.tokenType.name === "LBrace" && closedTooFarLeft(p, text));
  const unclosedBraces = stack.filter((s) => s.token.tokenType.name === "LBrace");
  for (const s of stack) {
    if (s.token.tokenType.name === "LBrace") continue;
    unclosedParenOrBracket = true;
    reportUnclosed(ctx, tokens, s.token, s.index, endOfContent(text));
  }
  const blame = suspects.slice(-unclosedBraces.length).map((p) => ({ token: p.open, index: p.openIndex }));
  for (const s of unclosedBraces.slice(0, unclosedBraces.length - blame.length)) blame.push(s);
  for (const b of blame.sort((x, y) => x.token.startOffset - y.token.startOffset)) {
    reportUnclosed(ctx, tokens, b.token, b.index, whereBlockEnds(text, b.token));
  }
  return { strayClosers, unclosedAtEnd: true, interrupting, tooDeep, unclosedParenOrBracket };
}

function reportUnclosed(ctx: BuildContext, tokens: IToken[], open: IToken, index: number, at: SourceRange): void {
  const line = open.startLine ?? 1;
  const column = open.startColumn ?? 1;
  if (open.tokenType.name === "LBrace") {
    ctx.report("unclosed-block", at, { what: describeBlock(tokens, index), line, column }, [
      `add '}' to end it${at.start.line !== line ? ` (after line ${at.start.line})` : ""}`,
    ]);
    return;
  }
  const closer = open.tokenType.name === "LBracket" ? "]" : ")";
  // Tuples and flag lists rarely span lines: when the list stops on a later line, the bracket most
  // likely belongs at the end of the line that opened it.
  let where = at;
  if (at.start.line > line) {
    let k = index;
    while (k + 1 < tokens.length && tokens[k + 1]!.startLine === line) k++;
    const end = tokenRange(tokens[k]!).end;
    where = { start: end, end };
  }
  ctx.report("unclosed-bracket", where, { closer, opener: open.image, line, column }, [`add '${closer}' to close it`]);
}

/** Indentation (in characters) of the line holding `offset`. */
function indentOfLine(text: string, offset: number): number {
  const lineStart = text.lastIndexOf("\n", offset - 1) + 1;
  let i = lineStart;
  while (text[i] === " " || text[i] === "\t") i++;
  return i - lineStart;
}

function isFirstOnLine(text: string, offset: number): boolean {
  const lineStart = text.lastIndexOf("\n", offset - 1) + 1;
  return text.slice(lineStart, offset).trim() === "";
}

function closedTooFarLeft(p: Pair, text: string): boolean {
  if (!isFirstOnLine(text, p.close.startOffset)) return false;
  return indentOfLine(text, p.close.startOffset) < indentOfLine(text, p.open.startOffset);
}

/** Just after the last line indented deeper than the block's opening line (where '}' belongs). */
function whereBlockEnds(text: string, open: IToken): SourceRange {
  const indent = indentOfLine(text, open.startOffset);
  let lineEnd = text.indexOf("\n", open.startOffset);
  let best = lineEnd < 0 ? text.length : lineEnd;
  let line = open.startLine ?? 1;
  let bestLine = line;
  while (lineEnd >= 0) {
    const nextStart = lineEnd + 1;
    let nextEnd = text.indexOf("\n", nextStart);
    const content = text.slice(nextStart, nextEnd < 0 ? text.length : nextEnd);
    line++;
    if (content.trim() !== "") {
      if (indentOfLine(text, nextStart) <= indent) break;
      best = (nextEnd < 0 ? text.length : nextEnd) - (content.endsWith("\r") ? 1 : 0);
      bestLine = line;
    }
    lineEnd = nextEnd;
  }
  const lineStart = text.lastIndexOf("\n", best - 1) + 1;
  const position = { line: bestLine, column: best - lineStart + 1, offset: best };
  return { start: position, end: position };
}

/** The end of the last non-blank line of the file. */
export function endOfContent(text: string): SourceRange {
  let end = text.length;
  while (end > 0 && /\s/.test(text[end - 1]!)) end--;
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < end; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  const position = { line, column: end - lineStart + 1, offset: end };
  return { start: position, end: position };
}

/** "node 'noise1'", "network 'tunnel'", "the controls block": what the '{' at `index` opens. */
function describeBlock(tokens: IToken[], index: number): string {
  let i = index - 1;
  const at = (k: number) => tokens[k]?.tokenType.name;
  if (at(i) === "RBracket") {
    // skip a flags list: name: type [flags] {
    let depth = 0;
    for (; i >= 0; i--) {
      if (at(i) === "RBracket") depth++;
      else if (at(i) === "LBracket" && --depth === 0) break;
    }
    i--;
  }
  if (at(i) === "StringLit" && at(i - 1) === "Kw_controls") return `the controls block ${tokens[i]!.image}`;
  const word = at(i);
  if (word === "Kw_controls") return "the controls block";
  if (word === "Kw_params") return "the params block";
  if (word === "Kw_layout") return "the layout block";
  if (word === "Kw_network" || word === "Kw_entries") return `the ${tokens[i]!.image} block`;
  if (at(i - 1) === "Kw_network" || at(i - 1) === "Kw_recipe") return `${tokens[i - 1]!.image} '${tokens[i]!.image}'`;
  if (at(i - 1) === "Colon" && tokens[i - 2] !== undefined) return `node '${tokens[i - 2]!.image}'`;
  if (at(i) === "Colon" && tokens[i - 1] !== undefined) return `node '${tokens[i - 1]!.image}'`;
  return "the block";
}
