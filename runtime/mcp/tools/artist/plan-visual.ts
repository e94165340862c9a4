import { z } from "zod";
import { defineTool } from "../registry.js";
import { failure, success } from "../result.js";

const match = z.object({
  recipe: z.string(),
  score: z.number(),
  matched: z.array(z.string()),
  summary: z.string().nullable(),
});

export const planVisual = defineTool({
  name: "plan_visual",
  title: "Plan a visual from a description",
  description:
    "From a plain-language request, pick the recipe (or a source and an effect) and the tool call to build it, building nothing. Deterministic; planner 'llm' asks the local model, checked.",
  input: {
    request: z.string().min(1).max(500).describe("what to make, e.g. 'an audio-reactive kaleidoscope in purple'"),
    planner: z
      .enum(["deterministic", "llm"])
      .default("deterministic")
      .describe(
        "llm: the local model plans (SVC_LLM_MODEL), checked; the deterministic plan when it is off, fails or is invalid",
      ),
  },
  output: {
    tool: z.string().describe("the tool to call"),
    arguments: z.record(z.string(), z.unknown()).describe("its arguments"),
    recipes: z.array(z.string()),
    alternatives: z.array(match).describe("best matching recipes, best first"),
    reasons: z.array(z.string()),
    planner: z.enum(["deterministic", "llm"]).describe("who made the plan"),
    fallback: z
      .object({ code: z.string(), message: z.string(), problems: z.array(z.string()) })
      .nullable()
      .describe("why the model's plan was not used, when planner 'llm' was asked for"),
  },
  annotations: { readOnlyHint: true, openWorldHint: false },
  profiles: ["core", "safe"],
  async handler({ request, planner }, ctx) {
    const [{ loadArtistCatalog }, { planVisual: plan }] = await Promise.all([
      import("./recipe-catalog.js"),
      import("./visual-planner.js"),
    ]);
    const catalog = await loadArtistCatalog();
    let p;
    if (planner === "llm") {
      const [{ planWithModel }, { plannerModel }] = await Promise.all([
        import("./visual-planner-llm.js"),
        import("../copilot/planner-model.js"),
      ]);
      const model = await plannerModel();
      p = await planWithModel(request, catalog, model.ask, model.off, ctx.tool, model.recipesShown);
    } else {
      const d = plan(request, catalog.recipes);
      p = d && { ...d, planner: "deterministic" as const, fallback: null };
    }
    if (p === undefined) return failure("recipe-missing", "the recipe library is empty: there is nothing to plan with");
    const { withinOffer } = await import("./plan-offer.js");
    p = withinOffer(p, ctx.offered);
    const by =
      p.planner === "llm"
        ? "planned by the local model"
        : p.fallback
          ? `planned deterministically (${p.fallback.code})`
          : "planned deterministically";
    return success(p, `${p.tool} ${JSON.stringify(p.arguments)} (${by})\n${p.reasons.join("\n")}`);
  },
});
