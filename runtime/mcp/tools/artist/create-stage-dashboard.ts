import { z } from "zod";
import { defineTool } from "../registry.js";
import { failure } from "../result.js";
import { artistOutput, networkName, previewSize, settings } from "./artist-schemas.js";

const RECIPE = "foh_dashboard";

export const createStageDashboard = defineTool({
  name: "create_stage_dashboard",
  title: "Stage dashboard",
  description: "Build a front-of-house dashboard (the foh_dashboard recipe): the show's output, levels and status on one screen. Layout v1 is the default; v2 is opt-in.",
  input: {
    name: networkName("dashboard"),
    layout: z.enum(["v1", "v2"]).default("v1").describe("screen layout: v1 (default) or v2"),
    settings,
    preview: previewSize,
  },
  output: artistOutput,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  profiles: ["safe"],
  async handler({ name, layout, settings: values, preview }, ctx) {
    const [{ buildSingleRecipe }, { loadArtistCatalog }] = await Promise.all([import("./single-recipe.js"), import("./recipe-catalog.js")]);
    const recipe = (await loadArtistCatalog()).byName(RECIPE);
    // The layout is the recipe's own `layout` parameter; the default layout needs nothing from it.
    const declares = recipe?.params.some((p) => p.name === "layout") ?? false;
    if ("layout" in values) return failure("invalid-arguments", "give the layout as 'layout', not inside 'settings'");
    if (layout === "v2" && recipe !== undefined && !declares) {
      return failure("layout-unsupported", `the ${RECIPE} recipe offers one layout; it declares no 'layout' parameter for v2`);
    }
    const args = declares ? { ...values, layout } : values;
    return buildSingleRecipe("create_stage_dashboard", RECIPE, { name, preview, args }, ctx);
  },
});
