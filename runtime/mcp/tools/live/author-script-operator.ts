import { z } from "zod";
import { defineTool } from "../registry.js";
import { success } from "../result.js";
import { tdPath } from "./live-input.js";
import { nodeName } from "../edit/edit-schemas.js";
import { CREATE_SCRIPT_OPERATOR, runTemplate } from "./python-ops.js";

export const authorScriptOperator = defineTool({
  name: "author_script_operator",
  title: "Script operator with callbacks",
  description:
    "Create a Script TOP, CHOP, SOP or DAT whose callbacks (Python written by the client, run on every cook) live in a DAT beside it. Needs the bridge's exec switch.",
  input: {
    parent: tdPath("the COMP to create it in, e.g. /project1"),
    family: z.enum(["TOP", "CHOP", "SOP", "DAT"]),
    name: nodeName.describe("the operator's name; its callbacks DAT is <name>_callbacks; both must be free"),
    callbacks: z
      .string()
      .min(1)
      .max(500_000)
      .describe("Python defining onCook(scriptOp) and, if wanted, onSetupParameters(scriptOp)"),
  },
  output: { path: z.string(), callbacks: z.string(), type: z.string() },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  profiles: [],
  rawPython: true,
  async handler({ parent, family, name, callbacks }, ctx) {
    const r = await runTemplate<{ path: string; callbacks: string; type: string }>(
      await ctx.services.bridge(),
      CREATE_SCRIPT_OPERATOR,
      { parent, family, name, callbacks },
    );
    if (!r.ok) return r;
    return success(
      r.result,
      `created ${r.result.path} (${r.result.type}) with its callbacks in ${r.result.callbacks}; they run on every cook`,
    );
  },
});
