import { z } from "zod";
import { completeness, tdPath } from "../live/live-input.js";
import { defineTool } from "../registry.js";
import { success } from "../result.js";

export const compactGraphDigest = defineTool({
  name: "compact_graph_digest",
  title: "Compact digest of a live network",
  description:
    "A live COMP's nodes and wires in .svcnet notation (nested COMPs included), a few KB for hundreds of nodes. Read it before editing a network you did not build.",
  input: { path: tdPath("COMP to digest, e.g. /project1/tunnel") },
  output: {
    path: z.string(),
    ...completeness,
    counts: z.object({ nodes: z.number(), wires: z.number(), ownedBySvc: z.number() }),
    nodes: z.array(z.string()),
    wires: z.array(z.string()),
    externalInputs: z.array(z.string()).describe("wires into the COMP from outside it"),
  },
  annotations: { readOnlyHint: true, openWorldHint: true },
  profiles: ["core", "safe"],
  async handler({ path }, ctx) {
    const { readDigest } = await import("../../live/digest.js");
    const bridge = await ctx.services.bridge();
    const d = await readDigest(bridge, path);
    const lines = [
      `${d.path}: ${d.counts.nodes} nodes (${d.counts.ownedBySvc} built by svc), ${d.counts.wires} wires${d.complete ? "" : `, incomplete (stopped by ${d.stoppedBy})`}`,
      ...d.nodes,
      ...d.wires,
      ...d.externalInputs.map((w) => `${w}  (from outside)`),
    ];
    return success({ ...d }, lines.join("\n"));
  },
});
