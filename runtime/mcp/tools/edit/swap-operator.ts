import { z } from "zod";
import { defineTool } from "../registry.js";
import { asToolOutcome, editOutput, force, nodePath, opType, stepsOutput } from "./edit-schemas.js";

export const swapOperator = defineTool({
  name: "swap_operator",
  title: "Swap an operator's type",
  description:
    "Replace an operator svc built by another type of the same family under the same name, keeping its wires and the parameters the new type also has, through a planned, checked apply.",
  input: {
    path: nodePath("the operator, e.g. /project1/net/blur1"),
    type: opType.describe("the new operator type, e.g. levelTOP"),
    force,
  },
  output: {
    ...editOutput,
    ...stepsOutput,
    kept: z.array(z.string()).optional().describe("parameters carried over"),
    dropped: z.array(z.string()).optional().describe("parameters the new type has no place for"),
  },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  profiles: [],
  async handler({ path, type, force }, ctx) {
    const { runEdits } = await import("./run-edits.js");
    return asToolOutcome(
      await runEdits([{ op: "swap_type", path, type }], {
        force,
        services: ctx.services,
        progress: (m) => void ctx.progress(m),
      }),
    );
  },
});
