/** The recipe a `svc recipes` command names, or a usage error with the closest names. */
import { UsageError, type ParsedArgs } from "./args.js";
import { findRecipe, loadLibrary, similarRecipeNames, type RecipeInfo } from "../recipes/library.js";

export async function recipeFromArgs(args: ParsedArgs): Promise<RecipeInfo> {
  if (args.positionals.length !== 1) throw new UsageError("give the name of one recipe (see 'svc recipes list')");
  const name = args.positionals[0]!;
  const library = await loadLibrary();
  const recipe = findRecipe(library, name);
  if (recipe === undefined) {
    const near = similarRecipeNames(library, name);
    throw new UsageError(
      `no recipe named '${name}'${near.length ? `; did you mean ${near.map((n) => `'${n}'`).join(", ")}?` : ""}`,
    );
  }
  return recipe;
}
