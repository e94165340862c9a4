import { z } from "zod";
import { defineTool } from "../registry.js";
import { failure, success } from "../result.js";
import { segment, tdPath } from "../live/live-input.js";
import { nodeName, opType } from "../edit/edit-schemas.js";

interface EditorContext {
  active_editor: { network: string } | null;
  selection: string[];
  fingerprint: string | null;
  editor_problem?: { code: string; message: string };
}
interface Wire {
  source: string;
  source_output: number;
  target: string;
  target_input: number;
}

export const insertOperatorAtSelection = defineTool({
  name: "insert_operator_at_selection",
  title: "Insert an operator after the selected one",
  description:
    "Put a filter (a Level, Blur, Null...) on the wire leaving the operator selected in the artist's network editor, as the editor's insert does; refused if the selection or the network changed meanwhile.",
  input: {
    type: opType.describe("the operator to insert, e.g. levelTOP; single-input filters of the wire's family"),
    name: nodeName.optional().describe("its name (default TouchDesigner's next free one)"),
    target: tdPath("when the selected operator feeds several, the one whose input gets the new operator").optional(),
  },
  output: {
    path: z.string(),
    source: z.string(),
    target: z.string(),
    x: z.number(),
    y: z.number(),
    undoStep: z.string().nullable(),
  },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  profiles: [],
  async handler({ type, name, target }, tool) {
    const bridge = await tool.services.bridge();
    const ctx = await bridge.get<EditorContext>("/api/editor/context");
    if (ctx.editor_problem?.code === "editor_network_deleted")
      return failure(
        "editor-network-deleted",
        `${ctx.editor_problem.message} (focus_network_editor opens one), then select the operator again`,
      );
    if (ctx.active_editor === null || ctx.fingerprint === null)
      return failure("no-editor", "no network editor is open in TouchDesigner");
    if (ctx.selection.length !== 1) {
      return failure(
        "selection",
        `select exactly one operator in ${ctx.active_editor.network} (${ctx.selection.length} selected)`,
        { details: { selection: ctx.selection } },
      );
    }
    const source = ctx.selection[0]!;
    const detail = await bridge.get<{ outputs: Wire[] }>(`/api/nodes/${segment(source)}`);
    const wires = detail.outputs.filter((w) => target === undefined || w.target === target);
    if (wires.length !== 1) {
      const why =
        wires.length === 0
          ? `${source} has no wire${target ? ` into ${target}` : ""} to insert on`
          : `${source} feeds ${wires.length} inputs; say which with target`;
      return failure("no-single-wire", why, { details: { targets: detail.outputs.map((w) => w.target) } });
    }
    const wire = wires[0]!;
    const r = await bridge.post<{ path: string; x: number; y: number; undo_label?: string }>("/api/editor/insert", {
      network: ctx.active_editor.network,
      fingerprint: ctx.fingerprint,
      source_path: source,
      target_path: wire.target,
      target_input: wire.target_input,
      type,
      ...(name ? { name } : {}),
    });
    return success(
      { path: r.path, source, target: wire.target, x: r.x, y: r.y, undoStep: r.undo_label ?? null },
      `inserted ${r.path} between ${source} and ${wire.target}`,
    );
  },
});
