/**
 * svc's own library in imports: `import "svc:recipes/glsl/glsl_kaleidoscope"` names a recipe of the
 * library shipped with svc wherever the importing file is, so a file that uses a recipe compiles the
 * same from any folder (an export written elsewhere, a component loaded in another project).
 */
import { join, relative, sep } from "node:path";
import { packageRoot } from "../../kb/index.js";

const SCHEME = "svc:";
const RECIPES = "recipes/";

let rootOverride: string | undefined;

/** The folder `svc:recipes/` names: the package's recipes/ (or a test's). */
export function libraryRecipesDir(): string {
  return rootOverride ?? join(packageRoot(), "recipes");
}

/** Points `svc:recipes/` at another folder (tests); undefined restores the package's. */
export function setLibraryRecipesDir(dir: string | undefined): void {
  rootOverride = dir;
}

export const isLibraryImport = (written: string): boolean => written.startsWith(SCHEME);

/**
 * The file a `svc:` import names, or undefined when it names nothing svc has (only `svc:recipes/...`
 * exists). `.svcnet` may be left off; `..` may not leave the library.
 */
export function libraryFile(written: string): string | undefined {
  const rest = written.slice(SCHEME.length);
  if (!rest.startsWith(RECIPES)) return undefined;
  const inside = rest.slice(RECIPES.length);
  const parts = inside.split("/");
  if (inside.length === 0 || parts.some((p) => p === "" || p === "." || p === "..")) return undefined;
  const file = join(libraryRecipesDir(), ...parts);
  return file.endsWith(".svcnet") ? file : `${file}.svcnet`;
}

/** The `svc:` name of a file inside the library, or undefined for a file outside it. */
export function libraryImportOf(file: string): string | undefined {
  const inside = relative(libraryRecipesDir(), file);
  if (inside.startsWith("..") || inside === "" || inside.includes(":")) return undefined;
  return `${SCHEME}${RECIPES}${inside.split(sep).join("/")}`;
}
