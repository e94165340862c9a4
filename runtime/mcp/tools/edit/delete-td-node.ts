import { z } from "zod";
import { defineTool } from "../registry.js";
import { failure } from "../result.js";
import { allowUnmanaged, asToolOutcome, editOutput, force, nodePath, stepsOutput } from "./edit-schemas.js";

export const deleteTdNode = defineTool({
  name: "delete_td_node",
  title: "Bypass or delete an operator",
  description: "Take an operator svc built out of action: bypass it (reversible), or delete it with explicit confirmation; by default nothing is removed. Operators svc did not build are never deleted.",
  input: {
    path: nodePath("operator, e.g. /project1/tunnel/blur1"),
    mode: z.enum(["keep", "bypass", "unbypass", "delete"]).default("keep").describe("keep: change nothing and say how; bypass/unbypass: set the bypass flag; delete: remove it"),
    confirm: z.boolean().default(false).describe("must be true with mode delete"),
    force,
    allow_unmanaged: allowUnmanaged,
  },
  output: { ...editOutput, ...stepsOutput },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  profiles: [],
  async handler({ path, mode, confirm, force, allow_unmanaged }, ctx) {
    if (mode === "keep") {
      return failure(
        "kept",
        `nothing was changed at ${path}: pass mode "bypass" to take it out of the signal flow reversibly, or mode "delete" with confirm: true to remove it`,
      );
    }
    if (mode === "delete" && !confirm) {
      return failure("needs-confirmation", `deleting ${path} needs confirm: true; mode "bypass" takes it out of action reversibly instead`);
    }
    const { runEdits } = await import("./run-edits.js");
    const edit = mode === "delete" ? { op: "delete" as const, path } : { op: "bypass" as const, path, on: mode === "bypass" };
    return asToolOutcome(await runEdits([edit], { force, allowUnmanaged: allow_unmanaged, progress: (m) => void ctx.progress(m) }));
  },
});
