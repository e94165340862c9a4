import { z } from "zod";
import { sourceInput } from "../language/source-input.js";
import { defineTool } from "../registry.js";
import { asToolOutcome, editOutput, force, nodePath } from "./edit-schemas.js";

export const repairNetwork = defineTool({
  name: "repair_network",
  title: "Repair a network",
  description:
    "Apply a corrected .svcnet for one network at a path and keep it only if the live error count goes down; otherwise the network is put back as it was. Reports errors before and after.",
  input: { path: nodePath("the network COMP, e.g. /project1/tunnel"), ...sourceInput, force },
  output: {
    ...editOutput,
    errorsBefore: z.number(),
    errorsAfter: z.number().describe("live errors right after the corrected source was applied"),
    reverted: z.boolean().describe("true when the repair did not help and the network was put back"),
  },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
  profiles: [],
  async handler({ path, source, file, force }, ctx) {
    const { repair } = await import("./whole-network.js");
    return asToolOutcome(
      await repair(path, source, file ?? "network.svcnet", {
        force,
        services: ctx.services,
        progress: (m) => void ctx.progress(m),
      }),
    );
  },
});
