/**
 * The recipe library as the artist tools need it: each recipe's file (to import it), its category,
 * its typed parameters, its metadata (summary, tags, difficulty: for planning), and whether it
 * takes a picture in (an `inTOP`, so it can process another recipe's output). Read through the MCP server's one library reader, on every
 * call, so a recipe added while the server runs is seen.
 */
import { join, relative, sep } from "node:path";
import type { Recipe } from "../../../../grammar/ast.js";
import { packageRoot } from "../../../package-root.js";
import { loadRecipeLibrary, recipesDir, type RecipeInfo, type RecipeParamInfo } from "../../knowledge/recipes.js";

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

/** Where the library's `file` fields are relative to: the package root, or an overriding folder. */
function libraryRoot(): string {
  const dir = recipesDir();
  return dir === join(packageRoot(), "recipes") ? packageRoot() : dir;
}

function metadataOf(recipe: Recipe | undefined): Pick<ArtistRecipe, "summary" | "tags" | "difficulty"> {
  const out: Pick<ArtistRecipe, "summary" | "tags" | "difficulty"> = { summary: null, tags: [], difficulty: null };
  for (const m of recipe?.metadata ?? []) {
    if (m.kind === "SummaryFlag") out.summary = m.text.value;
    else if (m.kind === "TagsFlag") out.tags = m.tags.map((t) => t.value);
    else if (m.kind === "DifficultyFlag") out.difficulty = m.level.name;
  }
  return out;
}

export async function loadArtistCatalog(): Promise<ArtistCatalog> {
  const [library, { parse }] = await Promise.all([loadRecipeLibrary(), import("../../../../grammar/parse.js")]);
  const root = libraryRoot();
  const dir = recipesDir();
  const recipes = library.recipes.map((info: RecipeInfo): ArtistRecipe => {
    const path = join(root, info.file);
    const inside = relative(dir, path).split(sep);
    // The library keeps each recipe's own text; parsed alone it gives the metadata beside the name.
    const recipe = parse(`svcnet 1\n${info.source}\n`).ast.recipes[0];
    return {
      name: info.name,
      path,
      importPath: inside.join("/"),
      category: inside.length > 1 ? inside[0]! : "",
      params: info.params,
      ...metadataOf(recipe),
      description: info.description,
      takesInput: info.uses.includes("inTOP"),
    };
  });
  const byName = new Map(recipes.map((r) => [r.name, r]));
  return { recipes, problems: library.problems, byName: (name) => byName.get(name) };
}
