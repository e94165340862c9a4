import { z } from "zod";
import { colour } from "./artist-schemas.js";
import { defineRecipeTool } from "./define-recipe-tool.js";

export const createGrowthSystem = defineRecipeTool({
  name: "create_growth_system",
  title: "Growth system",
  description:
    "Build a growth system (the growth_system recipe): coral- and frost-like threads creeping out from a seed and branching, grown by a GLSL rule, with a live control panel.",
  recipe: "growth_system",
  network: "growth",
  args: {
    rate: z.number().min(0).max(1).optional().describe("how fast threads grow (0..1)"),
    branching: z.number().min(0).max(0.5).optional().describe("how often they split (0..0.5)"),
    steps: z.number().int().min(1).max(16).optional().describe("growth steps per frame (1..16)"),
    seed: z.enum(["point", "ground"]).optional().describe("grow from a point or from the ground"),
    color: colour.optional().describe("colour of the growing tips"),
  },
});
