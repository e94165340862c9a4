import { z } from "zod";
import { bridgeClient } from "../../bridge.js";
import { defineTool } from "../registry.js";
import { success } from "../result.js";
import { completeness, segment, tdPath } from "../live/live-input.js";

export interface AnalysisReply {
  path: string;
  node_count: number;
  by_family: Record<string, number>;
  by_type: Record<string, number>;
  max_depth: number;
  comp_count: number;
  wire_count: number;
  error_count: number;
  warning_count: number;
  nodes_with_errors: Array<{ path: string; errors: string[] }>;
  owned_count: number;
  unowned_count: number;
  dats_with_text: number;
  slowest: Array<{ path: string; cook_time_ms: number }>;
  complete: boolean;
  stopped_by: string | null;
}

/** The analysis in a few lines: `svc analyze` prints the same. */
export function analysisText(a: AnalysisReply): string {
  const families = Object.entries(a.by_family).map(([f, n]) => `${n} ${f}`).join(", ");
  const lines = [
    `${a.path}: ${a.node_count} node(s) (${families || "none"}), ${a.comp_count} COMP(s), ${a.wire_count} wire(s), depth ${a.max_depth}${a.complete ? "" : `; incomplete, stopped by ${a.stopped_by}`}`,
    `svc manages ${a.owned_count}; ${a.unowned_count} built by hand`,
    `${a.error_count} error(s), ${a.warning_count} warning(s)`,
    ...a.nodes_with_errors.slice(0, 10).map((n) => `  ${n.path}: ${n.errors[0] ?? ""}`),
  ];
  const slow = a.slowest.filter((s) => s.cook_time_ms > 0).slice(0, 5);
  if (slow.length > 0) lines.push(`slowest cooks: ${slow.map((s) => `${s.path} ${s.cook_time_ms.toFixed(3)} ms`).join(", ")}`);
  return lines.join("\n");
}

export const analyzeProject = defineTool({
  name: "analyze_project",
  title: "Analyze a project",
  description: "A bounded summary of a COMP's network: operators by family and type, wires, depth, errors, how many nodes svc manages and how many were built by hand, and the slowest cooks.",
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
  async handler({ path, max_depth }) {
    const bridge = await bridgeClient();
    const a = await bridge.get<AnalysisReply>(`/api/projects/${segment(path)}/analysis`, { max_depth });
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
