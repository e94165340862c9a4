/**
 * A bound on how many diagnostics one file reports: a machine-made or mangled file can hold a
 * problem on every character, and a list of 100,000 of them helps nobody and floods every client.
 */
import { diagnostic, sortDiagnostics, type Diagnostic } from "./diagnostic.js";
import { NO_RANGE } from "./source-range.js";

/** Diagnostics kept per file; the rest are counted in one `too-many-diagnostics`. */
export const MAX_DIAGNOSTICS_PER_FILE = 100;

/**
 * Sorted diagnostics, at most `limit` per file (errors first, so the cap never hides the only
 * error behind warnings), then one `too-many-diagnostics` per file that had more, saying how many.
 */
export function capDiagnostics(diagnostics: readonly Diagnostic[], limit = MAX_DIAGNOSTICS_PER_FILE): Diagnostic[] {
  const byFile = new Map<string, Diagnostic[]>();
  // Capping capped lists again (parse, then analyze) adds up what each left out, in one count.
  const hiddenBefore = new Map<string, number>();
  for (const d of diagnostics) {
    if (d.code === "too-many-diagnostics") {
      const rest = Number(/^(\d+) more/.exec(d.message)?.[1] ?? 0);
      hiddenBefore.set(d.file ?? "", (hiddenBefore.get(d.file ?? "") ?? 0) + rest);
      continue;
    }
    const key = d.file ?? "";
    const list = byFile.get(key);
    if (list === undefined) byFile.set(key, [d]);
    else list.push(d);
  }
  if (hiddenBefore.size === 0 && [...byFile.values()].every((list) => list.length <= limit))
    return sortDiagnostics(diagnostics);
  const kept: Diagnostic[] = [];
  for (const [file, list] of byFile) {
    const hidden = (hiddenBefore.get(file) ?? 0) + Math.max(0, list.length - limit);
    const rank = (d: Diagnostic) => (d.severity === "error" ? 0 : d.severity === "warning" ? 1 : 2);
    const chosen =
      list.length <= limit
        ? list
        : sortDiagnostics(list)
            .sort((a, b) => rank(a) - rank(b))
            .slice(0, limit);
    kept.push(...chosen);
    if (hidden === 0) continue;
    const last = sortDiagnostics(chosen).at(-1);
    const extras = file === "" ? {} : { file };
    kept.push(
      diagnostic(
        "too-many-diagnostics",
        last?.range ?? NO_RANGE,
        { shown: chosen.length, rest: hidden },
        {
          ...extras,
          help: ["fix the first problems and check again: most of the rest usually follow from them"],
        },
      ),
    );
  }
  return sortDiagnostics(kept);
}
