/**
 * The svc compiler: `.svcnet` source to a checked, laid-out network and the operations that build it.
 *
 *   parse (grammar) → resolve → check → layout → lower → batches
 *
 * A program with errors produces no operations. See compiler/README.md for the phases, the
 * operation IR and the diagnostics.
 */
// The synchronous entry points below check Python: load its grammar before anything runs.
import "./check/python/python-grammar-ready.js";
import { hasErrors, type Diagnostic } from "../diagnostics/index.js";
import { analyze, checkResolved, resolveForCheck, type CompileInput, type CompileOptions } from "./analyze.js";
import { layoutProgram, type LayoutResult } from "./layout/layout.js";
import { hostStartingLayout } from "./layout/layout-ahead.js";
import { diskHost } from "./resolve/host.js";
import { batchOperations, type Batch } from "./lower/batch.js";
import { lowerAwaitingLayout, lowerProgram } from "./lower/lower.js";
import type { Operation } from "./lower/operations.js";
import type { ProgramModel } from "./model.js";

export type { Operation } from "./lower/operations.js";
export type { Batch } from "./lower/batch.js";
export type { LayoutResult } from "./layout/layout.js";
export type { ProgramModel } from "./model.js";
export { diskHost, memoryHost, type CompilerHost } from "./resolve/host.js";
export type { ParseFn } from "./resolve/load.js";
export { analyze, analyzeLoadingPython, type Analysis, type CompileInput, type CompileOptions } from "./analyze.js";

export interface CompileResult {
  program: ProgramModel;
  /** Sorted by file and position, without repeats (a recipe used twice reports its own problems once). */
  diagnostics: Diagnostic[];
  /** Present only when there are no errors. */
  operations?: Operation[];
  batches?: Batch[];
  layout?: LayoutResult;
}

/** Everything but layout, synchronously: positions come only from the layout block. */
export function compileSync(input: CompileInput, options: CompileOptions = {}): CompileResult {
  const { program, diagnostics } = analyze(input, options);
  if (hasErrors(diagnostics)) return { program, diagnostics };
  const operations = lowerProgram(program, options.metadata === undefined ? {} : { metadata: options.metadata });
  return { program, diagnostics, operations, batches: batchOperations(operations, options.batch) };
}

/**
 * The whole pipeline, with ELK layout (which may run in worker threads for large networks). The
 * levels are sent to ELK as soon as the program is resolved, and this thread checks and lowers it
 * meanwhile: for a large program, laying out takes longer than the rest.
 */
export async function compile(input: CompileInput, options: CompileOptions = {}): Promise<CompileResult> {
  const metadata = options.metadata === undefined ? {} : { metadata: options.metadata };
  if (options.layout === false) {
    const { program, diagnostics } = analyze(input, options);
    if (hasErrors(diagnostics)) return { program, diagnostics };
    const operations = lowerProgram(program, metadata);
    return { program, diagnostics, operations, batches: batchOperations(operations, options.batch) };
  }
  const layoutOptions = typeof options.layout === "object" ? options.layout : {};
  // A large program's layout workers start loading ELK while this thread parses.
  const host = hostStartingLayout(
    options.host ?? diskHost,
    typeof input === "string" ? undefined : input.text,
    layoutOptions.workerThreshold,
  );
  const resolved = resolveForCheck(input, { ...options, host });
  const abandon = new AbortController();
  const laying = hasErrors(resolved.resolved.diagnostics)
    ? undefined
    : layoutProgram(resolved.resolved.program, layoutOptions, abandon.signal);
  laying?.catch(() => undefined); // abandoned when the check finds errors, or anything below throws
  try {
    const { program, diagnostics } = checkResolved(resolved);
    if (laying === undefined || hasErrors(diagnostics)) return { program, diagnostics };
    const lowered = lowerAwaitingLayout(program, metadata);
    const layout = await laying;
    const operations = lowered.place(layout);
    return { program, diagnostics, operations, batches: batchOperations(operations, options.batch), layout };
  } finally {
    // Drops this program's levels still waiting for a worker; once all are laid out, nothing is left to drop.
    abandon.abort();
  }
}
