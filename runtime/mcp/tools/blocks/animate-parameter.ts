import { z } from "zod";
import { defineTool } from "../registry.js";
import { asToolOutcome, editOutput, force, nodeName, nodePath, stepsOutput } from "../edit/edit-schemas.js";

export const animateParameter = defineTool({
  name: "animate_parameter",
  title: "Animate a parameter",
  description:
    "Set a parameter of an operator svc built in motion between two values: driven by an LFO CHOP added beside it (sine, triangle, square, ramp, pulse) or by an expression on time. Applied as one planned edit.",
  input: {
    path: nodePath("operator, e.g. /project1/tunnel/transform1"),
    parameter: z
      .string()
      .regex(/^[A-Za-z_][A-Za-z0-9_]*$/)
      .max(64)
      .describe("one scalar parameter, e.g. rotate or sx"),
    from: z.number().describe("value at the bottom of the motion"),
    to: z.number().describe("value at the top"),
    frequency: z.number().min(0.001).max(100).default(0.2).describe("cycles per second"),
    driver: z
      .enum(["lfo", "time"])
      .default("lfo")
      .describe("lfo: an LFO CHOP exported onto the parameter; time: an expression rising from..to each cycle"),
    wave: z.enum(["sin", "tri", "square", "ramp", "pulse", "normal"]).default("sin").describe("LFO shape"),
    name: nodeName.optional().describe("the LFO CHOP's name; default <node>_<parameter>"),
    force,
  },
  output: {
    ...editOutput,
    ...stepsOutput,
    driver: z.string().nullable().describe("the LFO CHOP's path, null for the time driver"),
  },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  profiles: [],
  async handler(args, ctx) {
    const { animateParameter: run } = await import("./animate.js");
    const { force, ...spec } = args;
    return asToolOutcome(await run(spec, { force, services: ctx.services, progress: (m) => void ctx.progress(m) }));
  },
});
