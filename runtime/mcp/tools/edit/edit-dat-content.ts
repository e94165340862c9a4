import { z } from "zod";
import { defineTool } from "../registry.js";
import { failure } from "../result.js";
import { segment } from "../live/live-input.js";
import { allowUnmanaged, asToolOutcome, editOutput, force, nodePath, stepsOutput } from "./edit-schemas.js";
import { applyLineEdits } from "./line-edits.js";

const lineEdit = z
  .object({
    start_line: z.number().int().min(1).max(10_000_000).describe("first line replaced (1-based)"),
    end_line: z
      .number()
      .int()
      .min(0)
      .max(10_000_000)
      .describe("last line replaced (inclusive); start_line - 1 inserts before start_line"),
    text: z.string().max(500_000).describe("the new lines; empty deletes the range"),
    expect: z
      .string()
      .max(500_000)
      .optional()
      .describe("what those lines hold now (as read with get_dat_content); the call is refused if they changed"),
  })
  .strict();

export const editDatContent = defineTool({
  name: "edit_dat_content",
  title: "Edit lines of a DAT",
  description:
    "Replace, insert or delete ranges of lines in a DAT's text, each optionally checked against what it held when read, through the same planned, checked apply as set_dat_content.",
  input: {
    path: nodePath("DAT, e.g. /project1/script1"),
    edits: z.array(lineEdit).min(1).max(200).describe("non-overlapping line ranges of the current text"),
    force,
    allow_unmanaged: allowUnmanaged,
  },
  output: { ...editOutput, ...stepsOutput },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
  profiles: [],
  async handler({ path, edits, force, allow_unmanaged }, ctx) {
    const bridge = await ctx.services.bridge();
    const current = await bridge.get<{ text: string }>(`/api/nodes/${segment(path)}/text`);
    const edited = applyLineEdits(current.text, edits);
    if (!edited.ok) return failure(edited.code, edited.message, { details: { index: edited.index } });
    const { runEdits } = await import("./run-edits.js");
    return asToolOutcome(
      await runEdits([{ op: "set_dat_content", path, text: edited.text }], {
        force,
        allowUnmanaged: allow_unmanaged,
        services: ctx.services,
        progress: (m) => void ctx.progress(m),
      }),
    );
  },
});
