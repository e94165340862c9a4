/**
 * `checkFiles`: the checks `svc check` runs on each file: reading (UTF-8), parsing, then (when the
 * file parses) the compiler's resolve and check phases against the knowledge base. The command,
 * its output and its exit code stay the same whatever is checked.
 */
import { isAbsolute, relative } from "node:path";
import { analyze } from "../../compiler/index.js";
import { sortDiagnostics, type Diagnostic } from "../../diagnostics/index.js";
import { diskHost, type CompilerHost } from "../../compiler/resolve/host.js";
import type { Program } from "../../grammar/ast.js";
import { readSource } from "./read-source.js";

export interface CheckedFile {
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
}

export function checkFiles(paths: readonly string[], options: CheckOptions = {}): CheckReport {
  const host = options.host ?? diskHost;
  const files: CheckedFile[] = paths.map((path) => {
    const source = readSource(path, options);
    const { fullPath, text, ast } = source;
    if (text === undefined || ast === undefined) return { path, diagnostics: source.diagnostics };
    if (source.diagnostics.some((d) => d.severity === "error")) return { path, text, ast, diagnostics: source.diagnostics };
    return { path, text, ast, ...semanticCheck(path, fullPath, text, host, options.cwd) };
  });
  sayOnce(files, "glsl-validator-unavailable");
  return { files, diagnostics: sortDiagnostics(files.flatMap((f) => f.diagnostics)) };
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
function semanticCheck(path: string, fullPath: string, text: string, host: CompilerHost, cwd: string | undefined): Pick<CheckedFile, "diagnostics" | "imported"> {
  const display = (file: string) => (file === fullPath ? path : isAbsolute(file) ? relative(cwd ?? process.cwd(), file) : file);
  const { program, diagnostics } = analyze({ text, file: fullPath }, { host });
  const imported = new Map<string, string>();
  for (const [file, source] of program.sources) if (file !== fullPath) imported.set(display(file), source);
  return { diagnostics: diagnostics.map((d) => (d.file === undefined ? d : { ...d, file: display(d.file) })), imported };
}
