/**
 * Checks a plan someone else made (a local model, for plan_visual's `planner: "llm"`) the way the
 * tools themselves would: the tool must be one a plan may name, its arguments must pass that tool's
 * own input schema (strict: an argument it does not take is a problem), and every recipe it names
 * must exist, with settings its parameters accept and effects that take a picture in. A plan that
 * passes builds when its tool is called; one that does not comes back with every problem named.
 */
import { strictInput, type ToolLookup } from "../registry.js";
import { GENERATIVE_STYLES } from "./generative-styles.js";
import type { ArtistCatalog, ArtistRecipe } from "./recipe-catalog.js";
import { recipeArguments, type ArgumentValue } from "./recipe-arguments.js";
import { PLANNABLE_TOOLS, TYPED_TOOLS } from "./visual-planner.js";

interface CheckedPlan {
  tool: string;
  arguments: Record<string, unknown>;
  recipes: string[];
}

export type PlanCheck = { ok: true; plan: CheckedPlan } | { ok: false; problems: string[] };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Problems of `settings` for `recipe` (a missing recipe is one problem). */
function recipeProblems(
  catalog: ArtistCatalog,
  name: string,
  settings: unknown,
  where: string,
): { recipe?: ArtistRecipe; problems: string[] } {
  const recipe = catalog.byName(name);
  if (!recipe) return { problems: [`${where}: no recipe '${name}' in the library`] };
  const given = isObject(settings)
    ? (Object.fromEntries(Object.entries(settings).filter(([, v]) => v !== undefined)) as Record<string, ArgumentValue>)
    : {};
  const r = recipeArguments(recipe, given);
  return { recipe, problems: "params" in r ? [] : r.problems.map((p) => `${where}: ${p.message}`) };
}

/** The recipes a valid call uses, checked; the tool's schema has passed already. */
function recipeCheck(
  catalog: ArtistCatalog,
  tool: string,
  args: Record<string, unknown>,
): { recipes: string[]; problems: string[] } {
  if (tool === "apply_recipe") {
    const r = recipeProblems(catalog, String(args.recipe), args.arguments, "arguments.recipe");
    return { recipes: r.recipe ? [r.recipe.name] : [], problems: r.problems };
  }
  if (tool === "create_generative_art") {
    const name = GENERATIVE_STYLES[(args.style ?? Object.keys(GENERATIVE_STYLES)[0]) as keyof typeof GENERATIVE_STYLES];
    const r = recipeProblems(catalog, name, args.settings, "arguments.settings");
    return { recipes: [name], problems: r.problems };
  }
  if (tool === "create_visual_system") {
    const problems: string[] = [];
    const source = recipeProblems(
      catalog,
      String(args.source ?? "glsl_basic"),
      args.source_settings,
      "arguments.source",
    );
    problems.push(...source.problems);
    const recipes = [String(args.source ?? "glsl_basic")];
    const effects = Array.isArray(args.effects) ? (args.effects as Array<{ recipe: string; settings?: unknown }>) : [];
    effects.forEach((e, i) => {
      const effect = recipeProblems(catalog, e.recipe, e.settings, `arguments.effects[${i}]`);
      problems.push(...effect.problems);
      if (effect.recipe && !effect.recipe.takesInput)
        problems.push(
          `arguments.effects[${i}]: '${e.recipe}' makes a picture of its own and takes none in, so it cannot be an effect`,
        );
      recipes.push(e.recipe);
    });
    return { recipes, problems };
  }
  const recipe = Object.entries(TYPED_TOOLS).find(([, t]) => t === tool)?.[0];
  if (recipe && !catalog.byName(recipe))
    return { recipes: [], problems: [`${tool} builds the recipe '${recipe}', which the recipe library does not have`] };
  return { recipes: recipe ? [recipe] : [], problems: [] };
}

/** Checks a proposed `{tool, arguments}`; `proposal` is whatever the model sent, parsed from JSON. */
export async function checkPlan(proposal: unknown, catalog: ArtistCatalog, tools: ToolLookup): Promise<PlanCheck> {
  if (!isObject(proposal))
    return { ok: false, problems: ["the plan is not a JSON object with 'tool' and 'arguments'"] };
  const { tool, arguments: args } = proposal;
  if (typeof tool !== "string") return { ok: false, problems: ["'tool' is missing or not a string"] };
  if (!PLANNABLE_TOOLS.includes(tool))
    return {
      ok: false,
      problems: [`'${tool.slice(0, 80)}' is not a tool a plan may name; one of ${PLANNABLE_TOOLS.join(", ")}`],
    };
  if (args !== undefined && !isObject(args)) return { ok: false, problems: ["'arguments' is not a JSON object"] };
  const definition = (await tools(tool))!;
  const parsed = strictInput(definition).safeParse(args ?? {});
  if (!parsed.success)
    return {
      ok: false,
      problems: parsed.error.issues.map((i) => `arguments${i.path.length ? "." + i.path.join(".") : ""}: ${i.message}`),
    };
  // Recipe checks read the parsed arguments, so the tool's own defaults (a style, a source) count.
  const { recipes, problems } = recipeCheck(catalog, tool, parsed.data as Record<string, unknown>);
  if (problems.length) return { ok: false, problems };
  return { ok: true, plan: { tool, arguments: args ?? {}, recipes } };
}
