/**
 * The recipe library as the artist tools need it: each recipe's file (to import it), its category,
 * its typed parameters, its metadata (summary, tags, difficulty: for planning), and whether it
 * takes a picture in (an `inTOP`, so it can process another recipe's output). Read through the MCP server's one library reader, on every
 * call, so a recipe added while the server runs is seen.
 */
import { relative, sep } from "node:path";
import { loadRecipeLibrary, recipesDir, type RecipeInfo, type RecipeParamInfo } from "../../../recipes/catalog.js";

export type { RecipeParamInfo };

export interface ArtistRecipe {
  name: string;
  /** Absolute path of the file declaring it. */
  path: string;
  /** The path to write in an import from a file directly in the recipes folder. */
  importPath: string;
  /** The folder under recipes/ (feedback, post, ...). */
  category: string;
  params: RecipeParamInfo[];
  summary: string | null;
  tags: string[];
  difficulty: string | null;
  description: string | null;
  /** Has an inTOP: a picture wired into its COMP is processed. */
  takesInput: boolean;
}

export interface ArtistCatalog {
  recipes: ArtistRecipe[];
  /** Files left out (syntax errors), with why. */
  problems: Array<{ file: string; message: string }>;
  byName(name: string): ArtistRecipe | undefined;
}

export async function loadArtistCatalog(): Promise<ArtistCatalog> {
  const library = await loadRecipeLibrary();
  const dir = recipesDir();
  const recipes = library.recipes.map((info: RecipeInfo): ArtistRecipe => {
    const inside = relative(dir, info.path).split(sep);
    return {
      name: info.name,
      path: info.path,
      importPath: inside.join("/"),
      category: inside.length > 1 ? inside[0]! : "",
      params: info.params,
      summary: info.summary,
      tags: info.tags,
      difficulty: info.difficulty,
      description: info.description,
      takesInput: info.uses.includes("inTOP"),
    };
  });
  const byName = new Map(recipes.map((r) => [r.name, r]));
  return { recipes, problems: library.problems, byName: (name) => byName.get(name) };
}
