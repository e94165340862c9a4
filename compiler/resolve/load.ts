/**
 * Reads the entry file and everything it imports (transitively), parsing each once. Imports are
 * relative to the importing file; a missing file, an unreadable one and an import cycle are
 * diagnostics at the import that caused them.
 */
import type { Program } from "../../grammar/ast.js";
import { diagnostic, type Diagnostic, type SourceRange } from "../../diagnostics/index.js";
import type { CompilerHost, ReadResult } from "./host.js";
import { isLibraryImport, libraryFile } from "./library.js";

export type ParseFn = (text: string, file?: string) => { ast: Program; diagnostics: Diagnostic[] };

export interface SourceFile {
  path: string;
  text: string;
  ast: Program;
  /** Files this one imports that could be read, in import order, with the range of the import's path. */
  imports: { file: SourceFile; range: SourceRange }[];
}

export interface LoadResult {
  entry: SourceFile | undefined;
  /** Every file read, entry first, then in the order imports were met. */
  files: Map<string, SourceFile>;
  diagnostics: Diagnostic[];
}

/** A diagnostic for a file that could not be read, at `range` of `inFile` (the import or file() that named it). */
export function readProblem(
  result: Exclude<ReadResult, { ok: true }>,
  path: string,
  range: SourceRange,
  inFile: string | undefined,
): Diagnostic {
  const extras = inFile === undefined ? {} : { file: inFile };
  switch (result.reason) {
    case "not-found":
      return diagnostic(
        "file-not-found",
        range,
        { path },
        { ...extras, help: ["paths are relative to the file that names them"] },
      );
    case "unreadable":
      return diagnostic("file-unreadable", range, { path, reason: result.message }, extras);
    case "invalid-utf8":
      return diagnostic("invalid-utf8", range, { offset: result.offset }, extras);
  }
}

export function loadProgram(entry: { path: string; text?: string }, host: CompilerHost, parse: ParseFn): LoadResult {
  const files = new Map<string, SourceFile>();
  const diagnostics: Diagnostic[] = [];
  const stack: string[] = [];

  const visit = (path: string, text: string): SourceFile => {
    const parsed = parse(text, path);
    diagnostics.push(...parsed.diagnostics);
    const file: SourceFile = { path, text, ast: parsed.ast, imports: [] };
    files.set(path, file);
    stack.push(path);
    for (const imp of parsed.ast.imports) {
      const written = imp.path.value;
      const library = isLibraryImport(written);
      const named = library ? libraryFile(written) : host.resolve(path, written);
      // A library recipe that is not there is named as such (not as a path relative to this file);
      // that read is kept, so the file is read once.
      const libraryRead = library && named !== undefined ? host.readFile(named) : undefined;
      const missing = named === undefined || (libraryRead !== undefined && !libraryRead.ok);
      const target = named ?? written;
      if (missing) {
        diagnostics.push(
          diagnostic(
            "unknown-library-import",
            imp.path.range,
            { path: written },
            {
              file: path,
              help: [
                "svc's library is imported as svc:recipes/<category>/<name>, e.g. import \"svc:recipes/glsl/glsl_kaleidoscope\"; svc://recipes (and 'svc recipes list') lists them",
              ],
            },
          ),
        );
        continue;
      }
      const cycleAt = stack.indexOf(target);
      if (cycleAt >= 0) {
        const chain = [...stack.slice(cycleAt), target].join(" -> ");
        diagnostics.push(
          diagnostic(
            "import-cycle",
            imp.path.range,
            { chain },
            { file: path, help: ["move what both files need into a third file that both import"] },
          ),
        );
        continue;
      }
      if (!library && !written.endsWith(".svcnet")) {
        // Read as source, any other file would be echoed back line by line in the diagnostics.
        diagnostics.push(
          diagnostic(
            "import-not-svcnet",
            imp.path.range,
            { path: written },
            { file: path, help: ['import names .svcnet files; file("...") reads a DAT\'s text or a shader'] },
          ),
        );
        continue;
      }
      const known = files.get(target);
      if (known !== undefined) {
        file.imports.push({ file: known, range: imp.path.range });
        continue;
      }
      const read = libraryRead ?? host.readFile(target);
      if (!read.ok) {
        diagnostics.push(readProblem(read, written, imp.path.range, path));
        continue;
      }
      file.imports.push({ file: visit(target, read.text), range: imp.path.range });
    }
    stack.pop();
    return file;
  };

  if (entry.text !== undefined) return { entry: visit(entry.path, entry.text), files, diagnostics };
  const read = host.readFile(entry.path);
  if (!read.ok) {
    diagnostics.push(
      readProblem(
        read,
        entry.path,
        { start: { line: 1, column: 1, offset: 0 }, end: { line: 1, column: 1, offset: 0 } },
        entry.path,
      ),
    );
    return { entry: undefined, files, diagnostics };
  }
  return { entry: visit(entry.path, read.text), files, diagnostics };
}
