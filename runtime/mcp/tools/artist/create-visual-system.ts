import { z } from "zod";
import { defineTool } from "../registry.js";
import { artistOutput, networkName, previewSize, settings } from "./artist-schemas.js";

const recipeName = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/)
  .max(64);

export const createVisualSystem = defineTool({
  name: "create_visual_system",
  title: "Visual system",
  description:
    "Build a complete look from library recipes: a source recipe, then up to four effect recipes each processing the picture before it (e.g. audio_reactive_basic then glsl_kaleidoscope), into one output.",
  input: {
    name: networkName("visual_system"),
    source: recipeName.default("glsl_basic").describe("the recipe that makes the picture"),
    source_settings: settings,
    effects: z
      .array(z.object({ recipe: recipeName.describe("an effect recipe (one that takes a picture in)"), settings }))
      .max(4)
      .default([])
      .describe("effects in order"),
    preview: previewSize,
  },
  output: artistOutput,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  profiles: ["safe"],
  async handler({ name, source, source_settings, effects, preview }, ctx) {
    const { buildVisualSystem } = await import("./build-visual-system.js");
    return buildVisualSystem(name, [{ recipe: source, settings: source_settings }, ...effects], preview, ctx);
  },
});
