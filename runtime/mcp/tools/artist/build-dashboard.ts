/**
 * The stage dashboard. Layout v1 is the foh_dashboard recipe: programme picture, audio meters and a
 * status line. Layout v2 puts a histogram scope (the histogram_scope recipe) over the programme
 * picture before the dashboard shows it, so the operator also watches exposure. A live programme
 * TOP, when given, feeds the first stage. Loaded on the tool's first call.
 */
import type { ToolContext } from "../registry.js";
import type { ToolOutcome } from "../result.js";
import { checkedArguments, given, isFailure, toolRecipe } from "./find-recipe.js";
import { chainNetwork, type RecipeUse } from "./network-source.js";
import { loadArtistCatalog } from "./recipe-catalog.js";
import { runArtist, type ArtistData } from "./run-artist.js";

const DASHBOARD_RECIPE = "foh_dashboard";
const SCOPE_RECIPE = "histogram_scope";

export interface DashboardInput {
  name: string;
  layout: "v1" | "v2";
  program?: string | undefined;
  args: Record<string, unknown>;
  preview: number;
}

export async function buildDashboard(input: DashboardInput, ctx: ToolContext): Promise<ToolOutcome<ArtistData>> {
  const catalog = await loadArtistCatalog();
  const dashboard = toolRecipe(catalog, DASHBOARD_RECIPE, "create_stage_dashboard");
  if (isFailure(dashboard)) return dashboard;
  const params = checkedArguments(dashboard, given(input.args));
  if (isFailure(params)) return params;
  const uses: RecipeUse[] = [];
  if (input.layout === "v2") {
    const scope = toolRecipe(catalog, SCOPE_RECIPE, "create_stage_dashboard (layout v2)");
    if (isFailure(scope)) return scope;
    uses.push({ node: "scope1", recipe: scope, params: [] });
  }
  uses.push({ node: "dashboard1", recipe: dashboard, params });
  const draft = chainNetwork(input.name, uses, {
    ...(input.program === undefined ? {} : { source: input.program }),
    comment: [`Stage dashboard, layout ${input.layout}.`],
  });
  return runArtist(
    draft,
    uses.map((u) => u.recipe.name),
    input.preview,
    ctx,
  );
}
