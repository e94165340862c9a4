/**
 * Chevrotain builds an error message string when parsing fails. We make that string a small JSON
 * record (what was expected, in which rule) so `parse-diagnostics.ts` can turn it into a
 * diagnostic with our own words, instead of parsing English text back.
 */
import type { IParserErrorMessageProvider, TokenType } from "chevrotain";

export interface ParserErrorInfo {
  kind: "mismatch" | "no-alternative" | "early-exit" | "redundant";
  rule: string;
  /** Names of the token types that would have been accepted (first token of each path). */
  expected: string[];
}

const firstNames = (paths: TokenType[][]): string[] => [
  ...new Set(paths.map((p) => p[0]?.name).filter((n): n is string => n !== undefined)),
];

export const parserErrorMessages: IParserErrorMessageProvider = {
  buildMismatchTokenMessage: ({ expected, ruleName }) =>
    JSON.stringify({ kind: "mismatch", rule: ruleName, expected: [expected.name] } satisfies ParserErrorInfo),
  buildNotAllInputParsedMessage: ({ ruleName }) =>
    JSON.stringify({ kind: "redundant", rule: ruleName, expected: [] } satisfies ParserErrorInfo),
  buildNoViableAltMessage: ({ expectedPathsPerAlt, ruleName }) =>
    JSON.stringify({
      kind: "no-alternative",
      rule: ruleName,
      expected: firstNames(expectedPathsPerAlt.flat()),
    } satisfies ParserErrorInfo),
  buildEarlyExitMessage: ({ expectedIterationPaths, ruleName }) =>
    JSON.stringify({
      kind: "early-exit",
      rule: ruleName,
      expected: firstNames(expectedIterationPaths),
    } satisfies ParserErrorInfo),
};

export function readErrorInfo(message: string): ParserErrorInfo {
  try {
    const info = JSON.parse(message) as ParserErrorInfo;
    if (typeof info.kind === "string" && Array.isArray(info.expected)) return info;
  } catch {
    // a message chevrotain built on its own: fall through
  }
  return { kind: "no-alternative", rule: "", expected: [] };
}
