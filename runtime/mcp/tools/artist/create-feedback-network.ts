import { z } from "zod";
import { defineRecipeTool } from "./define-recipe-tool.js";

export const createFeedbackNetwork = defineRecipeTool({
  name: "create_feedback_network",
  title: "Feedback tunnel",
  description:
    "Build a feedback tunnel (the feedback_tunnel recipe): a drifting noise seed folded into a zooming, spinning, decaying loop, with a live control panel.",
  recipe: "feedback_tunnel",
  network: "feedback",
  args: {
    gain: z.number().min(0).max(1).optional().describe("how much of each frame survives the next pass (0..1)"),
    zoom: z.number().min(1).max(1.2).optional().describe("zoom per frame (1..1.2)"),
    spin: z.number().min(-5).max(5).optional().describe("degrees turned per frame (-5..5)"),
    drift: z.number().min(0).max(2).optional().describe("how fast the noise seed moves (0..2)"),
  },
});
