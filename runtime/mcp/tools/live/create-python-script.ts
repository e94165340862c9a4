import { z } from "zod";
import { defineTool } from "../registry.js";
import { success } from "../result.js";
import { tdPath } from "./live-input.js";
import { nodeName } from "../edit/edit-schemas.js";
import { CREATE_SCRIPT_DAT, runTemplate } from "./python-ops.js";

export const createPythonScript = defineTool({
  name: "create_python_script",
  title: "Put a Python script in a DAT",
  description:
    "Create a Text DAT holding Python written by the client (for run() or a module), without running it. Needs the bridge's exec switch, like every tool that places client Python.",
  input: {
    parent: tdPath("the COMP to create it in, e.g. /project1"),
    name: nodeName.describe("the DAT's name; must be free"),
    text: z.string().min(1).max(500_000).describe("the Python source"),
  },
  output: { path: z.string() },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  profiles: [],
  rawPython: true,
  async handler({ parent, name, text }, ctx) {
    const r = await runTemplate<{ path: string }>(await ctx.services.bridge(), CREATE_SCRIPT_DAT, {
      parent,
      name,
      text,
    });
    if (!r.ok) return r;
    return success(
      { path: r.result.path },
      `created ${r.result.path} with ${text.split("\n").length} line(s) of Python (not run)`,
    );
  },
});
