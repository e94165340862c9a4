import { z } from "zod";
import { defineTool } from "../registry.js";
import { failure, success } from "../result.js";

export const saveProject = defineTool({
  name: "save_project",
  title: "Save the project",
  description:
    "Save the TouchDesigner project, or Save As a .toe; an existing file is replaced only when the artist chooses Overwrite in TouchDesigner.",
  input: {
    file_path: z
      .string()
      .min(5)
      .max(1024)
      .regex(/\.toe$/i)
      .optional()
      .describe(
        "Save As: absolute path of a .toe in the project folder or SVC_BRIDGE_EXPORT_DIR; omitted: save the project's own file",
      ),
    overwrite: z
      .boolean()
      .default(false)
      .describe("Save As onto an existing file: ask the artist (no answer keeps the file)"),
    ttl_seconds: z.number().int().min(5).max(120).default(30).describe("how long the artist has to answer"),
  },
  output: {
    saveAs: z.boolean(),
    filePath: z.string().nullable(),
    name: z.string(),
    folder: z.string(),
    asked: z.boolean(),
  },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  profiles: [],
  async handler({ file_path, overwrite, ttl_seconds }, ctx) {
    const { saveProject: save } = await import("../../../project/save-project.js");
    const r = await save(await ctx.services.bridge(), {
      ...(file_path === undefined ? {} : { filePath: file_path }),
      askToOverwrite: overwrite,
      ttlSeconds: ttl_seconds,
      signal: ctx.signal,
      progress: (m) => void ctx.progress(m),
    });
    if (!r.saved)
      return failure("kept", `${r.filePath} was not replaced: ${r.reason}`, {
        details: { interaction: r.interaction },
      });
    return success(
      { saveAs: r.saveAs, filePath: r.filePath, name: r.name, folder: r.folder, asked: r.asked },
      r.saveAs
        ? `saved the project as ${r.filePath}${r.asked ? " (the artist chose Overwrite)" : ""}`
        : `saved the project (${r.name})`,
    );
  },
});
