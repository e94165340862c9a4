import { z } from "zod";
import { defineTool } from "../registry.js";
import { success } from "../result.js";

export const setPerformMode = defineTool({
  name: "set_perform_mode",
  title: "Perform Mode on or off",
  description: "Turn TouchDesigner's Perform Mode (the output window alone, no editor) on or off.",
  input: { enabled: z.boolean().describe("true: Perform Mode on") },
  output: { performMode: z.boolean().describe("the mode read back after the change") },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  profiles: [],
  async handler({ enabled }, ctx) {
    const bridge = await ctx.services.bridge();
    const r = await bridge.post<{ performMode: boolean }>("/api/perform", { enabled });
    return success({ performMode: r.performMode }, `Perform Mode is ${r.performMode ? "on" : "off"}`);
  },
});
