import { z } from "zod";
import { sourceFile, sourceInput } from "../language/source-input.js";
import { defineTool } from "../registry.js";
import { DEFAULT_FILE } from "./plan-network.js";
import {
  diagnosticJson,
  networkPlanBrief,
  previewBrief,
  recoveredBrief,
  rootTemplate,
  verifyBrief,
} from "./schemas.js";
import { journalDir } from "../../../onboarding/places.js";
import { mcpSourceHost } from "../language/source-host.js";

export const applyNetwork = defineTool({
  name: "apply_network",
  title: "Apply .svcnet to the live project",
  description:
    "Compile .svcnet, plan it and apply it all-or-nothing (a failed request rolls back; keep_partial keeps it), then report live errors at their source lines and a thumbnail. Never touches nodes svc did not create.",
  input: {
    ...sourceInput,
    root: rootTemplate,
    force: z
      .boolean()
      .default(false)
      .describe("overwrite values changed live since the last apply instead of leaving them alone"),
    preview: z.number().int().min(0).max(1024).default(256).describe("thumbnail size of the output TOP; 0 for none"),
    keep_partial: z
      .boolean()
      .default(false)
      .describe("when a later request fails, keep what earlier ones did (default: roll the whole apply back)"),
  },
  output: {
    applied: z.boolean().describe("false when there was nothing to change"),
    networks: z.array(networkPlanBrief),
    operations: z.number().describe("bridge operations sent"),
    verify: z.array(verifyBrief),
    errors: z.number().describe("error diagnostics, live cook errors included"),
    warnings: z.number(),
    diagnostics: z.array(diagnosticJson),
    preview: previewBrief,
    recovered: z.array(recoveredBrief).describe("a cut-off earlier apply, finished first"),
  },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  profiles: ["core"],
  async handler({ source, file, root, force, preview, keep_partial }, ctx) {
    const [{ applyFile }, report] = await Promise.all([import("../../../engine/index.js"), import("./loop-report.js")]);
    const bridge = await ctx.services.bridge();
    const result = await applyFile(
      bridge,
      { text: source, file: sourceFile(file, DEFAULT_FILE) },
      {
        force,
        keepPartial: keep_partial,
        // An apply cut off earlier (its journal in svc's folder) is finished first, and this one is journalled.
        journalDir: journalDir(ctx.services.env),
        host: await mcpSourceHost(process.env, ctx.extra),
        compileInWorker: true,
        ...(root === undefined ? {} : { rootPath: root }),
        ...(preview > 0 ? { previewSize: preview } : {}),
        progress: (m) => void ctx.progress(m),
      },
    );
    return report.applyOutcome(result, preview);
  },
});
