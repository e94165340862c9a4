/**
 * The order the printer sorts names in: numbers inside names compare as numbers, so noise2 comes
 * before noise10. Ties (noise01 and noise1) fall back to plain code-unit order so the order is total.
 * Written without allocation: printing a 10,000-node network sorts a lot of names.
 */
const isDigit = (c: number) => c >= 48 && c <= 57;

export function naturalCompare(a: string, b: string): number {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const ca = a.charCodeAt(i);
    const cb = b.charCodeAt(j);
    if (isDigit(ca) && isDigit(cb)) {
      // Compare the two runs of digits as numbers: ignore leading zeros, then longer is larger.
      let si = i;
      while (si < a.length && a.charCodeAt(si) === 48) si++;
      let sj = j;
      while (sj < b.length && b.charCodeAt(sj) === 48) sj++;
      let ei = si;
      while (ei < a.length && isDigit(a.charCodeAt(ei))) ei++;
      let ej = sj;
      while (ej < b.length && isDigit(b.charCodeAt(ej))) ej++;
      if (ei - si !== ej - sj) return ei - si - (ej - sj);
      for (let k = 0; k < ei - si; k++) {
        const d = a.charCodeAt(si + k) - b.charCodeAt(sj + k);
        if (d !== 0) return d;
      }
      i = ei;
      j = ej;
      continue;
    }
    if (ca !== cb) return ca - cb;
    i++;
    j++;
  }
  const rest = a.length - i - (b.length - j);
  if (rest !== 0) return rest;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Up to this many items, `sortedCopy` sorts by insertion. */
export const INSERTION_SORT_MAX = 12;

/**
 * A sorted copy of `items`. The printer sorts the few parameters and flags of every node: for so few,
 * an insertion sort is several times quicker than `Array.prototype.sort`'s setup. Both are stable,
 * so the order is the same either way.
 */
export function sortedCopy<T>(items: readonly T[], compare: (a: T, b: T) => number): T[] {
  if (items.length > INSERTION_SORT_MAX) return [...items].sort(compare);
  const out = items.slice();
  for (let i = 1; i < out.length; i++) {
    const item = out[i]!;
    let j = i - 1;
    while (j >= 0 && compare(out[j]!, item) > 0) {
      out[j + 1] = out[j]!;
      j--;
    }
    out[j + 1] = item;
  }
  return out;
}
