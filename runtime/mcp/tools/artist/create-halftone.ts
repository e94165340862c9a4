import { z } from "zod";
import { colour } from "./artist-schemas.js";
import { defineRecipeTool } from "./define-recipe-tool.js";

export const createHalftone = defineRecipeTool({
  name: "create_halftone",
  title: "Halftone",
  description:
    "Build a halftone print look (the halftone recipe) over a live TOP, or a test picture: a rotated dot screen in one ink or in CMY colour.",
  recipe: "halftone",
  network: "halftone",
  takesSource: true,
  args: {
    cell: z.number().min(3).max(60).optional().describe("dot cell size in pixels (3..60)"),
    angle: z.number().min(-90).max(90).optional().describe("screen angle in degrees (-90..90)"),
    colour: z.boolean().optional().describe("CMY colour screens instead of one ink"),
    ink: colour.optional().describe("ink colour of the one-ink screen"),
    softness: z.number().min(0).max(3).optional().describe("dot edge softness in pixels (0..3)"),
  },
});
