/** `sortedCopy` gives what a stable `Array.prototype.sort` gives, below and above its insertion-sort size. */
import { describe, expect, it } from "vitest";
import { INSERTION_SORT_MAX, naturalCompare, sortedCopy } from "../../grammar/natural-order.js";

describe("sortedCopy", () => {
  it("orders like a stable sort, ties kept in input order, and leaves its input alone", () => {
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
    for (let size = 0; size <= INSERTION_SORT_MAX * 3; size++) {
      // Names that tie on purpose (n1 and n01 compare apart; equal names tie): `at` tells ties apart.
      const items = Array.from({ length: size }, (_, at) => ({
        name: `n${next() % 5}${next() % 2 === 0 ? "" : "0"}`,
        at,
      }));
      const before = items.map((i) => ({ ...i }));
      const compare = (a: { name: string }, b: { name: string }) =>
        naturalCompare(a.name, b.name) || a.name.length - b.name.length;
      const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
      expect(sortedCopy(items, compare)).toEqual([...items].sort(compare));
      expect(sortedCopy(items, byName)).toEqual([...items].sort(byName));
      expect(items).toEqual(before);
    }
  });
});
