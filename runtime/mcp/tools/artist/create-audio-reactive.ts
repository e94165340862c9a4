import { z } from "zod";
import { colour } from "./artist-schemas.js";
import { defineRecipeTool } from "./define-recipe-tool.js";

export const createAudioReactive = defineRecipeTool({
  name: "create_audio_reactive",
  title: "Audio-reactive visual",
  description:
    "Build an audio-reactive visual (the audio_reactive_basic recipe): the loudness of the default audio input swells a glowing circle and lifts the background.",
  recipe: "audio_reactive_basic",
  network: "audio_reactive",
  args: {
    sensitivity: z.number().min(0).max(20).optional().describe("how far loudness moves the picture (0..20)"),
    smoothing: z.number().min(0).max(2).optional().describe("seconds the picture takes to fall back (0..2)"),
    color: colour.optional().describe("circle colour"),
  },
});
