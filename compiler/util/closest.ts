/**
 * "Did you mean" for names the compiler owns (nodes, controls, recipe parameters). Operator types
 * and parameters ask the knowledge base, which knows labels and synonyms too.
 */
import { editDistanceIgnoringCase } from "../../diagnostics/edit-distance.js";

/**
 * Candidates measured per call. A name unknown in a network of 20,000 nodes, once per node, would
 * otherwise cost 400 million distances: beyond this many the search stops, so that checking stays
 * linear in the size of the program (a suggestion may then be missed in such a huge network).
 */
const MAX_CANDIDATES_MEASURED = 2000;

/** Up to `limit` candidates close to `name`, nearest first (ties by name); far-off ones are left out. */
export function closestNames(name: string, candidates: Iterable<string>, limit = 3): string[] {
  const budget = Math.max(1, Math.floor(name.length / 3));
  const lower = name.toLowerCase();
  const scored: [string, number][] = [];
  let measured = 0;
  const seen = new Set<string>();
  for (const c of candidates) {
    if (c === name || seen.has(c)) continue;
    seen.add(c);
    const prefix =
      (c.toLowerCase().startsWith(lower) || lower.startsWith(c.toLowerCase())) && Math.min(name.length, c.length) >= 3;
    if (!prefix && Math.abs(c.length - name.length) > budget) continue; // too far apart by length alone
    if (++measured > MAX_CANDIDATES_MEASURED) break;
    const distance = editDistanceIgnoringCase(name, c);
    if (distance <= budget || prefix) scored.push([c, distance]);
  }
  scored.sort((x, y) => x[1] - y[1] || (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0));
  return scored.slice(0, limit).map(([c]) => c);
}

/** "did you mean 'a' or 'b'?", or nothing when there is no close name. */
export function didYouMean(names: readonly string[]): string[] {
  if (names.length === 0) return [];
  const quoted = names.map((n) => `'${n}'`);
  const list = quoted.length === 1 ? quoted[0]! : `${quoted.slice(0, -1).join(", ")} or ${quoted[quoted.length - 1]!}`;
  return [`did you mean ${list}?`];
}
