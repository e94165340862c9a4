/**
 * The svc compiler: `.svcnet` source to a checked, laid-out network and the operations that build it.
 *
 *   parse (grammar) → resolve → check → layout → lower → batches
 *
 * A program with errors produces no operations. See compiler/README.md for the phases, the
 * operation IR and the diagnostics.
 */
import { parse } from "../grammar/parse.js";
import { capDiagnostics, hasErrors, sortDiagnostics, type Diagnostic } from "../diagnostics/index.js";
import { checkProgram } from "./check/check.js";
import { expressionPolicyFromEnv, type ExpressionPolicy } from "./check/python/policy.js";
import { layoutProgram, type LayoutOptions, type LayoutResult } from "./layout/layout.js";
import { batchOperations, type Batch, type BatchOptions } from "./lower/batch.js";
import { lowerProgram } from "./lower/lower.js";
import type { Operation } from "./lower/operations.js";
import type { NetworkModel, ProgramModel } from "./model.js";
import { diskHost, type CompilerHost } from "./resolve/host.js";
import type { ParseFn } from "./resolve/load.js";
import { resolveProgram } from "./resolve/resolve.js";

export type { Operation } from "./lower/operations.js";
export type { Batch } from "./lower/batch.js";
export type { LayoutResult } from "./layout/layout.js";
export type { ProgramModel } from "./model.js";
export { diskHost, memoryHost, type CompilerHost } from "./resolve/host.js";
export type { ParseFn } from "./resolve/load.js";

/** A file on disk (through the host), or a text with the name diagnostics should show. */
export type CompileInput = string | { text: string; file: string };

export interface CompileOptions {
  /** How files are read (default: the disk). */
  host?: CompilerHost;
  /** Where a network is built: a function, or a template with `{network}` (default `/project1/{network}`). */
  rootPath?: string | ((network: string) => string);
  /** Lay nodes out with ELK (default true); false keeps only pinned positions. */
  layout?: boolean | LayoutOptions;
  batch?: BatchOptions;
  /** Store svc's record (node → source line) in each network COMP (default true). */
  metadata?: boolean;
  /**
   * `safe`: expressions and the Python of DATs must be of the bridge's safe subset (as the bridge
   * checks with SVC_BRIDGE_EXPRESSIONS=safe). Default: that same environment variable.
   */
  expressions?: ExpressionPolicy;
  /**
   * How each file is parsed (default: grammar's `parse`). Editors pass a memoizing one so a
   * keystroke re-parses only the file that changed, not its imports.
   */
  parse?: ParseFn;
}

export interface CompileResult {
  program: ProgramModel;
  /** Sorted by file and position, without repeats (a recipe used twice reports its own problems once). */
  diagnostics: Diagnostic[];
  /** Present only when there are no errors. */
  operations?: Operation[];
  batches?: Batch[];
  layout?: LayoutResult;
}

function rootPathOption(option: CompileOptions["rootPath"]): ((network: string) => string) | undefined {
  if (option === undefined) return undefined;
  if (typeof option === "function") return option;
  return (network) => option.replace(/\{network\}/g, network).replace(/\/+$/, "") || "/";
}

/** Without repeats, and at most MAX_DIAGNOSTICS_PER_FILE per file (the rest counted). */
function dedupe(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  const unique = sortDiagnostics(diagnostics.filter((d) => d.code !== "too-many-diagnostics")).filter((d) => {
    const key = `${d.file ?? ""}|${d.range.start.offset}|${d.range.end.offset}|${d.code}|${d.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return capDiagnostics([...unique, ...diagnostics.filter((d) => d.code === "too-many-diagnostics")]);
}

export interface Analysis {
  program: ProgramModel;
  diagnostics: Diagnostic[];
  /** The entry file's recipes that no network uses, each built alone with its defaults (checked, never lowered). */
  unusedRecipes: NetworkModel[];
}

/** Resolve and check only: the model and its diagnostics (what `svc check` and editors need). */
export function analyze(input: CompileInput, options: CompileOptions = {}): Analysis {
  const host = options.host ?? diskHost;
  const entry = typeof input === "string" ? { path: input } : { path: input.file, text: input.text };
  const rootPath = rootPathOption(options.rootPath);
  const resolved = resolveProgram(entry, host, options.parse ?? parse, rootPath === undefined ? {} : { rootPath });
  const diagnostics = [...resolved.diagnostics];
  const policy = options.expressions ?? expressionPolicyFromEnv(process.env);
  if (resolved.program.networks.length > 0) diagnostics.push(...checkProgram(resolved.program, policy));
  if (resolved.unusedRecipes.length > 0) diagnostics.push(...checkProgram({ ...resolved.program, networks: resolved.unusedRecipes }, policy));
  return { program: resolved.program, diagnostics: dedupe(diagnostics), unusedRecipes: resolved.unusedRecipes };
}

/** Everything but layout, synchronously: positions come only from the layout block. */
export function compileSync(input: CompileInput, options: CompileOptions = {}): CompileResult {
  const { program, diagnostics } = analyze(input, options);
  if (hasErrors(diagnostics)) return { program, diagnostics };
  const operations = lowerProgram(program, options.metadata === undefined ? {} : { metadata: options.metadata });
  return { program, diagnostics, operations, batches: batchOperations(operations, options.batch) };
}

/** The whole pipeline, with ELK layout (which may run in a worker thread for large networks). */
export async function compile(input: CompileInput, options: CompileOptions = {}): Promise<CompileResult> {
  const { program, diagnostics } = analyze(input, options);
  if (hasErrors(diagnostics)) return { program, diagnostics };
  const layout = options.layout === false ? undefined : await layoutProgram(program, typeof options.layout === "object" ? options.layout : {});
  const lowerOptions = { ...(layout === undefined ? {} : { layout }), ...(options.metadata === undefined ? {} : { metadata: options.metadata }) };
  const operations = lowerProgram(program, lowerOptions);
  const result: CompileResult = { program, diagnostics, operations, batches: batchOperations(operations, options.batch) };
  if (layout !== undefined) result.layout = layout;
  return result;
}
