import { z } from "zod";
import { defineTool } from "../registry.js";
import { cueOutput, engineName, showName } from "./cue-schemas.js";

export const createSetlistRunner = defineTool({
  name: "create_setlist_runner",
  title: "Setlist runner",
  description:
    "Store the show's setlist in its cue engine: scenes in order, each a cue (made with manage_cue) that plays for a duration or until Next; command start, next or stop runs it. It runs inside TouchDesigner on the project's clock; Next is also on the engine's panel.",
  input: {
    network: engineName,
    scenes: z
      .array(
        z.object({
          cue: showName.describe("a cue of the engine"),
          duration: z
            .number()
            .min(0)
            .max(86_400)
            .optional()
            .describe("seconds before the next scene; absent or 0: until Next"),
        }),
      )
      .min(1)
      .max(256)
      .optional()
      .describe("the scenes in order; absent: keep the stored setlist"),
    loop: z.boolean().optional().describe("after the last scene, start again"),
    command: z
      .enum(["start", "next", "stop"])
      .optional()
      .describe("start from the first scene, go to the next, or stop"),
  },
  output: cueOutput,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  profiles: [],
  async handler(args, ctx) {
    const { setlistRunner } = await import("./build-cues.js");
    return setlistRunner(args, ctx);
  },
});
