import { z } from "zod";
import type { BridgeClient } from "../../../engine/index.js";
import { defineTool } from "../registry.js";
import { success } from "../result.js";
import type { NetworkErrors, NodeSummary } from "./bridge-replies.js";
import { entriesOf, type ErrorEntry } from "./error-lines.js";
import { completeness, completenessNote, segment, tdPath } from "./live-input.js";

interface Group {
  severity: "error" | "warning";
  message: string;
  count: number;
  types: { type: string; count: number }[];
  paths: string[];
}

/** Operator types of the nodes under `path` (itself included), from the search route's light summaries. */
async function typesUnder(bridge: BridgeClient, path: string, depth: number): Promise<Map<string, string>> {
  const types = new Map<string, string>();
  const self = await bridge.get<NodeSummary & { family: string }>(`/api/nodes/${segment(path)}`);
  types.set(self.path, self.type);
  if (self.family === "COMP") {
    const found = await bridge.get<{ results: NodeSummary[] }>("/api/nodes/search", {
      root: path,
      max_depth: depth,
      limit: 1000,
      max_scan: 50000,
    });
    for (const n of found.results) types.set(n.path, n.type);
  }
  return types;
}

function group(
  entries: readonly ErrorEntry[],
  severity: Group["severity"],
  types: Map<string, string>,
  firstPaths: number,
): Group[] {
  const byMessage = new Map<string, { paths: string[]; count: number; types: Map<string, number> }>();
  for (const e of entries) {
    let g = byMessage.get(e.message);
    if (!g) byMessage.set(e.message, (g = { paths: [], count: 0, types: new Map() }));
    g.count++;
    if (g.paths.length < firstPaths && !g.paths.includes(e.path)) g.paths.push(e.path);
    // More than 1000 operators below the COMP: the search lists the first 1000, the rest show as "unknown".
    const type = types.get(e.path) ?? "unknown";
    g.types.set(type, (g.types.get(type) ?? 0) + 1);
  }
  return [...byMessage].map(([message, g]) => ({
    severity,
    message,
    count: g.count,
    types: [...g.types]
      .map(([type, count]) => ({ type, count }))
      .sort((a, b) => b.count - a.count || a.type.localeCompare(b.type)),
    paths: g.paths,
  }));
}

export const summarizeTdErrors = defineTool({
  name: "summarize_td_errors",
  title: "Error summary",
  description:
    "Summarize the errors and warnings of a live network: equal messages grouped with their counts, the operator types involved and the first paths.",
  input: {
    path: tdPath("COMP (or operator) to summarize, e.g. /project1"),
    depth: z.number().int().min(1).max(64).default(64).describe("COMP levels below path to include"),
    includeWarnings: z.boolean().default(true),
    firstPaths: z.number().int().min(1).max(20).default(3).describe("paths listed per group"),
    maxGroups: z.number().int().min(1).max(100).default(30).describe("most groups to return, errors first"),
  },
  output: {
    path: z.string(),
    errorCount: z.number(),
    warningCount: z.number(),
    groupCount: z.number(),
    groups: z.array(
      z.object({
        severity: z.enum(["error", "warning"]),
        message: z.string(),
        count: z.number(),
        types: z.array(z.object({ type: z.string(), count: z.number() })),
        paths: z.array(z.string()),
      }),
    ),
    truncated: z.boolean().describe("more groups exist than were returned"),
    ...completeness,
  },
  annotations: { readOnlyHint: true, openWorldHint: true },
  profiles: ["safe"],
  async handler({ path, depth, includeWarnings, firstPaths, maxGroups }, ctx) {
    const bridge = await ctx.services.bridge();
    const reply = await bridge.get<NetworkErrors>(`/api/network/${segment(path)}/errors`, { depth });
    const errors = entriesOf(reply.errors);
    const warnings = includeWarnings ? entriesOf(reply.warnings) : [];
    const types =
      errors.length + warnings.length > 0 ? await typesUnder(bridge, reply.path, depth) : new Map<string, string>();
    const all = [...group(errors, "error", types, firstPaths), ...group(warnings, "warning", types, firstPaths)].sort(
      (a, b) =>
        (a.severity === b.severity ? 0 : a.severity === "error" ? -1 : 1) ||
        b.count - a.count ||
        a.message.localeCompare(b.message),
    );
    const groups = all.slice(0, maxGroups);
    const data = {
      path: reply.path,
      errorCount: reply.errors.length,
      warningCount: reply.warnings.length,
      groupCount: all.length,
      groups,
      truncated: all.length > groups.length,
      complete: reply.complete,
      stoppedBy: reply.stopped_by,
    };
    const top = groups[0] ? `; most common: "${groups[0].message}" x${groups[0].count}` : "";
    const text = `${data.errorCount} error${data.errorCount === 1 ? "" : "s"} and ${data.warningCount} warning${data.warningCount === 1 ? "" : "s"} in ${all.length} group${all.length === 1 ? "" : "s"} under ${reply.path} (${completenessNote(reply.complete, reply.stopped_by)})${top}`;
    return success(data, text);
  },
});
