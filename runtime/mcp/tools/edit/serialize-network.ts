import { z } from "zod";
import { nodePath } from "./edit-schemas.js";
import { defineTool } from "../registry.js";
import { failure, success } from "../result.js";

export const serializeNetwork = defineTool({
  name: "serialize_network",
  title: "Serialize a network as .svcnet",
  description:
    "Read one live network and return it as canonical .svcnet, the form rebuild_network and repair_network take back.",
  input: { path: nodePath("network COMP, e.g. /project1/tunnel") },
  output: { source: z.string(), nodes: z.number() },
  annotations: { readOnlyHint: true, openWorldHint: true },
  profiles: ["safe"],
  async handler({ path }, ctx) {
    const { exportNetworks } = await import("../network/read-networks.js");
    const read = await exportNetworks(await ctx.services.bridge(), [path]);
    if (!read.ok) return failure(read.code, read.message, { details: read.details });
    return success({ source: read.source, nodes: read.networks[0]!.nodes }, read.source);
  },
});
