import { z } from "zod";
import { defineTool } from "../registry.js";
import { allowUnmanaged, asToolOutcome, editOutput, force, nodePath, stepsOutput } from "./edit-schemas.js";

export const setParameterExpression = defineTool({
  name: "set_parameter_expression",
  title: "Drive a parameter by expression, bind or export",
  description:
    "Make one parameter of an operator svc built follow a Python expression, a control or another parameter (bind), or a CHOP channel (export), through a planned, checked apply. Needs the bridge's exec switch.",
  input: {
    path: nodePath("operator, e.g. /project1/tunnel/transform1"),
    parameter: z
      .string()
      .regex(/^[A-Za-z_][A-Za-z0-9_]*$/)
      .max(64)
      .describe("TouchDesigner Python name, e.g. rotate"),
    mode: z.enum(["expression", "bind", "export"]).default("expression"),
    text: z
      .string()
      .min(1)
      .max(2000)
      .describe("expression: one line of Python (absTime.seconds * 10); bind: Gain or lfo1.Speed; export: lfo1.chan1"),
    force,
    allow_unmanaged: allowUnmanaged,
  },
  output: { ...editOutput, ...stepsOutput },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  profiles: [],
  async handler({ path, parameter, mode, text, force, allow_unmanaged }, ctx) {
    // An expression is Python the client wrote, evaluated on every cook: the bridge's exec switch decides (spec 5.2).
    const { execGate } = await import("../live/python-ops.js");
    const closed = await execGate(await ctx.services.bridge());
    if (closed) return closed;
    const { runEdits } = await import("./run-edits.js");
    const value = mode === "expression" ? { expression: text } : mode === "bind" ? { bind: text } : { export: text };
    return asToolOutcome(
      await runEdits([{ op: "set_parameter", path, parameter, value }], {
        force,
        allowUnmanaged: allow_unmanaged,
        services: ctx.services,
        progress: (m) => void ctx.progress(m),
      }),
    );
  },
});
