import { z } from "zod";
import { tdPath } from "../live/live-input.js";
import { defineTool } from "../registry.js";
import { failure, success } from "../result.js";
import { isLocalModel, localModel, modelFailure, visionModel } from "./local-model.js";

const moment = z.object({
  scene: z.number().nullable(),
  cue: z.string(),
  duration: z.number().nullable(),
  fade: z.number(),
  values: z.array(z.string()),
  state: z.enum(["played", "playing", "upcoming", "ready"]),
  caption: z.string().nullable(),
});

/** narrate_set (spec 4.4): a written running commentary of a set from its cues and captions. */
export const narrateSetTool = defineTool({
  name: "narrate_set",
  title: "Narrate the set",
  description:
    "A written running commentary of a set, by the local model, from the cue engine's cues and setlist (what played, plays and comes) and captions of the output. Off unless a local model is configured (SVC_LLM_MODEL).",
  input: {
    engine: tdPath("the cue engine's COMP (manage_cue builds it)").default("/project1/cues"),
    output: tdPath("a TOP to caption now as what the current cue shows").optional(),
    captions: z
      .array(z.object({ cue: z.string().min(1).max(64), text: z.string().min(1).max(300) }))
      .max(64)
      .default([])
      .describe("earlier captions, each with the cue that was playing (caption_top writes them)"),
    previous: z
      .array(z.string().max(600))
      .max(32)
      .default([])
      .describe("the commentary so far; given, only its next line is written"),
    max_words: z.number().int().min(10).max(400).default(120).describe("the commentary's length in words at most"),
  },
  output: {
    commentary: z.string(),
    current: z.string().describe("the cue playing"),
    scene: z.number().describe("the setlist row playing, 0 when stopped"),
    moments: z.array(moment),
    caption: z.object({ cue: z.string(), text: z.string() }).nullable().describe("the caption taken now"),
    model: z.string(),
  },
  annotations: { readOnlyHint: true, openWorldHint: true },
  profiles: ["safe"],
  async handler({ engine, output, captions, previous, max_words }, ctx) {
    const model = output ? await visionModel() : await localModel();
    if (!isLocalModel(model)) return model;
    const { narrateSet, NoCueEngineError } = await import("../../../copilot/narrate-set.js");
    try {
      const n = await narrateSet(await ctx.services.bridge(), model.client, model.config, {
        engine,
        ...(output ? { output } : {}),
        captions,
        previous,
        maxWords: max_words,
        signal: ctx.signal,
      });
      const data = {
        commentary: n.commentary,
        current: n.story.current,
        scene: n.story.scene,
        moments: n.story.moments,
        caption: n.caption,
        model: n.model,
      };
      return success(data, n.commentary);
    } catch (err) {
      if (err instanceof NoCueEngineError) return failure(err.code, err.message);
      const f = modelFailure(err);
      if (f) return f;
      throw err;
    }
  },
});
