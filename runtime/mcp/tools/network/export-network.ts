import { z } from "zod";
import { tdPath } from "../live/live-input.js";
import { defineTool } from "../registry.js";
import { failure, success } from "../result.js";

export const exportNetworkTool = defineTool({
  name: "export_network",
  title: "Export live networks as .svcnet",
  description:
    "Print live networks as one canonical .svcnet file, keeping the applied source's comments and spelling where nothing changed live; edit it and pass it to plan_network or apply_network.",
  input: {
    paths: z
      .array(tdPath("network COMP, e.g. /project1/tunnel"))
      .min(1)
      .max(16)
      .describe("COMPs to export; each becomes a network named after it"),
  },
  output: {
    source: z.string(),
    networks: z.array(z.object({ root: z.string(), nodes: z.number() })),
  },
  annotations: { readOnlyHint: true, openWorldHint: true },
  profiles: ["core", "safe"],
  async handler({ paths }, ctx) {
    const { exportNetworks } = await import("./read-networks.js");
    const bridge = await ctx.services.bridge();
    await ctx.progress(`reading ${paths.join(", ")}`);
    const read = await exportNetworks(bridge, paths);
    if (!read.ok) return failure(read.code, read.message, { details: read.details });
    return success({ source: read.source, networks: read.networks }, read.source);
  },
});
