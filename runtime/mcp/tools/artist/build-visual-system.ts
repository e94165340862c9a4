/**
 * A visual system: one recipe as the source, then effect recipes in order, each processing the
 * picture of the one before (an effect must take a picture in), into one output. Loaded on the
 * tool's first call.
 */
import type { ToolContext } from "../registry.js";
import { failure, type ToolOutcome } from "../result.js";
import { checkedArguments, findRecipe, isFailure } from "./find-recipe.js";
import { chainNetwork, type RecipeUse } from "./network-source.js";
import { loadArtistCatalog } from "./recipe-catalog.js";
import type { ArgumentValue } from "./recipe-arguments.js";
import { runArtist, type ArtistData } from "./run-artist.js";

export interface Stage {
  recipe: string;
  settings: Record<string, ArgumentValue>;
}

export async function buildVisualSystem(
  name: string,
  stages: readonly Stage[],
  preview: number,
  ctx: ToolContext,
): Promise<ToolOutcome<ArtistData>> {
  const catalog = await loadArtistCatalog();
  const uses: RecipeUse[] = [];
  const count = new Map<string, number>();
  for (const [i, stage] of stages.entries()) {
    const recipe = findRecipe(catalog, stage.recipe);
    if (isFailure(recipe)) return recipe;
    if (i > 0 && !recipe.takesInput) {
      const effects = catalog.recipes.filter((r) => r.takesInput && r.category === "post").map((r) => r.name);
      return failure(
        "not-an-effect",
        `'${recipe.name}' makes its own picture and cannot process the one before it; effects take a picture in, e.g. ${effects.slice(0, 6).join(", ")}`,
        {
          details: { stage: i, effects },
        },
      );
    }
    const params = checkedArguments(recipe, stage.settings);
    if (isFailure(params))
      return { ...params, error: { ...params.error, message: `stage ${i} (${recipe.name}): ${params.error.message}` } };
    const n = (count.get(recipe.name) ?? 0) + 1;
    count.set(recipe.name, n);
    uses.push({ node: `${recipe.name}${n}`, recipe, params });
  }
  return runArtist(
    chainNetwork(name, uses),
    uses.map((u) => u.recipe.name),
    preview,
    ctx,
  );
}
