import { z } from "zod";
import type { BridgeClient } from "../../../engine/index.js";
import type { Edit } from "./edits.js";
import { defineTool } from "../registry.js";
import { failure } from "../result.js";
import { allowUnmanaged, asToolOutcome, editOutput, force, nodePath, stepsOutput } from "./edit-schemas.js";

export const setParameterExpression = defineTool({
  name: "set_parameter_expression",
  title: "Drive a parameter by expression, bind or export",
  description:
    "Make one parameter of an operator svc built follow a Python expression, a control or another parameter (bind), or a CHOP channel (export), or reset or unbind it, through a planned, checked apply. Needs the bridge's exec switch.",
  input: {
    path: nodePath("operator, e.g. /project1/tunnel/transform1"),
    parameter: z
      .string()
      .regex(/^[A-Za-z_][A-Za-z0-9_]*$/)
      .max(64)
      .describe("TouchDesigner Python name, e.g. rotate"),
    mode: z
      .enum(["expression", "bind", "export", "reset", "unbind"])
      .default("expression")
      .describe("reset: to its default; unbind: to its constant value"),
    text: z
      .string()
      .min(1)
      .max(2000)
      .optional()
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
    const plain = mode === "reset" || mode === "unbind";
    if (plain === (text !== undefined))
      return failure("text-or-plain", plain ? `mode ${mode} takes no text` : `mode ${mode} needs text`);
    const { runEdits } = await import("./run-edits.js");
    let edit: Edit;
    if (mode === "reset") edit = { op: "reset_parameter", path, parameter };
    else if (mode === "unbind") {
      // TouchDesigner keeps a constant value under an expression, bind or export: the parameter returns to it.
      const live = await constantOf(await ctx.services.bridge(), path, parameter);
      if (live === undefined) return failure("not-a-value", `${path}.${parameter} holds no value svc can keep`);
      edit = { op: "set_parameter", path, parameter, value: live };
    } else {
      const value =
        mode === "expression" ? { expression: text! } : mode === "bind" ? { bind: text! } : { export: text! };
      edit = { op: "set_parameter", path, parameter, value };
    }
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

/** The constant value TouchDesigner holds for the parameter (Par.val), whatever its mode. */
async function constantOf(
  bridge: BridgeClient,
  path: string,
  parameter: string,
): Promise<number | boolean | string | undefined> {
  const { encodePath } = await import("../../../engine/index.js");
  const reply = await bridge.get<{ params: { value: unknown }[] }>(`/api/nodes/${encodePath(path)}/params`, {
    keys: parameter,
  });
  const value = reply.params[0]?.value;
  return typeof value === "number" || typeof value === "boolean" || typeof value === "string" ? value : undefined;
}
