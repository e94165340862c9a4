import { z } from "zod";
import { defineTool } from "../registry.js";
import { success } from "../result.js";
import type { NetworkErrors } from "./bridge-replies.js";
import { entriesOf, splitErrorLine, type ErrorEntry } from "./error-lines.js";
import { completeness, completenessNote, segment, tdPath } from "./live-input.js";

const entry = z.object({ path: z.string(), message: z.string() });

export const getTdNodeErrors = defineTool({
  name: "get_td_node_errors",
  title: "Operator errors",
  description:
    "Errors and warnings of a live operator, and of everything inside it when it is a COMP. Use it after building to check the network cooks cleanly.",
  input: {
    path: tdPath("operator or COMP, e.g. /project1/tunnel"),
    recursive: z.boolean().default(true).describe("include everything inside a COMP"),
    depth: z.number().int().min(1).max(64).default(64).describe("COMP levels below path to include"),
    limit: z
      .number()
      .int()
      .min(1)
      .max(1000)
      .default(100)
      .describe("most errors and warnings listed (counts stay exact)"),
  },
  output: {
    path: z.string(),
    errorCount: z.number(),
    warningCount: z.number(),
    errors: z.array(entry),
    warnings: z.array(entry),
    truncated: z.boolean().describe("more errors or warnings exist than were listed"),
    ...completeness,
  },
  annotations: { readOnlyHint: true, openWorldHint: true },
  profiles: ["core", "safe"],
  async handler({ path, recursive, depth, limit }, ctx) {
    const bridge = await ctx.services.bridge();
    let errors: ErrorEntry[];
    let warnings: ErrorEntry[];
    let complete = true;
    let stoppedBy: string | null = null;
    if (recursive) {
      const reply = await bridge.get<NetworkErrors>(`/api/network/${segment(path)}/errors`, { depth });
      errors = entriesOf(reply.errors);
      warnings = entriesOf(reply.warnings);
      complete = reply.complete;
      stoppedBy = reply.stopped_by;
    } else {
      const reply = await bridge.get<{ path: string; errors: string[]; warnings: string[] }>(
        `/api/nodes/${segment(path)}/errors`,
      );
      errors = reply.errors.map((l) => splitErrorLine(l, reply.path));
      warnings = reply.warnings.map((l) => splitErrorLine(l, reply.path));
    }
    const data = {
      path,
      errorCount: errors.length,
      warningCount: warnings.length,
      errors: errors.slice(0, limit),
      warnings: warnings.slice(0, limit),
      truncated: errors.length > limit || warnings.length > limit,
      complete,
      stoppedBy,
    };
    const first = errors[0] ? `; first: ${errors[0].path}: ${errors[0].message}` : "";
    const text = `${errors.length} error${errors.length === 1 ? "" : "s"}, ${warnings.length} warning${warnings.length === 1 ? "" : "s"} in ${path}${recursive ? ` (${completenessNote(complete, stoppedBy)})` : ""}${first}`;
    return success(data, text);
  },
});
