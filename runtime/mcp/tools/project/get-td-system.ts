import { z } from "zod";
import { defineTool } from "../registry.js";
import { success } from "../result.js";
import { readSystem, systemText } from "../../../project/system.js";

export const getTdSystem = defineTool({
  name: "get_td_system",
  title: "Environment health and system",
  description:
    "Whether the environment answers and its frame clock runs, with GPU, monitors, CPU count and whether Perform Mode is on.",
  input: {},
  output: {
    status: z.string().describe("ok when the bridge answers"),
    frame: z.number(),
    seconds: z.number(),
    frameStats: z
      .record(z.string(), z.unknown())
      .nullable()
      .describe("dropped-frame counters, where the environment offers them"),
    gpu: z.string().nullable(),
    monitors: z.array(
      z.object({ name: z.string(), width: z.number().nullable(), height: z.number().nullable(), primary: z.boolean() }),
    ),
    performMode: z.boolean(),
    cpus: z.number().nullable(),
    os: z.string(),
  },
  annotations: { readOnlyHint: true, openWorldHint: true },
  profiles: ["safe"],
  async handler(_args, ctx) {
    const data = await readSystem(await ctx.services.bridge());
    return success(data, systemText(data));
  },
});
