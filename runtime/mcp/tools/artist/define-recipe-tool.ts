/**
 * Declares an artist tool that builds one recipe: its arguments are the recipe's parameters (typed,
 * with the recipe's ranges), plus the network's name, a thumbnail size and, for recipes that process
 * a picture, a live TOP to feed in. Light: the building code loads on the first call.
 */
import type { z } from "zod";
import { defineTool, type ToolDefinition } from "./../registry.js";
import { artistOutput, networkName, previewSize, sourceTop } from "./artist-schemas.js";

export interface RecipeToolSpec<S extends z.ZodRawShape> {
  name: string;
  title: string;
  description: string;
  recipe: string;
  /** The network's default name. */
  network: string;
  /** The recipe's parameters as tool arguments, each optional (the recipe's default applies). */
  args: S;
  /** The recipe processes a picture: offer `source`. */
  takesSource?: boolean;
}

const common = (network: string) => ({ name: networkName(network), preview: previewSize });

type Input<S extends z.ZodRawShape> = ReturnType<typeof common> & { source: typeof sourceTop } & S;

export function defineRecipeTool<S extends z.ZodRawShape>(
  spec: RecipeToolSpec<S>,
): ToolDefinition<Input<S>, typeof artistOutput> {
  const input = {
    ...common(spec.network),
    ...(spec.takesSource ? { source: sourceTop } : {}),
    ...spec.args,
  } as Input<S>;
  return defineTool({
    name: spec.name,
    title: spec.title,
    description: spec.description,
    input,
    output: artistOutput,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    profiles: ["safe"],
    async handler(args, ctx) {
      const { buildSingleRecipe } = await import("./single-recipe.js");
      const { name, preview, source, ...rest } = args as { name: string; preview: number; source?: string } & Record<
        string,
        unknown
      >;
      return buildSingleRecipe(spec.name, spec.recipe, { name, preview, source, args: rest }, ctx);
    },
  });
}
