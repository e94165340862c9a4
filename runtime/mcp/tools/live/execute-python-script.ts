import { z } from "zod";
import { defineTool } from "../registry.js";
import { success } from "../result.js";
import { execFailure } from "./exec-gate.js";

export const executePythonScript = defineTool({
  name: "execute_python_script",
  title: "Run Python in TouchDesigner",
  description:
    "Run a Python script inside the live environment (td, op and root are available; assign to result to return a value). Needs the bridge's exec switch; prefer the language tools for building networks.",
  input: {
    script: z
      .string()
      .min(1)
      .max(1_000_000)
      .describe("Python source; runs on the environment's main thread, one undo step"),
    return_output: z.boolean().default(true).describe("capture what the script prints"),
  },
  output: {
    result: z.unknown().describe("the value the script assigned to `result`, as JSON (operators as paths)"),
    output: z.string().nullable().describe("printed text (the last 64 KB), null when not captured"),
    outputTruncated: z.boolean(),
  },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
  profiles: [],
  rawPython: true,
  async handler({ script, return_output }, ctx) {
    const bridge = await ctx.services.bridge();
    let reply: { result: unknown; output: string | null; output_truncated: boolean };
    try {
      reply = await bridge.post("/api/exec", { script, return_output });
    } catch (err) {
      const f = execFailure(err);
      if (f) return f;
      throw err;
    }
    const data = { result: reply.result ?? null, output: reply.output, outputTruncated: reply.output_truncated };
    const printed = reply.output
      ? `; printed ${reply.output.length} characters${reply.output_truncated ? " (truncated)" : ""}`
      : "";
    const shown = JSON.stringify(data.result);
    return success(data, `script ran; result ${shown.length > 200 ? `${shown.slice(0, 200)}…` : shown}${printed}`);
  },
});
