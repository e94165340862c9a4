/**
 * The compiler's analysis (resolve, then check) without layout or lowering, and without loading
 * Python's grammar until a program needs it: what `svc check` imports (compiler/index.ts is the
 * whole compiler and loads the grammar up front).
 */
import { parse } from "../grammar/parse.js";
import { capDiagnostics, sortDiagnostics, type Diagnostic } from "../diagnostics/index.js";
import { checkProgram, programNeedsPythonGrammar } from "./check/check.js";
import { expressionPolicyFromEnv, type ExpressionPolicy } from "./check/python/policy.js";
import { loadPythonGrammar } from "./check/python/tree-sitter.js";
import type { LayoutOptions } from "./layout/layout.js";
import type { BatchOptions } from "./lower/batch.js";
import type { NetworkModel, ProgramModel } from "./model.js";
import { diskHost, type CompilerHost } from "./resolve/host.js";
import type { ParseFn } from "./resolve/load.js";
import { resolveProgram } from "./resolve/resolve.js";

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

/** A program resolved and ready to check: what the check needs and whether it needs Python's grammar. */
export interface ResolvedForCheck {
  resolved: ReturnType<typeof resolveProgram>;
  policy: ExpressionPolicy;
  needsPythonGrammar: boolean;
}

/** Resolve, and find out whether the check will parse Python (which must then be loaded). */
export function resolveForCheck(input: CompileInput, options: CompileOptions = {}): ResolvedForCheck {
  const host = options.host ?? diskHost;
  const entry = typeof input === "string" ? { path: input } : { path: input.file, text: input.text };
  const rootPath = rootPathOption(options.rootPath);
  const resolved = resolveProgram(entry, host, options.parse ?? parse, rootPath === undefined ? {} : { rootPath });
  const policy = options.expressions ?? expressionPolicyFromEnv(process.env);
  const needsPythonGrammar =
    programNeedsPythonGrammar(resolved.program, policy) ||
    (resolved.unusedRecipes.length > 0 &&
      programNeedsPythonGrammar({ ...resolved.program, networks: resolved.unusedRecipes }, policy));
  return { resolved, policy, needsPythonGrammar };
}

/** The check of a resolved program; Python's grammar must be loaded when `needsPythonGrammar`. */
export function checkResolved({ resolved, policy }: ResolvedForCheck): Analysis {
  const diagnostics = [...resolved.diagnostics];
  if (resolved.program.networks.length > 0) diagnostics.push(...checkProgram(resolved.program, policy));
  if (resolved.unusedRecipes.length > 0)
    diagnostics.push(...checkProgram({ ...resolved.program, networks: resolved.unusedRecipes }, policy));
  return { program: resolved.program, diagnostics: dedupe(diagnostics), unusedRecipes: resolved.unusedRecipes };
}

/**
 * Resolve and check only: the model and its diagnostics (what `svc check` and editors need).
 * Python's grammar must be loaded when the program has Python to parse: importing the compiler's
 * entry point (compiler/index.ts) loads it; `analyzeLoadingPython` loads it only when needed.
 */
export function analyze(input: CompileInput, options: CompileOptions = {}): Analysis {
  return checkResolved(resolveForCheck(input, options));
}

/** `analyze`, loading Python's grammar first when this program needs it. */
export async function analyzeLoadingPython(input: CompileInput, options: CompileOptions = {}): Promise<Analysis> {
  const ready = resolveForCheck(input, options);
  if (ready.needsPythonGrammar) await loadPythonGrammar();
  return checkResolved(ready);
}
