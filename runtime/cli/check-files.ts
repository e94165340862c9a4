/**
 * `checkFiles`: the checks `svc check` runs on each file: reading (UTF-8), parsing, then (when the
 * file parses) the compiler's resolve and check phases against the knowledge base. The command,
 * its output and its exit code stay the same whatever is checked.
 */
import { isAbsolute, relative } from "node:path";
import { checkResolved, resolveForCheck, type ResolvedForCheck } from "../../compiler/analyze.js";
import { loadPythonGrammar } from "../../compiler/check/python/tree-sitter.js";
import type { ExpressionPolicy } from "../../compiler/check/python/policy.js";
import { sortDiagnostics, type Diagnostic } from "../../diagnostics/index.js";
import { diskHost, type CompilerHost } from "../../compiler/resolve/host.js";
import type { Program } from "../../grammar/ast.js";
import { readSource } from "./read-source.js";

interface CheckedFile {
  /** The path as given (diagnostics use it as their `file`). */
  path: string;
  /** The text, when the file could be read (for code frames). */
  text?: string;
  ast?: Program;
  diagnostics: Diagnostic[];
  /** Texts of the files it imports (and reads with file()), by the name their diagnostics carry. */
  imported?: Map<string, string>;
}

export interface CheckReport {
  files: CheckedFile[];
  /** Every file's diagnostics, sorted by file and position. */
  diagnostics: Diagnostic[];
}

export interface CheckOptions {
  /** Folder relative paths are read from (default: the process's). */
  cwd?: string;
  host?: CompilerHost;
  /** `safe`: Python must be what the bridge admits under SVC_BRIDGE_EXPRESSIONS=safe (default: that variable). */
  expressions?: ExpressionPolicy;
}

/** A file read, parsed and resolved, before its check: done when reading or parsing failed. */
type Stage =
  { done: CheckedFile } | { path: string; fullPath: string; text: string; ast: Program; ready: ResolvedForCheck };

function readAndResolve(path: string, options: CheckOptions, host: CompilerHost): Stage {
  const source = readSource(path, options);
  const { fullPath, text, ast } = source;
  if (text === undefined || ast === undefined) return { done: { path, diagnostics: source.diagnostics } };
  if (source.diagnostics.some((d) => d.severity === "error"))
    return { done: { path, text, ast, diagnostics: source.diagnostics } };
  return {
    path,
    fullPath,
    text,
    ast,
    ready: resolveForCheck(
      { text, file: fullPath },
      { host, ...(options.expressions === undefined ? {} : { expressions: options.expressions }) },
    ),
  };
}

function finish(stages: readonly Stage[], options: CheckOptions): CheckReport {
  const files = stages.map((s) =>
    "done" in s
      ? s.done
      : { path: s.path, text: s.text, ast: s.ast, ...semanticCheck(s.path, s.fullPath, s.ready, options.cwd) },
  );
  sayOnce(files, "glsl-validator-unavailable");
  return { files, diagnostics: sortDiagnostics(files.flatMap((f) => f.diagnostics)) };
}

/** The report, synchronously: Python's grammar must already be loaded if a file needs it. */
export function checkFiles(paths: readonly string[], options: CheckOptions = {}): CheckReport {
  const host = options.host ?? diskHost;
  return finish(
    paths.map((path) => readAndResolve(path, options, host)),
    options,
  );
}

/** The report, loading Python's grammar first only when a file has Python it must parse. */
export async function checkFilesLoadingPython(
  paths: readonly string[],
  options: CheckOptions = {},
): Promise<CheckReport> {
  const host = options.host ?? diskHost;
  const stages = paths.map((path) => readAndResolve(path, options, host));
  if (stages.some((s) => "ready" in s && s.ready.needsPythonGrammar)) await loadPythonGrammar();
  return finish(stages, options);
}

/** A notice about the machine (a missing GLSL validator), not about a file: keep its first report only. */
function sayOnce(files: CheckedFile[], code: Diagnostic["code"]): void {
  let said = false;
  for (const f of files) {
    f.diagnostics = f.diagnostics.filter((d) => {
      if (d.code !== code) return true;
      if (said) return false;
      said = true;
      return true;
    });
  }
}

/**
 * Resolve and check (the compiler's analysis). Diagnostics name the checked file as given and the
 * files it imports relative to the working folder, as people typed them.
 */
function semanticCheck(
  path: string,
  fullPath: string,
  ready: ResolvedForCheck,
  cwd: string | undefined,
): Pick<CheckedFile, "diagnostics" | "imported"> {
  const display = (file: string) =>
    file === fullPath ? path : isAbsolute(file) ? relative(cwd ?? process.cwd(), file) : file;
  const { program, diagnostics } = checkResolved(ready);
  const imported = new Map<string, string>();
  for (const [file, source] of program.sources) if (file !== fullPath) imported.set(display(file), source);
  return {
    diagnostics: diagnostics.map((d) => (d.file === undefined ? d : { ...d, file: display(d.file) })),
    imported,
  };
}
