import { z } from "zod";
import { defineTool } from "../registry.js";
import { success } from "../result.js";
import { completeness, tdPath } from "../live/live-input.js";
import { analysisText, readAnalysis } from "../../../project/analysis.js";

export const analyzeProject = defineTool({
  name: "analyze_project",
  title: "Analyze a project",
  description:
    "A bounded summary of a COMP's network: operators by family and type, wires, depth, errors, nodes svc manages and nodes built by hand, slowest cooks.",
  input: {
    path: tdPath("a COMP, e.g. /project1").default("/project1"),
    max_depth: z.number().int().min(1).max(64).optional(),
  },
  output: {
    path: z.string(),
    nodeCount: z.number(),
    byFamily: z.record(z.string(), z.number()),
    byType: z.record(z.string(), z.number()).describe("the 30 most used types"),
    maxDepth: z.number(),
    compCount: z.number(),
    wireCount: z.number(),
    errorCount: z.number(),
    warningCount: z.number(),
    nodesWithErrors: z.array(z.object({ path: z.string(), errors: z.array(z.string()) })),
    ownedCount: z.number().describe("nodes svc built or adopted (tagged svc)"),
    unownedCount: z.number(),
    slowest: z.array(z.object({ path: z.string(), cookTimeMs: z.number() })),
    ...completeness,
  },
  annotations: { readOnlyHint: true, openWorldHint: true },
  profiles: ["core", "safe"],
  async handler({ path, max_depth }, ctx) {
    const bridge = await ctx.services.bridge();
    const a = await readAnalysis(bridge, path, max_depth);
    const data = {
      path: a.path,
      nodeCount: a.node_count,
      byFamily: a.by_family,
      byType: a.by_type,
      maxDepth: a.max_depth,
      compCount: a.comp_count,
      wireCount: a.wire_count,
      errorCount: a.error_count,
      warningCount: a.warning_count,
      nodesWithErrors: a.nodes_with_errors,
      ownedCount: a.owned_count,
      unownedCount: a.unowned_count,
      slowest: a.slowest.map((s) => ({ path: s.path, cookTimeMs: s.cook_time_ms })),
      complete: a.complete,
      stoppedBy: a.stopped_by,
    };
    return success(data, analysisText(a));
  },
});
