import { z } from "zod";
import { sourceFile, sourceInput } from "../language/source-input.js";
import { defineTool } from "../registry.js";
import { diagnosticJson, networkPlanBrief, rootTemplate, unfinishedBrief } from "./schemas.js";
import { journalDir } from "../../../onboarding/places.js";
import { mcpSourceHost } from "../language/source-host.js";

/** Diagnostics point into this name when the caller gives none. */
export const DEFAULT_FILE = "network.svcnet";

export const planNetwork = defineTool({
  name: "plan_network",
  title: "Plan .svcnet against the live project",
  description:
    "Compile .svcnet and show what applying it would add, change and remove in the live project, changing nothing. Live edits and nodes svc does not own are conflicts; a cut-off earlier apply is reported.",
  input: {
    ...sourceInput,
    root: rootTemplate,
    force: z.boolean().default(false).describe("plan to overwrite values changed live since the last apply"),
  },
  output: {
    ok: z.boolean().describe("false when the source has errors or a conflict blocks the plan"),
    networks: z.array(networkPlanBrief),
    plans: z.array(z.record(z.string(), z.unknown())).describe("each network's full plan"),
    errors: z.number(),
    warnings: z.number(),
    diagnostics: z.array(diagnosticJson),
    unfinished: z
      .array(unfinishedBrief)
      .optional()
      .describe("a cut-off apply, unfinished: planned against what it left"),
  },
  annotations: { readOnlyHint: true, openWorldHint: true },
  profiles: ["core", "safe"],
  async handler({ source, file, root, force }, ctx) {
    const [{ planFile }, report] = await Promise.all([import("../../../engine/index.js"), import("./loop-report.js")]);
    const bridge = await ctx.services.bridge();
    const result = await planFile(
      bridge,
      { text: source, file: sourceFile(file, DEFAULT_FILE) },
      {
        force,
        // An apply cut off earlier is reported, not finished: this tool changes nothing.
        journalDir: journalDir(ctx.services.env),
        unfinished: "report",
        host: await mcpSourceHost(process.env, ctx.extra),
        compileInWorker: true,
        ...(root === undefined ? {} : { rootPath: root }),
        progress: (m) => void ctx.progress(m),
      },
    );
    return report.planOutcome(result);
  },
});
