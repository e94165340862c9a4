/**
 * Reading one `.svcnet` file for a command: bytes, UTF-8 check (pointing at the first bad byte),
 * then parsing. Syntax only: `svc fmt` needs no more, and `checkFiles` adds the compiler's checks.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { diagnostic, type Diagnostic } from "../../diagnostics/index.js";
import { NO_RANGE, positionAt, type SourceRange } from "../../diagnostics/source-range.js";
import { diskHost, type CompilerHost } from "../../compiler/resolve/host.js";
import { readProblem } from "../../compiler/resolve/load.js";
import type { Program } from "../../grammar/ast.js";
import { parse } from "../../grammar/parse.js";

export interface ParsedSource {
  /** The path as given (diagnostics use it as their `file`). */
  path: string;
  /** Where it was read from. */
  fullPath: string;
  /** The text, when the file could be read (for code frames). */
  text?: string;
  ast?: Program;
  diagnostics: Diagnostic[];
}

export interface ReadOptions {
  /** Folder relative paths are read from (default: the process's). */
  cwd?: string;
  host?: CompilerHost;
}

export function readSource(path: string, options: ReadOptions = {}): ParsedSource {
  const host = options.host ?? diskHost;
  const fullPath = options.cwd === undefined ? path : resolve(options.cwd, path);
  const read = host.readFile(fullPath);
  if (!read.ok && read.reason === "invalid-utf8")
    return { path, fullPath, diagnostics: [invalidUtf8(fullPath, path, read.offset)] };
  if (!read.ok) return { path, fullPath, diagnostics: [readProblem(read, path, NO_RANGE, path)] };
  const parsed = parse(read.text, path);
  return { path, fullPath, text: read.text, ast: parsed.ast, diagnostics: parsed.diagnostics };
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
    if (bad !== undefined)
      help = [
        `byte 0x${bad.toString(16).padStart(2, "0")} at line ${at.line}, column ${at.column} is not UTF-8; save the file as UTF-8 text`,
      ];
  } catch {
    // the file changed or vanished since it was read: report without a position
  }
  return diagnostic("invalid-utf8", range, { offset }, { file: path, help });
}
