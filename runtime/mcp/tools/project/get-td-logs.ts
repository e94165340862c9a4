import { z } from "zod";
import { defineTool } from "../registry.js";
import { success } from "../result.js";
import { tdPath } from "../live/live-input.js";
import { logText, readLogs } from "../../../project/logs.js";

export const logLine = z.object({
  severity: z.enum(["info", "warning", "error"]),
  source: z.string().describe("bridge: the bridge's lines; cook: an operator's error or warning"),
  message: z.string(),
  path: z.string().optional(),
  time: z.number().optional().describe("seconds since the epoch (bridge lines)"),
});

export const getTdLogs = defineTool({
  name: "get_td_logs",
  title: "Recent bridge lines and cook errors",
  description: "The bridge's recent log lines and the live cook errors and warnings under a COMP, newest last.",
  input: {
    severity: z.enum(["info", "warning", "error"]).default("info").describe("the lowest severity shown"),
    max_lines: z.number().int().min(1).max(1000).default(100),
    scope: z
      .union([z.literal("bridge"), tdPath("a COMP whose cook errors are included")])
      .default("/")
      .describe("a COMP whose cook errors to include, or 'bridge' for its lines only"),
  },
  output: {
    lines: z.array(logLine),
    truncated: z.boolean().describe("older lines were left out"),
    complete: z.boolean().describe("false when the walk for cook errors stopped at a limit"),
  },
  annotations: { readOnlyHint: true, openWorldHint: true },
  profiles: ["core", "safe"],
  async handler({ severity, max_lines, scope }, ctx) {
    const bridge = await ctx.services.bridge();
    const reply = await readLogs(bridge, { severity, max_lines, scope });
    const data = { lines: reply.lines, truncated: reply.truncated, complete: reply.complete };
    const head = `${reply.lines.length} line(s) at ${severity} or above${reply.truncated ? " (older ones left out)" : ""}`;
    return success(data, [head, ...reply.lines.map(logText)].join("\n"));
  },
});
