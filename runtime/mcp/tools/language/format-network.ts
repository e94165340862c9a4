import { z } from "zod";
import { toJson } from "../../../../diagnostics/render-json.js";
import { forAssistant } from "../../../../diagnostics/next-step.js";
import { defineTool } from "../registry.js";
import { diagnosticsFailure, success } from "../result.js";
import { sourceInput } from "./source-input.js";

export const formatNetwork = defineTool({
  name: "format_network",
  title: "Format .svcnet",
  description:
    "Print .svcnet source in its one canonical form (the form export and svc fmt produce), or return the syntax diagnostics that prevent it.",
  input: sourceInput,
  output: {
    formatted: z.string(),
    changed: z.boolean(),
    /** Warnings the parser reported; errors make the call fail instead. */
    warnings: z.array(z.record(z.string(), z.unknown())),
  },
  annotations: { readOnlyHint: true, openWorldHint: false },
  profiles: ["core", "safe"],
  async handler({ source, file }) {
    const [{ parse }, { print }] = await Promise.all([
      import("../../../../grammar/parse.js"),
      import("../../../../grammar/print.js"),
    ]);
    const parsed = parse(source, file);
    if (parsed.diagnostics.some((d) => d.severity === "error")) return diagnosticsFailure(parsed.diagnostics);
    const formatted = print(parsed.ast);
    const changed = formatted !== source;
    const warnings = parsed.diagnostics.map((d) => toJson(forAssistant(d)) as unknown as Record<string, unknown>);
    return success({ formatted, changed, warnings }, changed ? formatted : "already canonical");
  },
});
