/**
 * The imports of svc's record of an applied file, written so that they name the same files from
 * anywhere: a recipe of svc's library as `svc:recipes/...`, any other file by its absolute path. An
 * export (or a drawing, or a component load) of the network then compiles in any folder, not only
 * beside the file it was applied from.
 */
import { dirname, isAbsolute, resolve } from "node:path";
import type { Program } from "../../../grammar/ast.js";
import { isLibraryImport, libraryImportOf } from "../../../compiler/resolve/library.js";

/** The path an import names, seen from `file` (relative to the working folder when itself relative). */
function portablePath(written: string, file: string): string {
  if (isLibraryImport(written)) return written;
  const target = isAbsolute(written) ? written : resolve(dirname(resolve(file)), written);
  return libraryImportOf(target) ?? target;
}

/** The program with every import written portably; the same program when none changes. */
export function withPortableImports(program: Program, file: string): Program {
  let changed = false;
  const imports = program.imports.map((imp) => {
    const path = portablePath(imp.path.value, file);
    if (path === imp.path.value) return imp;
    changed = true;
    return { ...imp, path: { ...imp.path, value: path } };
  });
  return changed ? { ...program, imports } : program;
}
