import { z } from "zod";
import { defineTool } from "../registry.js";
import { failure, success } from "../result.js";

const match = z.object({ recipe: z.string(), score: z.number(), matched: z.array(z.string()), summary: z.string().nullable() });

export const planVisual = defineTool({
  name: "plan_visual",
  title: "Plan a visual from a description",
  description: "From a plain-language request, pick the recipe (or a source and an effect) and the exact tool call that would build it, without building anything. Deterministic: the same request gives the same plan.",
  input: { request: z.string().min(1).max(500).describe("what to make, e.g. 'an audio-reactive kaleidoscope in purple'") },
  output: {
    tool: z.string().describe("the tool to call"),
    arguments: z.record(z.string(), z.unknown()).describe("its arguments"),
    recipes: z.array(z.string()),
    alternatives: z.array(match).describe("best matching recipes, best first"),
    reasons: z.array(z.string()),
  },
  annotations: { readOnlyHint: true, openWorldHint: false },
  profiles: ["core", "safe"],
  async handler({ request }) {
    const [{ loadArtistCatalog }, { planVisual: plan }] = await Promise.all([import("./recipe-catalog.js"), import("./visual-planner.js")]);
    const catalog = await loadArtistCatalog();
    const p = plan(request, catalog.recipes);
    if (p === undefined) return failure("recipe-missing", "the recipe library is empty: there is nothing to plan with");
    return success(p, `${p.tool} ${JSON.stringify(p.arguments)}\n${p.reasons.join("\n")}`);
  },
});
