/**
 * The recipe library as the CLI sees it: the recipes the MCP server already reads from `recipes/`
 * (one reader, `catalog.ts`), plus what a caller needs to use one: its
 * category, a tag filter, and the text of a one-node network that instantiates it.
 */
import { basename, dirname, relative, sep } from "node:path";
import { loadRecipeLibrary, recipesDir, type RecipeInfo, type RecipeLibrary, type RecipeParamInfo } from "./catalog.js";

export type { RecipeInfo, RecipeLibrary, RecipeParamInfo };
export { loadRecipeLibrary as loadLibrary, recipesDir };

/** The node name a recipe use gets in the networks built here. */
const USE_NODE = "r1";

/** The folder under `recipes/` that holds the recipe: its category (`feedback`, `audio`, ...). */
export function recipeCategory(recipe: RecipeInfo): string {
  const inside = relative(recipesDir(), recipe.path).split(sep);
  return inside.length > 1 ? inside[0]! : "";
}

export function findRecipe(library: RecipeLibrary, name: string): RecipeInfo | undefined {
  return library.recipes.find((r) => r.name === name);
}

/** Recipes carrying `tag` (case-insensitive); every recipe when `tag` is undefined. */
export function recipesWithTag(library: RecipeLibrary, tag: string | undefined): RecipeInfo[] {
  if (tag === undefined) return library.recipes;
  const wanted = tag.toLowerCase();
  return library.recipes.filter((r) => r.tags.some((t) => t.toLowerCase() === wanted));
}

/** Every tag in the library, sorted, for a "did you mean" or a listing. */
export function allTags(library: RecipeLibrary): string[] {
  return [...new Set(library.recipes.flatMap((r) => r.tags))].sort();
}

/** Names of recipes that look like `name`: containing it, or sharing one of its words. */
export function similarRecipeNames(library: RecipeLibrary, name: string, limit = 3): string[] {
  const wanted = name.toLowerCase();
  const words = wanted.split(/[^a-z0-9]+/).filter((w) => w.length > 2);
  const scored = library.recipes.map((r) => {
    const candidate = r.name.toLowerCase();
    if (candidate.includes(wanted) || wanted.includes(candidate)) return { name: r.name, score: 100 };
    return { name: r.name, score: words.filter((w) => candidate.includes(w)).length };
  });
  return scored
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || a.name.localeCompare(b.name))
    .slice(0, limit)
    .map((s) => s.name);
}

/**
 * A `.svcnet` text holding one network with one node using `recipe` with the given arguments
 * (already written as `.svcnet` values), and the file name to compile it as: it sits beside the
 * recipe's own file, so the import is the file's name.
 */
export function useSource(
  recipe: RecipeInfo,
  network: string,
  args: ReadonlyArray<readonly [string, string]> = [],
): { text: string; file: string } {
  const body = args.length === 0 ? "" : ` { ${args.map(([k, v]) => `${k}: ${v}`).join(", ")} }`;
  const text = `svcnet 1\nimport "${basename(recipe.path)}"\n\nnetwork ${network} {\n  ${USE_NODE}: ${recipe.name}${body}\n}\n`;
  return { text, file: `${dirname(recipe.path)}/${network}.use.svcnet` };
}

/** The recipe's output TOP inside a network built by `useSource` whose COMP is at `root`. */
export function useOutputPath(root: string): string {
  return `${root}/${USE_NODE}/out1`;
}
