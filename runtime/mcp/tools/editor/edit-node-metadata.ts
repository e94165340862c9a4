import { z } from "zod";
import { defineTool } from "../registry.js";
import { failure, success } from "../result.js";
import { segment, tdPath } from "../live/live-input.js";
import { nodeName } from "../edit/edit-schemas.js";

const FLAGS = ["display", "render", "viewer", "bypass", "lock", "allowCooking"] as const;

interface MetadataReply {
  path: string;
  previous_path: string;
  changed: Record<string, { before: unknown; after: unknown }>;
  state: Record<string, unknown>;
  wires_dropped: { source: string; target: string }[];
  undo_label?: string;
}

export const editNodeMetadata = defineTool({
  name: "edit_node_metadata",
  title: "Rename, move or annotate an operator",
  description:
    "Rename an operator, move it into another COMP, place it, or set its colour, comment, tags or flags, all in one undo step; every field is read back and nothing changes if one fails.",
  input: {
    path: tdPath("the operator, e.g. /project1/level1"),
    name: nodeName.optional().describe("new name"),
    parent_path: tdPath(
      "move into this COMP (wires to operators left outside are dropped, as with cut and paste)",
    ).optional(),
    node_x: z.number().min(-10_000_000).max(10_000_000).optional().describe("network editor x"),
    node_y: z.number().min(-10_000_000).max(10_000_000).optional().describe("network editor y"),
    color: z
      .tuple([z.number().min(0).max(1), z.number().min(0).max(1), z.number().min(0).max(1)])
      .optional()
      .describe("node colour [r, g, b], 0 to 1"),
    comment: z.string().max(10_000).optional(),
    tags: z.array(z.string().min(1).max(200)).max(100).optional().describe("replaces the node's tags"),
    flags: z
      .object(
        Object.fromEntries(FLAGS.map((f) => [f, z.boolean().optional()])) as Record<
          (typeof FLAGS)[number],
          z.ZodOptional<z.ZodBoolean>
        >,
      )
      .strict()
      .optional()
      .describe("e.g. {bypass: true, display: false}"),
  },
  output: {
    path: z.string(),
    previousPath: z.string(),
    changed: z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() })),
    wiresDropped: z.array(z.object({ source: z.string(), target: z.string() })),
    undoStep: z.string().nullable(),
  },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  profiles: [],
  async handler({ path, ...fields }, ctx) {
    const bridge = await ctx.services.bridge();
    if (fields.name !== undefined || fields.parent_path !== undefined) {
      // svc's plan knows its nodes by path: renamed or moved, the next apply would make them again.
      const node = await bridge.get<{ tags: string[] }>(`/api/nodes/${segment(path)}`);
      if (node.tags.includes("svc")) {
        return failure(
          "svc-managed",
          `${path} is built by svc: rename or move it in its .svcnet source (or with the edit tools), or svc's next apply makes it again`,
        );
      }
    }
    const body = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
    if (Object.keys(body).length === 0)
      return failure(
        "nothing-to-change",
        "give at least one of name, parent_path, node_x, node_y, color, comment, tags, flags",
      );
    const r = await bridge.patch<MetadataReply>(`/api/nodes/${segment(path)}/metadata`, body);
    const changed = Object.keys(r.changed).filter((k) => k !== "path");
    const dropped = r.wires_dropped.map((w) => ({ source: w.source, target: w.target }));
    const text = `${r.path}: ${changed.length ? changed.join(", ") + " changed" : "nothing to change"}${dropped.length ? `; ${dropped.length} wire(s) dropped by the move` : ""}`;
    return success(
      {
        path: r.path,
        previousPath: r.previous_path,
        changed: r.changed,
        wiresDropped: dropped,
        undoStep: r.undo_label ?? null,
      },
      text,
    );
  },
});
