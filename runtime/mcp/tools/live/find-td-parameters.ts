import { z } from "zod";
import type { BridgeClient } from "../../../bridge-client/client.js";
import { bridgeClient } from "../../bridge.js";
import { defineTool } from "../registry.js";
import { failure, success } from "../result.js";
import type { NodeSummary, ParState, WalkBounds } from "./bridge-replies.js";
import { completeness, completenessNote, segment, tdPath, textFilter } from "./live-input.js";
import { drivingExpression, isSensitive, onlyChangedCanMatch, PAR_MODES, parameterMatcher, textMatcher } from "./parameter-filters.js";

interface Scan {
  /** Operators in path order; `load` reads an operator's parameters when they did not come with the listing. */
  nodes: { path: string; type: string; params?: ParState[] }[];
  load?: (path: string) => Promise<ParState[]>;
  complete: boolean;
  stoppedBy: string | null;
  coverage: "all" | "changed";
}

/** Operators whose parameter lists are requested at once (the bridge client keeps 4 connections). */
const PARALLEL_READS = 4;

async function allParams(bridge: BridgeClient, path: string): Promise<ParState[]> {
  const reply = await bridge.get<{ params: ParState[] }>(`/api/nodes/${segment(path)}/params`, { modes: true });
  return reply.params;
}

/** One operator: every parameter. */
async function scanOne(bridge: BridgeClient, path: string): Promise<Scan> {
  const reply = await bridge.get<{ path: string; type: string; params: ParState[] }>(`/api/nodes/${segment(path)}/params`, { modes: true });
  return { nodes: [{ path: reply.path, type: reply.type, params: reply.params }], complete: true, stoppedBy: null, coverage: "all" };
}

/**
 * Below a COMP. When the filters can only match changed parameters (non-default or not constant),
 * the topology route brings them for the whole walk in one request; otherwise each operator's full
 * list is read, one request per operator, for at most `maxNodes` operators.
 */
async function scanUnder(bridge: BridgeClient, root: string, depth: number, nodeType: string | undefined, maxNodes: number, changedOnly: boolean): Promise<Scan> {
  if (changedOnly) {
    const topo = await bridge.get<{ nodes: (NodeSummary & { params?: Record<string, ParState> })[] } & WalkBounds>(
      `/api/network/${segment(root)}/topology`,
      { depth, params: true },
    );
    const byType = nodeType !== undefined ? textMatcher(nodeType) : undefined;
    const nodes = topo.nodes
      .filter((n) => !byType || byType(n.type))
      .map((n) => ({ path: n.path, type: n.type, params: Object.values(n.params ?? {}) }));
    const deeper = topo.complete && topo.deeper === true;
    return { nodes, complete: topo.complete && !deeper, stoppedBy: deeper ? "max_depth" : topo.stopped_by, coverage: "changed" };
  }
  const found = await bridge.get<{ results: NodeSummary[]; complete: boolean; stopped_by: string | null }>("/api/nodes/search", {
    root,
    type: nodeType,
    max_depth: depth,
    limit: maxNodes,
  });
  const nodes = found.results.map((n) => ({ path: n.path, type: n.type })).sort((a, b) => a.path.localeCompare(b.path));
  return { nodes, load: (p) => allParams(bridge, p), complete: found.complete, stoppedBy: found.stopped_by, coverage: "all" };
}

