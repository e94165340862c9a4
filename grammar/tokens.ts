/**
 * Token types of `.svcnet`. The text is scanned by the hand-written lexer in `lexer.ts` (the rules
 * are context sensitive: `#` is a colour or a comment, `=` after ':' starts a Python expression),
 * so these types carry no patterns; they are the parser's vocabulary.
 */
import type { TokenType } from "chevrotain";
import { Lexer, createToken } from "./chevrotain-runtime.js";

/** Every token belongs to this category, so the parser can skip any stray token in recovery. */
export const AnyToken = createToken({ name: "AnyToken", pattern: Lexer.NA });

function token(name: string, label: string, categories: TokenType[] = []): TokenType {
  return createToken({ name, label, pattern: Lexer.NA, categories: [AnyToken, ...categories] });
}

export const Identifier = token("Identifier", "a name");

/** Words with a meaning in some places; everywhere else they are ordinary names. */
function keyword(word: string): TokenType {
  return createToken({ name: `Kw_${word}`, label: `'${word}'`, pattern: Lexer.NA, categories: [AnyToken, Identifier] });
}

export const Svcnet = keyword("svcnet");
export const Import = keyword("import");
export const Network = keyword("network");
export const Recipe = keyword("recipe");
export const Controls = keyword("controls");
export const Params = keyword("params");
export const Layout = keyword("layout");
export const Bind = keyword("bind");
export const Export = keyword("export");
export const File = keyword("file");
export const Range = keyword("range");
export const Clamp = keyword("clamp");
export const Label = keyword("label");
export const Entries = keyword("entries");
export const Help = keyword("help");

export const KEYWORDS: ReadonlyMap<string, TokenType> = new Map([
  ["svcnet", Svcnet],
  ["import", Import],
  ["network", Network],
  ["recipe", Recipe],
  ["controls", Controls],
  ["params", Params],
  ["layout", Layout],
  ["bind", Bind],
  ["export", Export],
  ["file", File],
  ["range", Range],
  ["clamp", Clamp],
  ["label", Label],
  ["entries", Entries],
  ["help", Help],
]);

/** `3`, `-0.5`, `1e-3`; payload: the number. */
export const NumberLit = token("NumberLit", "a number");
/** `1280x720`; payload: the numbers. */
export const Dimensions = token("Dimensions", "a size such as 1280x720");
/** `"text"`; payload: the decoded string. */
export const StringLit = token("StringLit", "a string");
/** A ``` text block; payload: { text, language }. */
export const TextBlock = token("TextBlock", "a ``` text block");
/** `#ff8800`; payload: the lowercase hex digits. */
export const ColorLit = token("ColorLit", "a colour such as #ff8800");
/** `= python`; payload: the Python text. */
export const Expression = token("Expression", "a Python expression (= ...)");
/** `../level1`, `/project1/out1`, `comp1/out1`. */
export const OpPath = token("OpPath", "an operator path");
/** `$gain`; payload: the name. */
export const Variable = token("Variable", "a recipe parameter ($name)");

export const LBrace = token("LBrace", "'{'");
export const RBrace = token("RBrace", "'}'");
export const LBracket = token("LBracket", "'['");
export const RBracket = token("RBracket", "']'");
export const LParen = token("LParen", "'('");
export const RParen = token("RParen", "')'");
export const Colon = token("Colon", "':'");
export const Comma = token("Comma", "','");
export const Arrow = token("Arrow", "'->'");
export const Equals = token("Equals", "'='");
export const DotDot = token("DotDot", "'..'");
export const Dot = token("Dot", "'.'");

/** The parser's vocabulary; the order only matters for chevrotain's bookkeeping. */
export const allTokens: TokenType[] = [
  AnyToken,
  Identifier,
  ...KEYWORDS.values(),
  NumberLit,
  Dimensions,
  StringLit,
  TextBlock,
  ColorLit,
  Expression,
  OpPath,
  Variable,
  LBrace,
  RBrace,
  LBracket,
  RBracket,
  LParen,
  RParen,
  Colon,
  Comma,
  Arrow,
  Equals,
  DotDot,
  Dot,
];
