/** "Did you mean" for the language's own fixed word lists (flags, declaration types). */
import { editDistanceIgnoringCase } from "../diagnostics/edit-distance.js";

/** The closest word within a third of the length (at least one edit), or undefined. */
export function closestWord(word: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.max(1, Math.floor(word.length / 3)) + 1;
  for (const c of candidates) {
    const d = editDistanceIgnoringCase(word, c);
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  return best;
}

export function didYouMeanHelp(word: string, candidates: readonly string[]): string[] {
  const close = closestWord(word, candidates);
  return close === undefined ? [] : [`did you mean '${close}'?`];
}
