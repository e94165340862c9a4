/**
 * The source whose picture shows a recipe: the recipe used alone, as `r1` in a network named like
 * it, in the recipe's folder (so its import resolves). scripts/recipe-pictures.mjs draws every
 * recipe this way for the recipes README, and the tests check a picture against it.
 */
import { basename, dirname, join } from "node:path";

export function recipeUseSource(recipeFile: string): { text: string; file: string } {
  const name = basename(recipeFile, ".svcnet");
  return {
    text: `svcnet 1\nimport "${basename(recipeFile)}"\nnetwork ${name} { r1: ${name} }\n`,
    file: join(dirname(recipeFile), "picture.use.svcnet"),
  };
}
