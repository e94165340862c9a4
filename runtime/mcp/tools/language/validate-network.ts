import { z } from "zod";
import { toJson } from "../../../../diagnostics/render-json.js";
import { forAssistant } from "../../../../diagnostics/next-step.js";
import type { BodyModel, ProgramModel } from "../../../../compiler/model.js";
import { defineTool } from "../registry.js";
import { success } from "../result.js";
import { sourceFile, sourceInput } from "./source-input.js";
import { mcpSourceHost } from "./source-host.js";

/** Diagnostics point into this name when the caller gives none. */
const DEFAULT_FILE = "network.svcnet";

const diagnosticSchema = z.object({
  code: z.string(),
  severity: z.string(),
  message: z.string(),
  file: z.string().nullable(),
  range: z.object({
    start: z.object({ line: z.number(), column: z.number(), offset: z.number() }),
    end: z.object({ line: z.number(), column: z.number(), offset: z.number() }),
  }),
  help: z.array(z.string()),
  suggestions: z.array(z.object({ title: z.string(), replacement: z.string() }).passthrough()),
});

function count(body: BodyModel): { nodes: number; wires: number } {
  let nodes = body.nodes.length;
  let wires = body.wires.length;
  for (const n of body.nodes) {
    if (n.body) {
      const inner = count(n.body);
      nodes += inner.nodes;
      wires += inner.wires;
    }
  }
  return { nodes, wires };
}

function networksOf(program: ProgramModel) {
  return program.networks.map((n) => ({ name: n.name, path: n.root.path, ...count(n.root.body) }));
}

export const validateNetwork = defineTool({
  name: "validate_network",
  title: "Validate .svcnet",
  description:
    "Check .svcnet against the language and the operator knowledge base, without TouchDesigner: every diagnostic with its position and help.",
  input: sourceInput,
  output: {
    valid: z.boolean(),
    errors: z.number(),
    warnings: z.number(),
    diagnostics: z.array(diagnosticSchema),
    networks: z.array(z.object({ name: z.string(), path: z.string(), nodes: z.number(), wires: z.number() })),
  },
  annotations: { readOnlyHint: true, openWorldHint: false },
  profiles: ["core", "safe"],
  async handler({ source, file }, ctx) {
    const [{ analyze }, { renderTextAll }] = await Promise.all([
      import("../../../../compiler/index.js"),
      import("../../../../diagnostics/render-text.js"),
    ]);
    const analysis = analyze(
      { text: source, file: sourceFile(file, DEFAULT_FILE) },
      { host: await mcpSourceHost(process.env, ctx.extra) },
    );
    const { program } = analysis;
    const diagnostics = analysis.diagnostics.map(forAssistant);
    const errors = diagnostics.filter((d) => d.severity === "error").length;
    const warnings = diagnostics.filter((d) => d.severity === "warning").length;
    const networks = networksOf(program);
    const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
    const summary =
      networks.map((n) => `network ${n.name} (${plural(n.nodes, "node")}, ${plural(n.wires, "wire")})`).join(", ") ||
      "no networks";
    // The text is the code-frame rendering: what a person or a model reads to fix the source.
    const text = diagnostics.length === 0 ? `valid: ${summary}` : renderTextAll(diagnostics, program.sources);
    return success({ valid: errors === 0, errors, warnings, diagnostics: diagnostics.map(toJson), networks }, text);
  },
});
