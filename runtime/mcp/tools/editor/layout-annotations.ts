/**
 * layout_annotations: the annotation-layout routes as one tool. `read` returns a COMP's annotation
 * boxes, what each frames, every operator's placement and the wires, under one fingerprint; `apply`
 * moves boxes and operators in one undo step, refused before any change when the layout drifted
 * since the fingerprint was read (the caller's own, or one read just before when none is given).
 */
import { z } from "zod";
import { defineTool } from "../registry.js";
import { failure, success } from "../result.js";
import { tdPath } from "../live/live-input.js";

const coordinate = z.number().min(-10_000_000).max(10_000_000);
const extent = z.number().min(1).max(10_000_000);
const box = z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() });

interface Geometry {
  parent: string;
  annotations: { path: string; bounds: z.infer<typeof box>; encloses: string[] }[];
  nodes: { path: string; x: number; y: number; width: number; height: number }[];
  edges: unknown[];
  fingerprint: string;
}

interface Applied {
  parent: string;
  annotations: Geometry["annotations"];
  fingerprint: string;
  applied: { annotations: number; nodes: number };
  undo_label?: string;
}

export const layoutAnnotations = defineTool({
  name: "layout_annotations",
  title: "Lay out annotations and the operators they frame",
  description:
    "read: a COMP's annotation boxes, the operators each frames, positions and wires, with a fingerprint. apply: move boxes and operators in one undo step, refused before any change (stale_fingerprint) if anything moved since that read; all read back, all put back on a failure.",
  input: {
    action: z.enum(["read", "apply"]),
    path: tdPath("the COMP whose network is laid out, e.g. /project1/tunnel"),
    annotations: z
      .array(
        z
          .object({
            path: tdPath("an Annotate COMP of the network"),
            x: coordinate.optional(),
            y: coordinate.optional(),
            width: extent.optional(),
            height: extent.optional(),
          })
          .strict(),
      )
      .max(5000)
      .optional()
      .describe("apply: new boxes; a field left out keeps its value"),
    positions: z
      .array(z.object({ path: tdPath("an operator of the network"), x: coordinate, y: coordinate }).strict())
      .max(5000)
      .optional()
      .describe("apply: where each operator goes (network editor units)"),
    fingerprint: z
      .string()
      .regex(/^[0-9a-f]{1,64}$/)
      .optional()
      .describe(
        "apply: the fingerprint of the read this plan was made from; refused if the layout changed since. Left out: the layout read just before applying",
      ),
  },
  output: {
    parent: z.string(),
    annotations: z.array(z.object({ path: z.string(), bounds: box, encloses: z.array(z.string()) })),
    nodes: z
      .array(
        z
          .object({ path: z.string(), x: z.number(), y: z.number(), width: z.number(), height: z.number() })
          .passthrough(),
      )
      .optional()
      .describe("read: every operator's placement"),
    edges: z.array(z.unknown()).optional().describe("read: the wires between them"),
    fingerprint: z.string().describe("of the layout now: pass it to apply"),
    applied: z.object({ annotations: z.number(), nodes: z.number() }).optional(),
    undoStep: z.string().nullable().optional(),
  },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  profiles: [],
  async handler({ action, path, annotations, positions, fingerprint }, ctx) {
    const bridge = await ctx.services.bridge();
    if (action === "read") {
      if (annotations !== undefined || positions !== undefined || fingerprint !== undefined) {
        return failure("invalid-arguments", "annotations, positions and fingerprint are for action apply");
      }
      const g = await bridge.post<Geometry>("/api/editor/annotation-layout/context", { parent: path });
      return success(
        g,
        `${g.parent}: ${g.annotations.length} annotation(s), ${g.nodes.length} operator(s), fingerprint ${g.fingerprint}`,
      );
    }
    if (!annotations?.length && !positions?.length)
      return failure("nothing-to-change", "apply needs annotations or positions");
    const current =
      fingerprint ??
      (await bridge.post<Geometry>("/api/editor/annotation-layout/context", { parent: path })).fingerprint;
    const r = await bridge.post<Applied>("/api/editor/annotation-layout/apply", {
      parent: path,
      fingerprint: current,
      ...(annotations?.length ? { annotations } : {}),
      ...(positions?.length ? { nodes: positions } : {}),
    });
    const data = {
      parent: r.parent,
      annotations: r.annotations,
      fingerprint: r.fingerprint,
      applied: r.applied,
      undoStep: r.undo_label ?? null,
    };
    return success(
      data,
      `${r.parent}: ${r.applied.annotations} annotation box(es) and ${r.applied.nodes} operator(s) placed`,
    );
  },
});
