import { z } from "zod";
import { tdPath } from "../live/live-input.js";
import { defineTool } from "../registry.js";
import { success } from "../result.js";
import { isLocalModel, modelFailure, visionModel } from "./local-model.js";

/** caption_top (spec 4.4): one sentence of what a TOP shows, read by the local vision model. */
export const captionTop = defineTool({
  name: "caption_top",
  title: "Caption a TOP",
  description:
    "A one-sentence caption of what a TOP in the live project shows, written by the local vision model from the TOP's own picture. Off unless a local model is configured (SVC_LLM_MODEL).",
  input: {
    path: tdPath("the TOP, e.g. /project1/out1"),
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
    caption: z.string(),
    model: z.string().describe("the vision model that wrote it"),
    sent: z.object({ width: z.number(), height: z.number() }).describe("the picture the model read"),
    resolution: z.object({ width: z.number(), height: z.number() }).describe("the TOP's own resolution"),
  },
  annotations: { readOnlyHint: true, openWorldHint: true },
  profiles: ["safe"],
  async handler({ path, size }, ctx) {
    const model = await visionModel();
    if (!isLocalModel(model)) return model;
    const { captionTop: caption } = await import("../../../copilot/vision.js");
    try {
      const seen = await caption(await ctx.services.bridge(), model.client, model.config, path, size, ctx.signal);
      const data = {
        path: seen.image.path,
        caption: seen.text,
        model: seen.model,
        sent: { width: seen.image.width, height: seen.image.height },
        resolution: seen.image.resolution,
      };
      return success(data, `${data.path}: ${data.caption}`);
    } catch (err) {
      const f = modelFailure(err);
      if (f) return f;
      throw err;
    }
  },
});
