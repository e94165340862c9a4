import { z } from "zod";
import { defineTool } from "../registry.js";
import { failure, success } from "../result.js";
import { completeness, completenessNote, tdPath, textFilter } from "./live-input.js";

const PAR_MODES = ["constant", "expression", "bind", "export"] as const;

interface SearchReply {
  matches: {
    path: string;
    type: string;
    name: string;
    style: string | null;
    mode: string;
    value: unknown;
    expr: string;
    bindExpr: string;
    isDefault: boolean;
    redacted: boolean;
  }[];
  complete: boolean;
  stopped_by: string | null;
  nodes_scanned: number;
  params_scanned: number;
  unreadable: number;
  frame: number;
}

export const findTdParameters = defineTool({
  name: "find_td_parameters",
  title: "Find parameters",
  description:
    "Find parameters in the live project, on one operator or below a COMP, by name, value, expression, mode or non-default state. Results are ordered by operator path, then parameter name.",
  input: {
    path: tdPath("one operator whose parameters to search").optional(),
    root: tdPath("a COMP whose operators' parameters to search (give path or root)").optional(),
    depth: z.number().int().min(1).max(64).default(8).describe("with root: COMP levels below it"),
    nodeType: textFilter("with root: operator type").optional(),
    name: textFilter("parameter name").optional(),
    value: textFilter("constant value as text, e.g. 0.5 or *noise*").optional(),
    expression: textFilter("the expression (expression mode) or bind expression (bind mode)").optional(),
    mode: z.enum(PAR_MODES).optional(),
    nonDefault: z
      .boolean()
      .optional()
      .describe("true: only changed parameters (not default, or not constant); false: only untouched ones"),
    limit: z.number().int().min(1).max(1000).default(100).describe("most parameters to return"),
    maxNodes: z.number().int().min(1).max(50_000).default(5000).describe("with root: most operators looked at"),
  },
  output: {
    matches: z.array(
      z.object({
        path: z.string().describe("the operator"),
        type: z.string(),
        name: z.string(),
        value: z
          .unknown()
          .describe("the constant value (kept, not evaluated, in expression or bind mode); null when hidden"),
        mode: z.string(),
        expression: z.string().nullable().describe("the expression or bind expression driving it"),
        isDefault: z.boolean(),
        style: z.string().nullable().describe("the parameter's style; null when the environment does not say"),
        hidden: z.boolean().describe("a credential: value and expression are not shown"),
      }),
    ),
    count: z.number(),
    nodesSearched: z.number(),
    parametersScanned: z.number(),
    unreadable: z.number().describe("parameters the environment could not read, skipped"),
    frame: z.number().describe("the frame the search read the project at"),
    ...completeness,
  },
  annotations: { readOnlyHint: true, openWorldHint: true },
  profiles: ["safe"],
  async handler(args, ctx) {
    if ((args.path === undefined) === (args.root === undefined)) {
      return failure(
        "invalid-arguments",
        "give either path (one operator) or root (a COMP to search below), not both and not neither",
      );
    }
    const bridge = await ctx.services.bridge();
    const body = {
      ...(args.path !== undefined
        ? { path: args.path }
        : { root: args.root, max_depth: args.depth, max_nodes: args.maxNodes }),
      node_type: args.nodeType,
      name: args.name,
      value: args.value,
      expression: args.expression,
      mode: args.mode,
      non_default: args.nonDefault,
      limit: args.limit,
    };
    const r = await bridge.post<SearchReply>("/api/params/search", JSON.parse(JSON.stringify(body)));
    const shown = r.matches.map((m) => ({
      path: m.path,
      type: m.type,
      name: m.name,
      value: m.redacted && m.value === null ? null : (m.value ?? null),
      mode: m.mode,
      expression: m.mode === "expression" ? m.expr : m.mode === "bind" ? m.bindExpr : null,
      isDefault: m.isDefault,
      style: typeof m.style === "string" ? m.style : null,
      hidden: m.redacted && m.value === null,
    }));
    const data = {
      matches: shown,
      count: shown.length,
      nodesSearched: r.nodes_scanned,
      parametersScanned: r.params_scanned,
      unreadable: r.unreadable,
      frame: r.frame,
      complete: r.complete,
      stoppedBy: r.stopped_by,
    };
    const first = shown
      .slice(0, 3)
      .map((m) => `${m.path}.${m.name}`)
      .join(", ");
    const text = `${shown.length} parameter${shown.length === 1 ? "" : "s"} on ${r.nodes_scanned} operator${r.nodes_scanned === 1 ? "" : "s"} (${completenessNote(r.complete, r.stopped_by)})${first ? `: ${first}${shown.length > 3 ? ", …" : ""}` : ""}`;
    return success(data, text);
  },
});
