import { z } from "zod";
import { defineRecipeTool } from "./define-recipe-tool.js";

export const createGlitch = defineRecipeTool({
  name: "create_glitch",
  title: "Glitch",
  description:
    "Build a glitch effect (the glitch recipe) over a live TOP, or a test picture: blocks torn sideways and colour channels split, in bursts.",
  recipe: "glitch",
  network: "glitch",
  takesSource: true,
  args: {
    intensity: z.number().min(0).max(1).optional().describe("(0..1)"),
    rate: z.number().min(0).max(30).optional().describe("bursts per second (0..30)"),
    split: z.number().min(0).max(60).optional().describe("channel split in pixels (0..60)"),
    block: z.number().int().min(4).max(128).optional().describe("torn block height in pixels (4..128)"),
  },
});
