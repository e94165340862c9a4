import { z } from "zod";
import { defineTool } from "../registry.js";
import { success } from "../result.js";
import type { NodeDetail } from "./bridge-replies.js";
import { segment, tdPath } from "./live-input.js";

/** Flag values; a flag the operator does not have is left out. */
export const flagsSchema = z.object({
  display: z.boolean().optional(),
  render: z.boolean().optional(),
  viewer: z.boolean().optional(),
  bypass: z.boolean().optional(),
  lock: z.boolean().optional(),
  allowCooking: z.boolean().optional(),
});

/** "display, render, bypass" or "no flags set"; cooking is mentioned only when it is off. */
export function flagWords(flags: z.infer<typeof flagsSchema>): string {
  const on: string[] = (["display", "render", "viewer", "bypass", "lock"] as const).filter((f) => flags[f] === true);
  if (flags.allowCooking === false) on.push("cooking off");
  return on.length ? on.join(", ") : "no flags set";
}

export const getTdNodeFlags = defineTool({
  name: "get_td_node_flags",
  title: "Operator flags",
  description: "Read an operator's flags (display, render, viewer, bypass, lock, cooking) in the live project.",
  input: { path: tdPath("operator, e.g. /project1/noise1") },
  output: { path: z.string(), type: z.string(), family: z.string(), flags: flagsSchema },
  annotations: { readOnlyHint: true, openWorldHint: true },
  profiles: ["safe"],
  async handler({ path }, ctx) {
    const bridge = await ctx.services.bridge();
    const node = await bridge.get<NodeDetail>(`/api/nodes/${segment(path)}`);
    return success(
      { path: node.path, type: node.type, family: node.family, flags: node.flags },
      `${node.path} (${node.type}): ${flagWords(node.flags)}`,
    );
  },
});
