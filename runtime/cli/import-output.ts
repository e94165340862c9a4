/**
 * What the importers (`svc import-recipe`, `svc import-tdn`) share: writing a converted file so an
 * interrupted run never leaves half of it, and the report of a run (text or --json) with its exit
 * code: 0 every file written whole, 1 a file had errors or was not written, 3 every file written
 * with something left out.
 */
import { writeFileAtomicSync } from "../atomic-write.js";
import { renderTextAll, toJson, type Diagnostic } from "../../diagnostics/index.js";
import type { CommandIO } from "./command.js";

export function writeAtomically(path: string, text: string): void {
  writeFileAtomicSync(path, text, { makeFolder: true });
}

export interface ImportOutcome {
  file: string;
  /** The converted file's name (recipe or network), once known. */
  name?: string;
  /** The file written, as shown; undefined when nothing was written. */
  written?: string;
  /** Why a file without errors was still not written. */
  skipped?: string;
  leftOut: number;
  diagnostics: Diagnostic[];
  sources: ReadonlyMap<string, string>;
}

export interface ImportWords {
  program: string;
  /** The JSON key of `name`: "recipe" or "network". */
  nameKey: string;
  /** "assignment", "part of the file": what was left out, singular. */
  leftOutWhat: (n: number) => string;
}

export function finishImport(
  outcomes: readonly ImportOutcome[],
  io: CommandIO,
  json: boolean,
  words: ImportWords,
): number {
  const diagnostics = outcomes.flatMap((o) => o.diagnostics);
  const failed = outcomes.some((o) => o.written === undefined);
  const leftOut = outcomes.reduce((n, o) => n + (o.written !== undefined ? o.leftOut : 0), 0);
  const code = failed ? 1 : leftOut > 0 ? 3 : 0;
  if (json) {
    const files = outcomes.map((o) => ({
      file: o.file,
      [words.nameKey]: o.name ?? null,
      written: o.written ?? null,
      leftOut: o.leftOut,
      ...(o.skipped ? { skipped: o.skipped } : {}),
      diagnostics: o.diagnostics.map(toJson),
    }));
    const count = (s: string) => diagnostics.filter((d) => d.severity === s).length;
    io.stdout(JSON.stringify({ files, errors: count("error"), warnings: count("warning"), leftOut }, null, 2) + "\n");
    return code;
  }
  if (diagnostics.length > 0) {
    const sources = new Map(outcomes.flatMap((o) => [...o.sources]));
    io.stderr(renderTextAll(diagnostics, sources, io.isTTY) + "\n");
  }
  for (const o of outcomes) {
    if (o.written)
      io.stdout(
        `wrote ${o.written} (${words.nameKey} ${o.name})${o.leftOut > 0 ? `, ${o.leftOut} ${words.leftOutWhat(o.leftOut)} left out` : ""}\n`,
      );
    else if (o.skipped) io.stderr(`${words.program}: ${o.file}: not written: ${o.skipped}\n`);
    else io.stderr(`${words.program}: ${o.file}: not written because of the errors above\n`);
  }
  return code;
}
