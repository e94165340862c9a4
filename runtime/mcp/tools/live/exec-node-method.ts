import { z } from "zod";
import { defineTool } from "../registry.js";
import { success } from "../result.js";
import { execFailure } from "./exec-gate.js";
import { segment, tdPath } from "./live-input.js";

export const execNodeMethod = defineTool({
  name: "exec_node_method",
  title: "Call an operator method",
  description:
    "Call a public Python method of an operator in the live environment with JSON arguments, e.g. cook or a DAT's appendRow. Needs the bridge's exec switch.",
  input: {
    path: tdPath("operator, e.g. /project1/table1"),
    method: z
      .string()
      .min(1)
      .max(100)
      .regex(/^[A-Za-z][A-Za-z0-9_]*$/, "must be a public method name such as appendRow")
      .describe("method name"),
    args: z.array(z.unknown()).max(64).default([]).describe("positional arguments (JSON; operators by path string)"),
    kwargs: z
      .record(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/), z.unknown())
      .default({})
      .describe("keyword arguments (JSON)"),
  },
  output: {
    path: z.string(),
    method: z.string(),
    result: z.unknown().describe("the return value as JSON (operators as paths)"),
  },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
  profiles: [],
  rawPython: true,
  async handler({ path, method, args, kwargs }, ctx) {
    const bridge = await ctx.services.bridge();
    let reply: { path: string; method: string; result: unknown };
    try {
      reply = await bridge.post(`/api/nodes/${segment(path)}/method`, { method, args, kwargs });
    } catch (err) {
      const f = execFailure(err);
      if (f) return f;
      throw err;
    }
    const shown = JSON.stringify(reply.result ?? null);
    return success(
      { path: reply.path, method: reply.method, result: reply.result ?? null },
      `${reply.path}.${reply.method}() returned ${shown.length > 200 ? `${shown.slice(0, 200)}…` : shown}`,
    );
  },
});
