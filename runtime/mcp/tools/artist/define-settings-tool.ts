/**
 * Declares an artist tool over a recipe (or a choice of recipes by `style`) whose parameters are
 * passed as `settings` and checked against the recipe's declarations when the tool runs: the tool
 * follows its recipe's parameters as the recipe evolves. Light: building loads on the first call.
 */
import { z } from "zod";
import { defineTool, type ToolDefinition } from "../registry.js";
import { artistOutput, networkName, previewSize, settings } from "./artist-schemas.js";

export interface SettingsToolSpec {
  name: string;
  title: string;
  description: string;
  /** The one recipe, or recipes by style (the first style is the default). */
  recipe: string | Readonly<Record<string, string>>;
  network: string;
}

function inputOf(spec: SettingsToolSpec) {
  const base = { name: networkName(spec.network), settings, preview: previewSize };
  if (typeof spec.recipe === "string") return base;
  const styles = Object.keys(spec.recipe) as [string, ...string[]];
  const list = styles.map((s) => `${s} (${(spec.recipe as Record<string, string>)[s]})`).join(", ");
  return { style: z.enum(styles).default(styles[0]).describe(`which look: ${list}`), ...base };
}

export function defineSettingsTool(
  spec: SettingsToolSpec,
): ToolDefinition<ReturnType<typeof inputOf>, typeof artistOutput> {
  return defineTool({
    name: spec.name,
    title: spec.title,
    description: spec.description,
    input: inputOf(spec),
    output: artistOutput,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    profiles: ["safe"],
    async handler(args, ctx) {
      const { buildSingleRecipe } = await import("./single-recipe.js");
      const {
        name,
        preview,
        settings: values,
        style,
      } = args as { name: string; preview: number; settings: Record<string, unknown>; style?: string };
      const recipe = typeof spec.recipe === "string" ? spec.recipe : spec.recipe[style!]!;
      return buildSingleRecipe(spec.name, recipe, { name, preview, args: values }, ctx);
    },
  });
}
