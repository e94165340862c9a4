import { z } from "zod";
import { defineTool } from "../registry.js";
import { asToolOutcome, editOutput, force, nodePath, paramValue, stepsOutput } from "../edit/edit-schemas.js";

const control = z
  .object({
    name: z
      .string()
      .regex(/^[A-Za-z][A-Za-z0-9]*$/)
      .max(40)
      .describe("custom parameter name: an uppercase letter, then lowercase letters and digits (Gain)"),
    type: z
      .enum(["float", "int", "toggle", "pulse", "menu", "string", "rgb", "rgba", "xy", "xyz", "wh", "top", "chop"])
      .default("float"),
    default: paramValue.optional(),
    min: z.number().optional().describe("slider range start"),
    max: z.number().optional().describe("slider range end"),
    clamp: z.boolean().optional().describe("refuse values outside min..max"),
    label: z.string().max(80).optional(),
    entries: z
      .array(z.object({ name: z.string().min(1).max(60), label: z.string().max(80).optional() }).strict())
      .min(1)
      .max(64)
      .optional()
      .describe("menu entries"),
    binds: z
      .array(
        z
          .object({
            node: z.string().min(1).max(512).describe("node inside the COMP: blur1, inner/blur1 or its path"),
            parameter: z
              .string()
              .regex(/^[A-Za-z_][A-Za-z0-9_]*$/)
              .max(64),
          })
          .strict(),
      )
      .max(32)
      .default([])
      .describe("inner parameters that follow this control"),
  })
  .strict();

export const createControlPanel = defineTool({
  name: "create_control_panel",
  title: "Control panel on a COMP",
  description:
    "Give an svc-built COMP custom parameters (sliders, toggles, menus, colours) and bind inner parameters to them, so the network is played from one panel. Applied as one planned edit.",
  input: {
    path: nodePath("the COMP: an svc network or a COMP inside one"),
    page: z.string().min(1).max(40).optional().describe("parameter page; default Custom"),
    controls: z.array(control).min(1).max(40),
    force,
  },
  output: { ...editOutput, ...stepsOutput, page: z.string(), controls: z.array(z.string()) },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  profiles: [],
  async handler({ path, page, controls, force }, ctx) {
    const { createControlPanel: build } = await import("./control-panel.js");
    return asToolOutcome(
      await build(path, page, controls, { force, services: ctx.services, progress: (m) => void ctx.progress(m) }),
    );
  },
});
