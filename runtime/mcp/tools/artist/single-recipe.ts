/**
 * The common artist tool: one recipe, its parameters from the tool's arguments, an optional live
 * picture fed into it, wired to the network's output. Loaded on a tool's first call.
 */
import type { ToolContext } from "../registry.js";
import { failure, type ToolOutcome } from "../result.js";
import { checkedArguments, findRecipe, given, isFailure, toolRecipe } from "./find-recipe.js";
import { chainNetwork } from "./network-source.js";
import { loadArtistCatalog } from "./recipe-catalog.js";
import { runArtist, type ArtistData } from "./run-artist.js";

export interface SingleRecipeInput {
  name: string;
  preview: number;
  source?: string | undefined;
  /** The recipe's arguments (tool arguments named after its parameters). */
  args: Record<string, unknown>;
}

/**
 * `tool` builds `recipeName`. A tool bound to one recipe names itself (a missing recipe is the
 * library's gap); `apply_recipe` passes no tool (a missing recipe is the caller's typo).
 */
export async function buildSingleRecipe(
  tool: string | undefined,
  recipeName: string,
  input: SingleRecipeInput,
  ctx: ToolContext,
): Promise<ToolOutcome<ArtistData>> {
  const catalog = await loadArtistCatalog();
  const recipe = tool === undefined ? findRecipe(catalog, recipeName) : toolRecipe(catalog, recipeName, tool);
  if (isFailure(recipe)) return recipe;
  if (input.source !== undefined && !recipe.takesInput) {
    return failure(
      "no-input",
      `the recipe '${recipe.name}' makes its own picture and takes none in; leave 'source' out`,
    );
  }
  const params = checkedArguments(recipe, given(input.args));
  if (isFailure(params)) return params;
  const draft = chainNetwork(
    input.name,
    [{ node: `${recipe.name}1`, recipe, params }],
    input.source === undefined ? {} : { source: input.source },
  );
  return runArtist(draft, [recipe.name], input.preview, ctx);
}
