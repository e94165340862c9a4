import { z } from "zod";
import { tdPath } from "../live/live-input.js";
import { defineTool } from "../registry.js";
import { success } from "../result.js";
import { isLocalModel, modelFailure, visionModel } from "./local-model.js";

/** copilot_vision (spec 4.4): a question about what a TOP shows, answered by the local vision model. */
export const copilotVision = defineTool({
  name: "copilot_vision",
  title: "Ask about a TOP's picture",
  description:
    "Ask the local vision model a question about what a TOP in the live project shows (is it too dark, what colours, is the text readable); it answers from the TOP's own picture. Off unless a local model is configured (SVC_LLM_MODEL).",
  input: {
    path: tdPath("the TOP, e.g. /project1/out1"),
    question: z.string().min(1).max(500).describe("what to ask about the picture"),
    size: z
      .number()
      .int()
      .min(16)
      .max(1024)
      .default(512)
      .describe("the picture sent to the model fits within size x size pixels"),
  },
  output: {
    path: z.string(),
    answer: z.string(),
    model: z.string().describe("the vision model that answered"),
    sent: z.object({ width: z.number(), height: z.number() }).describe("the picture the model read"),
  },
  annotations: { readOnlyHint: true, openWorldHint: true },
  profiles: ["safe"],
  async handler({ path, question, size }, ctx) {
    const model = await visionModel();
    if (!isLocalModel(model)) return model;
    const { askAboutTop } = await import("../../../copilot/vision.js");
    try {
      const seen = await askAboutTop(
        await ctx.services.bridge(),
        model.client,
        model.config,
        path,
        question,
        size,
        ctx.signal,
      );
      const data = {
        path: seen.image.path,
        answer: seen.text,
        model: seen.model,
        sent: { width: seen.image.width, height: seen.image.height },
      };
      return success(data, `${data.path}: ${data.answer}`);
    } catch (err) {
      const f = modelFailure(err);
      if (f) return f;
      throw err;
    }
  },
});
