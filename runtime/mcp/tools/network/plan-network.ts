import { z } from "zod";
import { bridgeClient } from "../../bridge.js";
import { sourceFile, sourceInput } from "../language/source-input.js";
import { defineTool } from "../registry.js";
import { success } from "../result.js";
import { diagnosticJson, networkPlanBrief, rootTemplate } from "./schemas.js";
import { mcpSourceHost } from "../language/source-host.js";

/** Diagnostics point into this name when the caller gives none. */
export const DEFAULT_FILE = "network.svcnet";

export const planNetwork = defineTool({
  name: "plan_network",
  title: "Plan .svcnet against the live project",
  description: "Compile .svcnet source and show what applying it would add, change and remove in the live project, without changing anything. Live edits and nodes svc does not own are listed as conflicts.",
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
  },
  annotations: { readOnlyHint: true, openWorldHint: true },
  profiles: ["core", "safe"],
  async handler({ source, file, root, force }, ctx) {
    const [{ planFile }, report, { planToJson }] = await Promise.all([
      import("../../../loop/run-loop.js"),
      import("./loop-report.js"),
      import("../../../plan/render-plan.js"),
    ]);
    const bridge = await bridgeClient();
    const result = await planFile(bridge, { text: source, file: sourceFile(file, DEFAULT_FILE) }, {
      force,
      host: await mcpSourceHost(process.env, ctx.extra),
      compileInWorker: true,
      ...(root === undefined ? {} : { rootPath: root }),
      progress: (m) => void ctx.progress(m),
    });
    // No plan at all: the source does not compile. The diagnostics say where and how to fix it.
    if (result.plans.length === 0 && !result.ok) return report.loopFailure(result);
    const counts = report.severityCounts(result.diagnostics);
    const data = {
      ok: result.ok,
      networks: result.plans.map(report.planBrief),
      plans: result.plans.map((p) => planToJson(p.plan) as Record<string, unknown>),
      ...counts,
      diagnostics: report.diagnosticsJson(result.diagnostics),
    };
    const text = [report.plansText(result), report.codeFrames(result.diagnostics, result.sources)].filter(Boolean).join("\n");
    return success(data, text || "nothing to plan: the source declares no network");
  },
});
