import { defineTool } from "../registry.js";
import { asToolOutcome, editOutput, nodePath } from "./edit-schemas.js";

export const arrangeNetwork = defineTool({
  name: "arrange_network",
  title: "Lay a network out again",
  description: "Recompute the layout of an svc network and move its nodes there, including nodes moved by hand; pinned positions in the source stay. Nothing but positions changes.",
  input: { path: nodePath("the network or any operator in it, e.g. /project1/tunnel") },
  output: { ...editOutput },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  profiles: [],
  async handler({ path }, ctx) {
    const { arrange } = await import("./whole-network.js");
    return asToolOutcome(await arrange(path, { force: true, progress: (m) => void ctx.progress(m) }));
  },
});
