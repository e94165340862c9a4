/** GET /api/projects/{path}/analysis: the reply and its few lines of text (analyze_project, `svc analyze`). */
import type { BridgeClient } from "../engine/index.js";

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

export function readAnalysis(client: BridgeClient, path: string, maxDepth?: number): Promise<AnalysisReply> {
  return client.get<AnalysisReply>(`/api/projects/${encodeURIComponent(path)}/analysis`, { max_depth: maxDepth });
}

export function analysisText(a: AnalysisReply): string {
  const families = Object.entries(a.by_family)
    .map(([f, n]) => `${n} ${f}`)
    .join(", ");
  const lines = [
    `${a.path}: ${a.node_count} node(s) (${families || "none"}), ${a.comp_count} COMP(s), ${a.wire_count} wire(s), depth ${a.max_depth}${a.complete ? "" : `; incomplete, stopped by ${a.stopped_by}`}`,
    `svc manages ${a.owned_count}; ${a.unowned_count} built by hand`,
    `${a.error_count} error(s), ${a.warning_count} warning(s)`,
    ...a.nodes_with_errors.slice(0, 10).map((n) => `  ${n.path}: ${n.errors[0] ?? ""}`),
  ];
  const slow = a.slowest.filter((s) => s.cook_time_ms > 0).slice(0, 5);
  if (slow.length > 0)
    lines.push(`slowest cooks: ${slow.map((s) => `${s.path} ${s.cook_time_ms.toFixed(3)} ms`).join(", ")}`);
  return lines.join("\n");
}
