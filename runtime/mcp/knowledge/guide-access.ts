/** The guidance content (kb/guide), loaded on the first read of a guidance resource, never at listing. */
export type Guide = typeof import("../../../kb/guide/index.js");

let pending: Promise<Guide> | undefined;

export function loadGuide(): Promise<Guide> {
  pending ??= import("../../../kb/guide/index.js");
  return pending;
}

/** The closest names to a misspelt one: shared prefix first, then substring. */
export function nearNames(names: readonly string[], wanted: string, n = 5): string[] {
  const lower = wanted.toLowerCase();
  const stem = lower.slice(0, 4);
  return [
    ...names.filter((x) => stem && x.startsWith(stem)),
    ...names.filter(
      (x) => !(stem && x.startsWith(stem)) && (x.includes(lower) || (lower.length >= 3 && lower.includes(x))),
    ),
  ].slice(0, n);
}
