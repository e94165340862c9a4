import { z } from "zod";
import { defineTool } from "../registry.js";
import { failure, success } from "../result.js";
import { segment, tdPath } from "../live/live-input.js";
import { nodeName } from "../edit/edit-schemas.js";

const unit = z.number().min(0).max(1);
const coordinate = z.number().min(-10_000_000).max(10_000_000);

interface Annotation {
  path: string;
  title: string;
  body: string;
  color: (number | null)[];
  bounds: { x: number; y: number; width: number; height: number };
}

export const manageAnnotation = defineTool({
  name: "manage_annotation",
  title: "Network editor annotations",
  description:
    "Read, create or edit an Annotate COMP (a titled note or frame in the network editor): title, body text, colour with alpha, and its box; an edit is read back and undone whole if any field fails.",
  input: {
    action: z.enum(["read", "create", "edit"]),
    path: tdPath("read/edit: the Annotate COMP; create: the COMP to put it in"),
    name: nodeName.optional().describe("create: its name (default TouchDesigner's annotate1, annotate2, ...)"),
    title: z.string().max(100_000).optional(),
    body: z.string().max(100_000).optional(),
    color: z.tuple([unit, unit, unit, unit]).optional().describe("background [r, g, b, alpha], 0 to 1"),
    bounds: z
      .object({
        x: coordinate.optional(),
        y: coordinate.optional(),
        width: z.number().min(1).max(10_000_000).optional(),
        height: z.number().min(1).max(10_000_000).optional(),
      })
      .strict()
      .optional(),
  },
  output: {
    path: z.string(),
    title: z.string(),
    body: z.string(),
    color: z.array(z.number().nullable()),
    bounds: z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }),
    changed: z.array(z.string()).describe("fields this call changed"),
  },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  profiles: [],
  async handler({ action, path, name, ...fields }, ctx) {
    const bridge = await ctx.services.bridge();
    const given = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
    let target = path;
    let changed: string[] = [];
    if (action === "create") {
      const made = await bridge.post<{ path: string }>("/api/nodes", {
        parent_path: path,
        type: "annotateCOMP",
        ...(name ? { name } : {}),
      });
      target = made.path;
      changed = ["created"];
    } else if (name !== undefined) {
      return failure("invalid-arguments", "name is for create; rename an annotation with edit_node_metadata");
    }
    if (action !== "read" && Object.keys(given).length > 0) {
      try {
        const r = await bridge.patch<{ fields: Record<string, { changed: boolean }> }>(
          `/api/nodes/${segment(target)}/annotation`,
          given,
        );
        changed.push(
          ...Object.entries(r.fields)
            .filter(([, f]) => f.changed)
            .map(([k]) => k),
        );
      } catch (err) {
        // A new annotation whose fields were refused is taken away again: nothing half-made stays.
        if (action === "create") await bridge.delete(`/api/nodes/${segment(target)}`, { confirmation_policy: "yolo" });
        throw err;
      }
    } else if (action === "edit") {
      return failure("nothing-to-change", "give at least one of title, body, color, bounds");
    }
    const a = await bridge.get<Annotation>(`/api/nodes/${segment(target)}/annotation`);
    const text =
      action === "read"
        ? `${a.path}: "${a.title}" (${a.body.length} characters of body)`
        : `${a.path}: ${changed.join(", ") || "nothing changed"}`;
    return success({ path: a.path, title: a.title, body: a.body, color: a.color, bounds: a.bounds, changed }, text);
  },
});
