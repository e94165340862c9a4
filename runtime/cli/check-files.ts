/**
 * `checkFiles`: the checks `svc check` runs on each file: reading (UTF-8), parsing, then (when the
 * file parses) the compiler's resolve and check phases against the knowledge base. The command,
 * its output and its exit code stay the same whatever is checked.
 */
import { readFileSync } from "node:fs";
import { isAbsolute, relative, resolve } from "node:path";
import { analyze } from "../../compiler/index.js";
import { diagnostic, sortDiagnostics, type Diagnostic } from "../../compiler/diagnostics/index.js";
import { NO_RANGE, positionAt, type SourceRange } from "../../compiler/diagnostics/source-range.js";
import { diskHost, type CompilerHost } from "../../compiler/resolve/host.js";
import { readProblem } from "../../compiler/resolve/load.js";
import type { Program } from "../../grammar/ast.js";
import { parse } from "../../grammar/parse.js";

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
    const fullPath = options.cwd === undefined ? path : resolve(options.cwd, path);
    const read = host.readFile(fullPath);
    if (!read.ok && read.reason === "invalid-utf8") return { path, diagnostics: [invalidUtf8(fullPath, path, read.offset)] };
    if (!read.ok) return { path, diagnostics: [readProblem(read, path, NO_RANGE, path)] };
    const parsed = parse(read.text, path);
    if (parsed.diagnostics.some((d) => d.severity === "error")) return { path, text: read.text, ast: parsed.ast, diagnostics: parsed.diagnostics };
    return { path, text: read.text, ast: parsed.ast, ...semanticCheck(path, fullPath, read.text, host, options.cwd) };
  });
  return { files, diagnostics: sortDiagnostics(files.flatMap((f) => f.diagnostics)) };
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

/** Points at the first bad byte: the line and column are those of the valid text before it. */
function invalidUtf8(fullPath: string, path: string, offset: number): Diagnostic {
  let range: SourceRange = NO_RANGE;
  let help = ["save the file as UTF-8 text"];
  try {
    const bytes = readFileSync(fullPath);
    const before = bytes.subarray(0, offset).toString("utf8");
    const at = positionAt(before, before.length);
    range = { start: at, end: { ...at, column: at.column + 1, offset: at.offset + 1 } };
    const bad = bytes[offset];
    if (bad !== undefined) help = [`byte 0x${bad.toString(16).padStart(2, "0")} at line ${at.line}, column ${at.column} is not UTF-8; save the file as UTF-8 text`];
  } catch {
    // the file changed or vanished since it was read: report without a position
  }
  return diagnostic("invalid-utf8", range, { offset }, { file: path, help });
}
