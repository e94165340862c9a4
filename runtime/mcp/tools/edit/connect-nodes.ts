import { z } from "zod";
import { defineTool } from "../registry.js";
import { allowUnmanaged, asToolOutcome, editOutput, force, nodePath, stepsOutput } from "./edit-schemas.js";

export const connectNodes = defineTool({
  name: "connect_nodes",
  title: "Wire two operators",
  description:
    "Wire an output of one operator into an input of another in the same svc network, through a planned, checked apply; whatever fed that input before is unplugged.",
  input: {
    from: nodePath("source operator, e.g. /project1/tunnel/noise1"),
    to: nodePath("target operator in the same COMP"),
    from_output: z.number().int().min(0).max(63).default(0),
    to_input: z.number().int().min(0).max(63).default(0),
    force,
    allow_unmanaged: allowUnmanaged,
  },
  output: { ...editOutput, ...stepsOutput },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  profiles: [],
  async handler({ from, to, from_output, to_input, force, allow_unmanaged }, ctx) {
    const { runEdits } = await import("./run-edits.js");
    return asToolOutcome(
      await runEdits([{ op: "connect", from, to, from_output, to_input }], {
        force,
        allowUnmanaged: allow_unmanaged,
        services: ctx.services,
        progress: (m) => void ctx.progress(m),
      }),
    );
  },
});
