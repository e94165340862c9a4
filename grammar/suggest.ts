/** "Did you mean" for the language's own fixed word lists (flags, declaration types). */

function distance(a: string, b: string): number {
  const s = a.toLowerCase();
  const t = b.toLowerCase();
  let previous = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i++) {
    const current = [i];
    for (let j = 1; j <= t.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (s[i - 1] === t[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[t.length]!;
}

/** The closest word within a third of the length (at least one edit), or undefined. */
export function closestWord(word: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.max(1, Math.floor(word.length / 3)) + 1;
  for (const c of candidates) {
    const d = distance(word, c);
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
