import { z } from "zod";
import { defineRecipeTool } from "./define-recipe-tool.js";

export const createSceneTimeline = defineRecipeTool({
  name: "create_scene_timeline",
  title: "Scene timeline",
  description:
    "Build a scene timeline (the timeline_demo recipe): cues from a table follow the timeline, so the show plays, pauses and scrubs with it.",
  recipe: "timeline_demo",
  network: "timeline",
  args: {
    loop: z.number().min(1).max(600).optional().describe("loop length in seconds (1..600)"),
    show_text: z.boolean().optional().describe("show the current cue's text"),
  },
});
