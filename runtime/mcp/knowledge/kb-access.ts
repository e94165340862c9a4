/**
 * The knowledge base, loaded on first use: listing tools must not read kb/data, only calling a
 * knowledge tool or reading a knowledge resource does.
 */
import type { Operator } from "../../../kb/types.js";

export type Kb = typeof import("../../../kb/index.js");

let pending: Promise<Kb> | undefined;

export function loadKb(): Promise<Kb> {
  pending ??= import("../../../kb/index.js");
  return pending;
}

export type Releases = typeof import("../../../kb/releases.js");

/** Release profiles, with the guide's published builds: loaded apart from the operators. */
export function loadReleases(): Promise<Releases> {
  return import("../../../kb/releases.js");
}

export type OperatorLookup = { found: true; operator: Operator } | { found: false; suggestions: string[] };

/** An operator by type (`noiseTOP`), label with family (`Noise TOP`) or bare label (`noise`). */
export function lookupOperator(kb: Kb, name: string): OperatorLookup {
  const operator = kb.getOperator(name.trim());
  if (operator) return { found: true, operator };
  return { found: false, suggestions: kb.closestOperators(name, 5).map((m) => m.type) };
}

/** "did you mean a, b or c?" or nothing. */
export function didYouMean(suggestions: readonly string[]): string {
  if (suggestions.length === 0) return "";
  if (suggestions.length === 1) return ` Did you mean '${suggestions[0]}'?`;
  const quoted = suggestions.map((s) => `'${s}'`);
  return ` Did you mean ${quoted.slice(0, -1).join(", ")} or ${quoted[quoted.length - 1]}?`;
}

/** Python class names, case-insensitive exact match first; prefix and substring matches as suggestions. */
export function lookupPythonClass(
  kb: Kb,
  name: string,
): { found: true; name: string } | { found: false; suggestions: string[] } {
  const classes = Object.keys(kb.pythonCatalog().classes);
  const wanted = name.trim();
  if (classes.includes(wanted)) return { found: true, name: wanted };
  const lower = wanted.toLowerCase();
  const exact = classes.filter((c) => c.toLowerCase() === lower);
  if (exact.length === 1) return { found: true, name: exact[0]! };
  const near = [
    ...classes.filter((c) => c.toLowerCase().startsWith(lower)),
    ...classes.filter(
      (c) => !c.toLowerCase().startsWith(lower) && lower.length >= 3 && c.toLowerCase().includes(lower),
    ),
  ];
  return { found: false, suggestions: near.slice(0, 5) };
}
