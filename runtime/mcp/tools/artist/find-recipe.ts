/** A recipe of the library by name, or the tool failure that says what is there instead. */
import { closestNames, didYouMean } from "../../../../compiler/util/closest.js";
import { failure, type ToolFailure } from "../result.js";
import type { ArtistCatalog, ArtistRecipe } from "./recipe-catalog.js";
import { recipeArguments, type ArgumentValue } from "./recipe-arguments.js";
import type * as A from "../../../../grammar/ast.js";

export function findRecipe(catalog: ArtistCatalog, name: string): ArtistRecipe | ToolFailure {
  const hit = catalog.byName(name);
  if (hit !== undefined) return hit;
  const names = catalog.recipes.map((r) => r.name);
  if (names.length === 0) return failure("recipe-missing", `no recipe '${name}': the recipe library is empty`);
  const near = closestNames(name, names, 5);
  const hint = didYouMean(near)[0] ?? "svc://recipes lists them all, and plan_visual picks one from a description";
  return failure("unknown-recipe", `no recipe '${name}' in the library; ${hint}`, { details: { closest: near } });
}

/** The fixed recipe of a tool: missing means the library does not have it (yet). */
export function toolRecipe(catalog: ArtistCatalog, name: string, tool: string): ArtistRecipe | ToolFailure {
  return (
    catalog.byName(name) ??
    failure("recipe-missing", `${tool} builds the recipe '${name}', which the recipe library does not have`, {
      details: { recipe: name, installed: catalog.recipes.length },
    })
  );
}

export function isFailure<T extends object>(x: T | ToolFailure): x is ToolFailure {
  return "ok" in x && x.ok === false;
}

/** Arguments checked against the recipe, or the failure listing every problem. */
export function checkedArguments(
  recipe: ArtistRecipe,
  args: Readonly<Record<string, ArgumentValue>>,
): A.Param[] | ToolFailure {
  const r = recipeArguments(recipe, args);
  if ("params" in r) return r.params;
  const lead = r.problems.map((p) => p.message).join("; ");
  return failure("invalid-arguments", lead, { details: { recipe: recipe.name, problems: r.problems } });
}

/** Drops arguments the caller left out, so the recipe's defaults apply. */
export function given(args: Readonly<Record<string, unknown>>): Record<string, ArgumentValue> {
  return Object.fromEntries(Object.entries(args).filter(([, v]) => v !== undefined)) as Record<string, ArgumentValue>;
}
