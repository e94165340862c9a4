import { z } from "zod";
import { defineTool } from "../registry.js";
import { cueOutput, engineName, showName, valueInput } from "./cue-schemas.js";

const wait = z.number().min(0).max(3600).optional().describe("seconds after the previous step (default 0)");

export const createMacro = defineTool({
  name: "create_macro",
  title: "Macro",
  description:
    "Store a macro in the show's cue engine: a named sequence of cue fires and parameter sets, each after a wait; run: true starts it (without steps, runs a stored macro). It runs inside TouchDesigner on the project's clock.",
  input: {
    network: engineName,
    macro: showName.describe("the macro's name"),
    steps: z
      .array(z.union([z.object({ cue: showName.describe("a cue to fire"), wait }), valueInput.extend({ wait })]))
      .min(1)
      .max(64)
      .optional()
      .describe("the steps in order; absent: run the stored macro"),
    run: z.boolean().default(false).describe("start the macro now"),
  },
  output: cueOutput,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  profiles: [],
  async handler(args, ctx) {
    const { createMacro: run } = await import("./build-cues.js");
    return run(args, ctx);
  },
});
