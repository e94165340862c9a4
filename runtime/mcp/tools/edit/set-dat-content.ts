import { z } from "zod";
import { defineTool } from "../registry.js";
import { allowUnmanaged, asToolOutcome, editOutput, force, nodePath, stepsOutput } from "./edit-schemas.js";

export const setDatContent = defineTool({
  name: "set_dat_content",
  title: "Set a DAT's text",
  description:
    "Replace the whole text of a DAT svc built (a script, a shader, a table as tab-separated rows), through a planned, checked apply.",
  input: {
    path: nodePath("DAT, e.g. /project1/shader/pixel1"),
    text: z.string().max(500_000).describe("the new text; tables are rows of tab-separated cells"),
    force,
    allow_unmanaged: allowUnmanaged,
  },
  output: { ...editOutput, ...stepsOutput },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  profiles: [],
  async handler({ path, text, force, allow_unmanaged }, ctx) {
    const { runEdits } = await import("./run-edits.js");
    return asToolOutcome(
      await runEdits([{ op: "set_dat_content", path, text }], {
        force,
        allowUnmanaged: allow_unmanaged,
        services: ctx.services,
        progress: (m) => void ctx.progress(m),
      }),
    );
  },
});
