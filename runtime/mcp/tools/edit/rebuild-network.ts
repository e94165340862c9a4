import { sourceInput } from "../language/source-input.js";
import { defineTool } from "../registry.js";
import { asToolOutcome, editOutput, force, nodePath } from "./edit-schemas.js";

export const rebuildNetwork = defineTool({
  name: "rebuild_network",
  title: "Build .svcnet at a path",
  description:
    "Apply .svcnet source holding one network at the given path, whatever the network's name, through the plan: what differs is changed, svc's nodes the source drops are removed, nothing else is touched.",
  input: { path: nodePath("COMP to build the network at, e.g. /project1/tunnel2"), ...sourceInput, force },
  output: { ...editOutput },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  profiles: [],
  async handler({ path, source, file, force }, ctx) {
    const { rebuild } = await import("./whole-network.js");
    return asToolOutcome(
      await rebuild(path, source, file ?? "network.svcnet", {
        force,
        services: ctx.services,
        progress: (m) => void ctx.progress(m),
      }),
    );
  },
});
