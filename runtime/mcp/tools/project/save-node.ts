import { z } from "zod";
import { defineTool } from "../registry.js";
import { success } from "../result.js";
import { segment, tdPath } from "../live/live-input.js";

export const saveNode = defineTool({
  name: "save_node",
  title: "Save an operator to a file",
  description: "Save a COMP as .tox, a DAT as text or a TOP as an image file, on the machine running the environment.",
  input: {
    path: tdPath("the operator to save, e.g. /project1/tunnel"),
    file_path: z
      .string()
      .min(2)
      .max(1024)
      .describe(
        "absolute path of the file, ending in .tox (COMP), .txt/.py/.json/... (DAT) or .png/.jpg/.exr/... (TOP)",
      ),
    overwrite: z.boolean().default(false).describe("replace an existing file"),
  },
  output: { path: z.string(), filePath: z.string(), bytes: z.number() },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  profiles: [],
  async handler({ path, file_path, overwrite }, ctx) {
    const bridge = await ctx.services.bridge();
    const r = await bridge.post<{ path: string; file_path: string; bytes: number }>(
      `/api/nodes/${segment(path)}/save`,
      { file_path, overwrite },
    );
    return success(
      { path: r.path, filePath: r.file_path, bytes: r.bytes },
      `saved ${r.path} to ${r.file_path} (${r.bytes} bytes)`,
    );
  },
});
