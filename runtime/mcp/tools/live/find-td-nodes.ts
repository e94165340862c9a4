import { z } from "zod";
import { defineTool } from "../registry.js";
import { success } from "../result.js";
import type { NodeSummary } from "./bridge-replies.js";
import { completeness, completenessNote, FAMILIES, tdPath, textFilter } from "./live-input.js";

interface SearchReply {
  root: string;
  results: NodeSummary[];
  count: number;
  scanned: number;
  complete: boolean;
  stopped_by: string | null;
}

export const findTdNodes = defineTool({
  name: "find_td_nodes",
  title: "Find operators",
  description:
    "Find operators in the live project below a COMP by name, type or family. Says whether the search covered everything.",
  input: {
    root: tdPath("COMP to search below, e.g. /project1").default("/"),
    name: textFilter("operator name").optional(),
    type: z
      .string()
      .min(1)
      .max(100)
      .regex(/^[A-Za-z0-9_*?[\]!]+$/, "must be an operator type such as noiseTOP, or a glob such as *TOP")
      .optional()
      .describe("operator type, exact (noiseTOP) or a glob (*TOP)"),
    family: z.enum(FAMILIES).optional(),
    limit: z.number().int().min(1).max(1000).default(100).describe("most operators to return"),
    depth: z.number().int().min(1).max(64).default(8).describe("how many COMP levels below root to search"),
  },
  output: {
    root: z.string(),
    nodes: z.array(z.object({ path: z.string(), name: z.string(), type: z.string(), family: z.string() })),
    count: z.number(),
    scanned: z.number().describe("operators looked at"),
    ...completeness,
  },
  annotations: { readOnlyHint: true, openWorldHint: true },
  profiles: ["core", "safe"],
  async handler({ root, name, type, family, limit, depth }, ctx) {
    const bridge = await ctx.services.bridge();
    const reply = await bridge.get<SearchReply>("/api/nodes/search", {
      root,
      name,
      type,
      family,
      limit,
      max_depth: depth,
    });
    const nodes = reply.results.map(({ path, name: n, type: t, family: f }) => ({ path, name: n, type: t, family: f }));
    const data = {
      root: reply.root,
      nodes,
      count: nodes.length,
      scanned: reply.scanned,
      complete: reply.complete,
      stoppedBy: reply.stopped_by,
    };
    const shown = nodes
      .slice(0, 5)
      .map((n) => n.path)
      .join(", ");
    const text = `${nodes.length} operator${nodes.length === 1 ? "" : "s"} under ${reply.root} (${completenessNote(reply.complete, reply.stopped_by)})${shown ? `: ${shown}${nodes.length > 5 ? ", …" : ""}` : ""}`;
    return success(data, text);
  },
});
