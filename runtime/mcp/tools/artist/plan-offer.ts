/**
 * A plan names a tool the client can call. The recipe tools of the safe and full profiles
 * (create_kaleidoscope, create_visual_system, ...) are not in core: there the same recipe is built by
 * apply_recipe, which every profile that has plan_visual offers.
 */
import type { VisualPlan } from "./visual-planner.js";

type Plan = Pick<VisualPlan, "tool" | "arguments" | "recipes" | "reasons">;

/** The recipe arguments a plan carries, whichever tool it names. */
function recipeArguments(plan: Plan): Record<string, unknown> {
  const a = plan.arguments;
  if (plan.tool === "create_generative_art") return (a.settings as Record<string, unknown> | undefined) ?? {};
  if (plan.tool === "create_visual_system") return (a.source_settings as Record<string, unknown> | undefined) ?? {};
  return a;
}

export function withinOffer<P extends Plan>(plan: P, offered: ((name: string) => boolean) | undefined): P {
  if (offered === undefined || offered(plan.tool) || !offered("apply_recipe")) return plan;
  const [first, ...rest] = plan.recipes;
  if (first === undefined) return plan;
  const reasons = [
    ...plan.reasons,
    `${plan.tool} is not offered by this server's tool profile: apply_recipe builds ${first}`,
    ...(rest.length > 0
      ? [`then apply_recipe builds ${rest.join(", ")}, and its input is wired from ${first}'s output`]
      : []),
  ];
  return {
    ...plan,
    tool: "apply_recipe",
    arguments: { recipe: first, arguments: recipeArguments(plan) },
    reasons,
  };
}
