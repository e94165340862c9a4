import { z } from "zod";
import { defineTool } from "../registry.js";
import { failure } from "../result.js";
import { allowUnmanaged, asToolOutcome, editOutput, force, nodePath, paramValue, stepsOutput } from "./edit-schemas.js";

export const setParameter = defineTool({
  name: "set_parameter",
  title: "Set a parameter",
  description:
    "Set one parameter of an operator svc built, or of an artist's with allow_unmanaged (a value, or an expression, bind or export in object form), or reset it to its default, through a planned, checked apply.",
  input: {
    path: nodePath("operator, e.g. /project1/tunnel/noise1"),
    parameter: z
      .string()
      .regex(/^[A-Za-z_][A-Za-z0-9_]*$/)
      .max(64)
      .describe("TouchDesigner Python name, e.g. period or resolution"),
    value: paramValue.optional().describe("the new value; leave out with reset"),
    reset: z.boolean().default(false).describe("stop setting it: it returns to the operator's default"),
    force,
    allow_unmanaged: allowUnmanaged,
  },
  output: { ...editOutput, ...stepsOutput },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  profiles: [],
  async handler({ path, parameter, value, reset, force, allow_unmanaged }, ctx) {
    if (reset === (value !== undefined)) return failure("value-or-reset", "give either a value or reset: true");
    const { runEdits } = await import("./run-edits.js");
    const edit = reset
      ? { op: "reset_parameter" as const, path, parameter }
      : { op: "set_parameter" as const, path, parameter, value: value! };
    return asToolOutcome(
      await runEdits([edit], {
        force,
        allowUnmanaged: allow_unmanaged,
        services: ctx.services,
        progress: (m) => void ctx.progress(m),
      }),
    );
  },
});
