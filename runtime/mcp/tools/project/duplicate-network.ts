import { z } from "zod";
import { defineTool } from "../registry.js";
import { success } from "../result.js";
import { tdPath } from "../live/live-input.js";
import { nodeName } from "../edit/edit-schemas.js";

export const duplicateNetwork = defineTool({
  name: "duplicate_network",
  title: "Duplicate an operator or network",
  description:
    "Copy an operator, or a COMP with everything inside it, next to the original or into another COMP; one undo step.",
  input: {
    source_path: tdPath("what to copy, e.g. /project1/tunnel"),
    parent_path: tdPath("the COMP to copy into; default the source's own parent").optional(),
    name: nodeName.optional().describe("the copy's name; default TouchDesigner's next free one"),
  },
  output: { path: z.string(), type: z.string() },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  profiles: [],
  async handler({ source_path, parent_path, name }, ctx) {
    const bridge = await ctx.services.bridge();
    const body = { source_path, ...(parent_path ? { parent_path } : {}), ...(name ? { name } : {}) };
    const r = await bridge.post<{ path: string; type: string }>("/api/duplicate", body);
    return success({ path: r.path, type: r.type }, `copied ${source_path} to ${r.path}`);
  },
});
