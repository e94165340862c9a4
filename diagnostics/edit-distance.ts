/**
 * The one edit distance of svc, for every "did you mean" (language words, names, operator types and
 * parameters): insertions, deletions, substitutions and swaps of two neighbouring letters cost 1
 * (optimal string alignment), so "flaot" is one edit from "float". Case-sensitive: callers that ignore
 * case lower-case both sides first.
 */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  if (!a.length) return b.length;
  if (!b.length) return a.length;
  // Three rolling rows: the swap rule looks two rows back.
  let prev2 = new Array<number>(b.length + 1).fill(0);
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  let cur = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2]! + 1);
      cur[j] = d;
    }
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[b.length]!;
}

/** The edit distance with case ignored ("Float" and "float" are equal). */
export function editDistanceIgnoringCase(a: string, b: string): number {
  return editDistance(a.toLowerCase(), b.toLowerCase());
}
