import { z } from "zod";
import { defineTool } from "../registry.js";
import { artistOutput, colour, networkName, previewSize, sourceTop } from "./artist-schemas.js";

export const createStageDashboard = defineTool({
  name: "create_stage_dashboard",
  title: "Stage dashboard",
  description:
    "Build a front-of-house dashboard (the foh_dashboard recipe): programme picture, audio meters, uptime and frame drops. Layout v1 is the default; v2 adds a histogram scope over the picture.",
  input: {
    name: networkName("dashboard"),
    layout: z
      .enum(["v1", "v2"])
      .default("v1")
      .describe("v1: the dashboard; v2: with a histogram scope over the programme"),
    program: sourceTop.describe("absolute path of the live programme TOP (default: a stand-in picture)"),
    title: z.string().max(80).optional().describe("the show's name on the status line"),
    meter_gain: z.number().min(0).max(20).optional().describe("audio meter gain (0..20)"),
    accent: colour.optional().describe("accent colour"),
    preview: previewSize,
  },
  output: artistOutput,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  profiles: ["safe"],
  async handler({ name, layout, program, title, meter_gain, accent, preview }, ctx) {
    const { buildDashboard } = await import("./build-dashboard.js");
    return buildDashboard({ name, layout, program, args: { title, meter_gain, accent }, preview }, ctx);
  },
});
