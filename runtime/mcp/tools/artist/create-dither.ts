import { z } from "zod";
import { colour } from "./artist-schemas.js";
import { defineRecipeTool } from "./define-recipe-tool.js";

export const createDither = defineRecipeTool({
  name: "create_dither",
  title: "Dither",
  description:
    "Build an ordered dither (the dither recipe) over a live TOP, or a test picture: few colour levels, big pixels, optionally one light colour on black.",
  recipe: "dither",
  network: "dither",
  takesSource: true,
  args: {
    levels: z.number().int().min(2).max(16).optional().describe("levels per channel (2..16)"),
    pixel: z.number().int().min(1).max(16).optional().describe("pixel size (1..16)"),
    spread: z.number().min(0).max(2).optional().describe("dither pattern strength (0..2)"),
    mono: z.boolean().optional().describe("one light colour on black"),
    light: colour.optional().describe("the light colour in mono"),
  },
});
