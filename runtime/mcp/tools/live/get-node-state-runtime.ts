import { z } from "zod";
import { defineTool } from "../registry.js";
import { success } from "../result.js";
import type { CookRow, NodeDetail } from "./bridge-replies.js";
import { cookOf, cookSchema } from "./cook-state.js";
import { splitErrorLine } from "./error-lines.js";
import { flagsSchema, flagWords } from "./get-td-node-flags.js";
import { segment, tdPath } from "./live-input.js";

export const getNodeStateRuntime = defineTool({
  name: "get_node_state_runtime",
  title: "Operator runtime state",
  description:
    "One operator's live state: type, flags, errors and warnings, cook counters, wires, and its resolution (TOP), child count (COMP) or text length (DAT).",
  input: {
    path: tdPath("operator, e.g. /project1/noise1"),
    include_info_chop: z.boolean().default(false).describe("also the channels an Info CHOP on it shows"),
  },
  output: {
    path: z.string(),
    type: z.string(),
    family: z.string(),
    flags: flagsSchema,
    errors: z.array(z.string()),
    warnings: z.array(z.string()),
    cook: cookSchema.nullable(),
    inputs: z.array(z.object({ input: z.number(), source: z.string(), sourceOutput: z.number() })),
    outputCount: z.number().describe("wires leaving the operator"),
    resolution: z.object({ width: z.number(), height: z.number() }).nullable().describe("TOPs only"),
    numChildren: z.number().nullable().describe("COMPs only"),
    textLength: z.number().nullable().describe("DATs only, in characters"),
    infoChop: z
      .record(z.string(), z.number())
      .optional()
      .describe("Info CHOP channels: total_cooks, cook_time, ...; a CHOP's start, length, sample_rate, num_channels"),
  },
  annotations: { readOnlyHint: true, openWorldHint: true },
  profiles: ["safe"],
  async handler({ path, include_info_chop }, ctx) {
    const bridge = await ctx.services.bridge();
    const node = await bridge.get<NodeDetail>(`/api/nodes/${segment(path)}`);
    // The performance route walks a COMP's children too; one child is enough to get the COMP's own row.
    const perf = await bridge.get<{ nodes: CookRow[] }>(`/api/network/${segment(node.path)}/performance`, {
      limit: 2,
      depth: 1,
      max_nodes: 1,
    });
    const own = perf.nodes.find((r) => r.path === node.path);
    const info = include_info_chop
      ? await bridge.get<{ channels: Record<string, number> }>(`/api/nodes/${segment(node.path)}/info_chop`)
      : undefined;
    const data = {
      path: node.path,
      type: node.type,
      family: node.family,
      flags: node.flags,
      errors: node.errors.map((l) => splitErrorLine(l, node.path).message),
      warnings: node.warnings.map((l) => splitErrorLine(l, node.path).message),
      cook: own ? cookOf(own) : null,
      inputs: node.inputs.map((w) => ({ input: w.target_input, source: w.source, sourceOutput: w.source_output })),
      outputCount: node.outputs.length,
      resolution: node.resolution ? { width: node.resolution[0], height: node.resolution[1] } : null,
      numChildren: node.num_children ?? null,
      textLength: node.text_length ?? null,
      ...(info ? { infoChop: info.channels } : {}),
    };
    const extra = [
      data.resolution ? `${data.resolution.width}x${data.resolution.height}` : "",
      data.numChildren !== null ? `${data.numChildren} children` : "",
      data.textLength !== null ? `${data.textLength} characters` : "",
      `${data.errors.length} error${data.errors.length === 1 ? "" : "s"}`,
      data.cook ? `${data.cook.totalCooks} cooks` : "",
    ].filter(Boolean);
    const channels = info
      ? `; Info CHOP: ${Object.entries(info.channels)
          .map(([k, v]) => `${k} ${v}`)
          .join(", ")}`
      : "";
    return success(data, `${node.path} (${node.type}): ${flagWords(node.flags)}; ${extra.join(", ")}${channels}`);
  },
});
