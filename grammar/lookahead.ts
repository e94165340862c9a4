/**
 * How the parser picks an alternative of an `OR` whose alternatives have gates. chevrotain's own
 * function first copies every alternative's gate into a new array, on every call: about 85,000
 * short-lived arrays for a 10,000-node file. This one reads the gates where they are; the choice is
 * the same (the first alternative whose gate passes and whose lookahead paths match the next tokens).
 * `OR`s without gates and optional parts keep chevrotain's functions.
 */
import type { IOrAlt, IToken, TokenType } from "chevrotain";
import { LLkLookaheadStrategy, getLookaheadPaths, tokenMatcher } from "./chevrotain-runtime.js";

type AlternationOptions = Parameters<LLkLookaheadStrategy["buildLookaheadForAlternation"]>[0];
/** The parser as the lookahead function sees it (`LA_FAST` is chevrotain's unchecked `LA`). */
interface Lookahead {
  LA_FAST(howMuch: number): IToken;
}

export class GatedAlternativesLookahead extends LLkLookaheadStrategy {
  override buildLookaheadForAlternation(
    options: AlternationOptions,
  ): (orAlts?: IOrAlt<unknown>[]) => number | undefined {
    if (!options.hasPredicates) return super.buildLookaheadForAlternation(options);
    const alts: TokenType[][][] = getLookaheadPaths({
      occurrence: options.prodOccurrence,
      rule: options.rule,
      prodType: "Alternation",
      maxLookahead: options.maxLookahead,
    });
    const count = alts.length;
    return function chooseGatedAlternative(this: Lookahead, orAlts?: IOrAlt<unknown>[]): number | undefined {
      for (let t = 0; t < count; t++) {
        const gate = (orAlts![t] as { GATE?: () => boolean }).GATE;
        if (gate !== undefined && gate.call(this) === false) continue;
        const paths = alts[t]!;
        nextPath: for (let j = 0; j < paths.length; j++) {
          const path = paths[j]!;
          for (let i = 0; i < path.length; i++) {
            if (!tokenMatcher(this.LA_FAST(i + 1), path[i]!)) continue nextPath;
          }
          return t;
        }
      }
      return undefined;
    };
  }
}
