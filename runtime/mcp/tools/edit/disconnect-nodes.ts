import { z } from "zod";
import { defineTool } from "../registry.js";
import { allowUnmanaged, asToolOutcome, editOutput, force, nodePath, stepsOutput } from "./edit-schemas.js";

export const disconnectNodes = defineTool({
  name: "disconnect_nodes",
  title: "Unwire operators",
  description:
    "Remove the wires svc made into an operator: all of them, those from one source, or the one into a given input, through a planned, checked apply.",
  input: {
    to: nodePath("operator whose inputs to unplug, e.g. /project1/tunnel/comp1"),
    from: nodePath("only wires from this operator").optional(),
    to_input: z.number().int().min(0).max(63).optional().describe("only the wire into this input"),
    force,
    allow_unmanaged: allowUnmanaged,
  },
  output: { ...editOutput, ...stepsOutput },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  profiles: [],
  async handler({ to, from, to_input, force, allow_unmanaged }, ctx) {
    const { runEdits } = await import("./run-edits.js");
    return asToolOutcome(
      await runEdits([{ op: "disconnect", to, from, to_input }], {
        force,
        allowUnmanaged: allow_unmanaged,
        services: ctx.services,
        progress: (m) => void ctx.progress(m),
      }),
    );
  },
});
