import { z } from "zod";
import { defineTool } from "../registry.js";
import { success } from "../result.js";
import { segment, tdPath } from "../live/live-input.js";

export const pulseParameter = defineTool({
  name: "pulse_parameter",
  title: "Pulse a parameter",
  description:
    "Fire a Pulse parameter (a reset, a cue, a reload) or press and release a Momentary one on a live operator; any other parameter is refused.",
  input: {
    path: tdPath("the operator, e.g. /project1/feedback1"),
    parameter: z
      .string()
      .regex(/^[A-Za-z][A-Za-z0-9_]*$/)
      .max(64)
      .describe("the parameter's name, e.g. resetpulse"),
  },
  output: { path: z.string(), parameter: z.string(), style: z.string(), pulsed: z.boolean() },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  profiles: [],
  async handler({ path, parameter }, ctx) {
    const bridge = await ctx.services.bridge();
    const r = await bridge.post<{ path: string; param: string; style: string; pulsed: boolean }>(
      `/api/nodes/${segment(path)}/params/${parameter}/pulse`,
      {},
    );
    return success(
      { path: r.path, parameter: r.param, style: r.style, pulsed: r.pulsed },
      `pulsed ${r.path}.${r.param} (${r.style})`,
    );
  },
});
