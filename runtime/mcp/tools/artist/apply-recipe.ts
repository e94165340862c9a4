import { z } from "zod";
import { defineTool } from "../registry.js";
import { artistOutput, previewSize, settings, sourceTop } from "./artist-schemas.js";

export const applyRecipe = defineTool({
  name: "apply_recipe",
  title: "Build a recipe",
  description:
    "Build a library recipe (svc://recipes) as a live network with its control panel and arguments; returns the .svcnet, live errors and a thumbnail.",
  input: {
    recipe: z
      .string()
      .regex(/^[A-Za-z_][A-Za-z0-9_]*$/)
      .max(64)
      .describe("recipe name, e.g. feedback_tunnel"),
    arguments: settings,
    name: z
      .string()
      .regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/)
      .optional()
      .describe("network name (default: the recipe's)"),
    source: sourceTop,
    preview: previewSize,
  },
  output: artistOutput,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  profiles: ["core", "safe"],
  async handler({ recipe, arguments: args, name, source, preview }, ctx) {
    const { buildSingleRecipe } = await import("./single-recipe.js");
    return buildSingleRecipe(undefined, recipe, { name: name ?? recipe, preview, source, args }, ctx);
  },
});
