/**
 * Turns chevrotain's recognition errors into `unexpected-token` diagnostics in our words: what was
 * found, what the rule expected there, and a hint. Errors that repeat a bracket problem already
 * reported by `checkBrackets` are dropped.
 */
import type { IRecognitionException, IToken } from "chevrotain";
import type { SourceRange } from "../diagnostics/source-range.js";
import type { BracketReport } from "./brackets.js";
import { BuildContext, describeToken, isRealToken, tokenRange } from "./cst-util.js";
import { readErrorInfo } from "./parser-errors.js";
import * as T from "./tokens.js";

/** What a rule expects, in words, when the token list alone would read badly. */
const RULE_EXPECTS: Record<string, string> = {
  value:
    'a value: a number, a string, on/off, a name, (a, b), 1280x720, #rrggbb, = expression, bind, export or file("...")',
  tuple: "a value or ')'",
  endpoint: "a node name",
  rangeAttribute: "a range such as 0..1",
  entriesAttribute: 'menu entries such as (add "Add", multiply)',
  menuEntry: "a menu entry name",
  flags: "a flag (display, render, viewer, bypass, lock, color, tags, comment) or ']'",
  flag: "a flag (display, render, viewer, bypass, lock, color, tags, comment)",
  reference: "an operator name or path",
  bindValue: "the control or parameter to bind to",
  exportValue: "an operator and a channel: export lfo1.chan1",
  fileValue: 'file("path")',
  importStatement: 'the path to import, as a string: import "lib.svcnet"',
  networkDecl: "network name { ... }",
  recipeDecl: "recipe name { ... }",
  labelAttribute: "the label, as a string",
  helpAttribute: "the help text, as a string",
  layoutEntry: "a position (x, y)",
};

const LABELS = new Map(T.allTokens.map((t) => [t.name, (t as { LABEL?: string }).LABEL ?? t.name]));

function expectedText(rule: string, expected: string[]): string {
  if (expected.length === 1) return LABELS.get(expected[0]!) ?? expected[0]!;
  return RULE_EXPECTS[rule] ?? (expected.map((e) => LABELS.get(e) ?? e).join(" or ") || "something else");
}

export function reportParseErrors(
  ctx: BuildContext,
  errors: readonly IRecognitionException[],
  brackets: BracketReport,
  endOfText: SourceRange,
): void {
  const seen = new Set<number>();
  for (const e of errors) {
    const token: IToken = e.token;
    const atEnd = !isRealToken(token) || token.tokenType.name === "EOF";
    if (atEnd && brackets.unclosedAtEnd) continue;
    if (!atEnd && (brackets.strayClosers.has(token) || brackets.interrupting.has(token))) continue;
    const range = atEnd ? endOfText : tokenRange(token);
    if (seen.has(range.start.offset)) continue;
    seen.add(range.start.offset);
    const info = readErrorInfo(e.message);
    const expectsCloser = info.expected.includes("RBracket") || info.expected.includes("RParen");
    if (expectsCloser && brackets.unclosedParenOrBracket) continue;
    const expected =
      RULE_EXPECTS[info.rule] !== undefined && info.kind !== "mismatch"
        ? RULE_EXPECTS[info.rule]!
        : expectedText(info.rule, info.expected);
    const found = atEnd ? "end of file" : describeToken(token);
    ctx.report("unexpected-token", range, { found, expected }, helpFor(info.rule, info.expected, token, atEnd));
  }
}

function helpFor(rule: string, expected: string[], token: IToken, atEnd: boolean): string[] {
  if (expected.includes("RBracket") && rule === "flags")
    return ["flags are separated by commas: [display, color: #ff8800]"];
  if (expected.includes("RParen") && rule === "tuple") return ["tuple items are separated by commas: (1280, 720)"];
  if (rule === "value" && token.tokenType.name === "Equals")
    return ["a Python expression follows ':' directly: rotate: = absTime.seconds"];
  if (rule === "endpoint" && expected.includes("RBracket")) return ["a connector index is one whole number: comp1[1]"];
  if (rule === "exportValue") return ["export names a CHOP and one of its channels: export lfo1.chan1"];
  if (rule === "bindValue") return ["bind names a control (bind Gain) or an operator's parameter (bind lfo1.Speed)"];
  if (rule === "fileValue") return ['write the path in double quotes: file("shaders/tunnel.glsl")'];
  if (expected.includes("Colon")) return ["a name and its value or type are separated by ':'"];
  if (atEnd) return ["the file ends in the middle of a statement"];
  return ["look just before it for a missing or extra word, bracket or ','"];
}
