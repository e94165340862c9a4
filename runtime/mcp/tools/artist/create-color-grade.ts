import { z } from "zod";
import { colour } from "./artist-schemas.js";
import { defineRecipeTool } from "./define-recipe-tool.js";

export const createColorGrade = defineRecipeTool({
  name: "create_color_grade",
  title: "Colour grade",
  description:
    "Build a colour grade (the color_grade recipe) for a live TOP, or a test chart: exposure, contrast, gamma, lift, saturation, hue and tint on a live panel, with a mix back to the original.",
  recipe: "color_grade",
  network: "grade",
  takesSource: true,
  args: {
    exposure: z.number().min(0).max(4).optional().describe("brightness multiplier (0..4)"),
    contrast: z.number().min(0).max(3).optional().describe("(0..3)"),
    gamma: z.number().min(0.2).max(3).optional().describe("(0.2..3)"),
    lift: z.number().min(-0.5).max(0.5).optional().describe("black level (-0.5..0.5)"),
    saturation: z.number().min(0).max(3).optional().describe("(0..3)"),
    hue: z.number().min(-180).max(180).optional().describe("hue turn in degrees (-180..180)"),
    tint: colour.optional().describe("colour multiplied in"),
    mix: z.number().min(0).max(1).optional().describe("0 = original, 1 = fully graded"),
  },
});
