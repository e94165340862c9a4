import { z } from "zod";
import { defineTool } from "../registry.js";
import { cueOutput, engineName, showName, valueInput } from "./cue-schemas.js";

export const manageCue = defineTool({
  name: "manage_cue",
  title: "Cues",
  description:
    "Create, update, list, fire or delete cues: named snapshots of parameter values with a fade time, stored in the show's cue engine network. Fired, a cue fades its numeric values linearly from where they are to its values over its fade, frame by frame inside TouchDesigner.",
  input: {
    action: z.enum(["create", "update", "delete", "list", "fire"]),
    network: engineName,
    cue: showName.optional().describe("the cue's name (every action but list)"),
    fade: z.number().min(0).max(600).optional().describe("fade time in seconds (create, update; default 0: a cut)"),
    values: z.array(valueInput).min(1).max(64).optional().describe("the parameters the cue sets (create, update)"),
  },
  output: cueOutput,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  profiles: [],
  async handler(args, ctx) {
    const { manageCue: run } = await import("./build-cues.js");
    return run(args, ctx);
  },
});