export const findTdParameters = defineTool({
  name: "find_td_parameters",
  title: "Find parameters",
  description: "Find parameters in the live project, on one operator or below a COMP, by name, value, expression, mode or non-default state. Results are ordered by operator path, then parameter name.",
  input: {
    path: tdPath("one operator whose parameters to search").optional(),
    root: tdPath("a COMP whose operators' parameters to search (give path or root)").optional(),
    depth: z.number().int().min(1).max(64).default(8).describe("with root: COMP levels below it"),
    nodeType: textFilter("with root: operator type").optional(),
    name: textFilter("parameter name").optional(),
    value: textFilter("constant value as text, e.g. 0.5 or *noise*").optional(),
    expression: textFilter("the expression (expression mode) or bind expression (bind mode)").optional(),
    mode: z.enum(PAR_MODES).optional(),
    nonDefault: z.boolean().optional().describe("true: only changed parameters (not default, or not constant); false: only untouched ones"),
    limit: z.number().int().min(1).max(1000).default(100).describe("most parameters to return"),
    maxNodes: z
      .number()
      .int()
      .min(1)
      .max(500)
      .default(100)
      .describe("with root, when untouched parameters can match: most operators whose full parameter lists are read"),
  },
  output: {
    matches: z.array(
      z.object({
        path: z.string().describe("the operator"),
        type: z.string(),
        name: z.string(),
        value: z.unknown().describe("the constant value (kept, not evaluated, in expression or bind mode); null when hidden"),
        mode: z.string(),
        expression: z.string().nullable().describe("the expression or bind expression driving it"),
        isDefault: z.boolean(),
        style: z.string(),
        hidden: z.boolean().describe("a credential: value and expression are not shown"),
      }),
    ),
    count: z.number(),
    nodesSearched: z.number(),
    coverage: z.enum(["all", "changed"]).describe("changed: only non-default or non-constant parameters were looked at, which is all the filters can match"),
    ...completeness,
  },
  annotations: { readOnlyHint: true, openWorldHint: true },
  profiles: ["safe"],
  async handler(args, ctx) {
    if ((args.path === undefined) === (args.root === undefined)) {
      return failure("invalid-arguments", "give either path (one operator) or root (a COMP to search below), not both and not neither");
    }
    const bridge = await bridgeClient();
    const scan = args.path !== undefined
      ? await scanOne(bridge, args.path)
      : await scanUnder(bridge, args.root!, args.depth, args.nodeType, args.maxNodes, onlyChangedCanMatch(args));
    const found: { node: { path: string; type: string }; par: ParState }[] = [];
    const matcher = parameterMatcher(args);
    let searched = 0;
    let stoppedByLimit = false;
    let cancelled = false;
    // Operators go in path order, so stopping once `limit` is passed still gives the first matches.
    for (let i = 0; i < scan.nodes.length && !stoppedByLimit; i += PARALLEL_READS) {
      if (ctx.signal.aborted) {
        cancelled = true;
        break;
      }
      const batch = scan.nodes.slice(i, i + PARALLEL_READS);
      const lists = await Promise.all(batch.map((n) => n.params ?? scan.load!(n.path)));
      if (scan.load && scan.nodes.length > PARALLEL_READS) {
        await ctx.progress(`read the parameters of ${i + batch.length} of ${scan.nodes.length} operators`, { done: i + batch.length, total: scan.nodes.length });
      }
      batch.forEach((node, k) => {
        searched++;
        const own = lists[k]!.filter(matcher).sort((a, b) => a.name.localeCompare(b.name));
        for (const par of own) found.push({ node, par });
      });
      if (found.length > args.limit) stoppedByLimit = true;
    }
    const shown = found.slice(0, args.limit).map(({ node, par }) => {
      const hidden = isSensitive(par.name);
      return {
        path: node.path,
        type: node.type,
        name: par.name,
        value: hidden ? null : (par.value ?? null),
        mode: par.mode ?? "constant",
        expression: hidden ? null : drivingExpression(par),
        isDefault: par.isDefault,
        style: par.style,
        hidden,
      };
    });
    const truncated = found.length > args.limit;
    const complete = scan.complete && !truncated && !cancelled;
    const stoppedBy = cancelled ? "cancelled" : truncated ? "limit" : scan.stoppedBy;
    const data = { matches: shown, count: shown.length, nodesSearched: searched, coverage: scan.coverage, complete, stoppedBy };
    const first = shown.slice(0, 3).map((m) => `${m.path}.${m.name}`).join(", ");
    const text = `${shown.length} parameter${shown.length === 1 ? "" : "s"} on ${searched} operator${searched === 1 ? "" : "s"} (${completenessNote(complete, stoppedBy)})${first ? `: ${first}${shown.length > 3 ? ", …" : ""}` : ""}`;
    return success(data, text);
  },
});
