import { z } from "zod";
import { colour } from "./artist-schemas.js";
import { defineRecipeTool } from "./define-recipe-tool.js";

export const createFluidSim = defineRecipeTool({
  name: "create_fluid_sim",
  title: "Fluid simulation",
  description:
    "Build a GPU fluid (the fluid_sim recipe): two circling jets stir dye into a swirling velocity field, with a live control panel.",
  recipe: "fluid_sim",
  network: "fluid",
  args: {
    force: z.number().min(0).max(5).optional().describe("jet force (0..5)"),
    swirl: z.number().min(0).max(2).optional().describe("vorticity (0..2)"),
    fade: z.number().min(0.9).max(1).optional().describe("how much dye survives each frame (0.9..1)"),
    color: colour.optional().describe("dye colour"),
  },
});
