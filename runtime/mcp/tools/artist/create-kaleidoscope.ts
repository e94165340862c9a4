import { z } from "zod";
import { defineRecipeTool } from "./define-recipe-tool.js";

export const createKaleidoscope = defineRecipeTool({
  name: "create_kaleidoscope",
  title: "Kaleidoscope",
  description:
    "Build a GLSL kaleidoscope (the glsl_kaleidoscope recipe) that folds a live TOP, or its own pattern, into mirrored segments that turn and zoom.",
  recipe: "glsl_kaleidoscope",
  network: "kaleidoscope",
  takesSource: true,
  args: {
    segments: z.number().int().min(2).max(32).optional().describe("mirrored segments (2..32)"),
    spin: z.number().min(-90).max(90).optional().describe("degrees per second (-90..90)"),
    zoom: z.number().min(0.2).max(4).optional().describe("zoom into the source (0.2..4)"),
    drift: z.number().min(0).max(1).optional().describe("how fast the sampled area wanders (0..1)"),
  },
});
