/**
 * How the loop's results (runtime/loop/run-loop.ts) become tool results: short structured facts,
 * the plan and code frames as text, the diagnostics as JSON. Loaded on a tool's first call.
 */
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { renderTextAll, toJson, type Diagnostic } from "../../../../diagnostics/index.js";
import type { NetworkPlan } from "../../../apply/plan-program.js";
import type { PreviewImage } from "../../../apply/preview.js";
import type { LoopResult } from "../../../loop/run-loop.js";
import { isEmptyPlan } from "../../../plan/plan-types.js";
import { renderPlanText } from "../../../plan/render-plan.js";
import { diagnosticsFailure, type ToolFailure } from "../result.js";

export function planBrief(np: NetworkPlan) {
  const p = np.plan;
  return { root: p.root, summary: { ...p.summary }, empty: isEmptyPlan(p), conflicts: p.conflicts.length, liveOnly: p.liveOnly.length, ignoredUnowned: p.ignoredUnowned };
}

export function severityCounts(diagnostics: readonly Diagnostic[]): { errors: number; warnings: number } {
  return {
    errors: diagnostics.filter((d) => d.severity === "error").length,
    warnings: diagnostics.filter((d) => d.severity === "warning").length,
  };
}

export const diagnosticsJson = (diagnostics: readonly Diagnostic[]) => diagnostics.map((d) => toJson(d) as unknown as Record<string, unknown>);

/** Code frames for people (and models): each problem under the source line it concerns. */
export function codeFrames(diagnostics: readonly Diagnostic[], sources: ReadonlyMap<string, string>): string {
  return diagnostics.length === 0 ? "" : renderTextAll(diagnostics, sources);
}

export function plansText(result: LoopResult): string {
  return result.plans.map((p) => renderPlanText(p.plan)).join("\n");
}

/**
 * The loop stopped (compile errors, a blocked plan, a failed apply): the diagnostics as JSON and
 * their code frames, so the caller can fix the source and try again.
 */
export function loopFailure(result: LoopResult, extra: Record<string, unknown> = {}, options: { errorsOnly?: boolean } = {}): ToolFailure {
  const shown = options.errorsOnly ? result.diagnostics.filter((d) => d.severity === "error") : result.diagnostics;
  const f = diagnosticsFailure(shown);
  f.error.details = { ...extra, codeFrames: codeFrames(shown, result.sources) };
  return f;
}

export interface PreviewPart {
  brief: { path: string; width: number; height: number } | null;
  blocks: CallToolResult["content"];
}

/** The output TOP's image as a thumbnail block, scaled in svc to fit `size` (the bridge's size is advisory). */
export async function previewPart(preview: PreviewImage | undefined, size: number): Promise<PreviewPart> {
  if (preview === undefined) return { brief: null, blocks: [] };
  const { downscalePng } = await import("../../../image/downscale.js");
  const thumb = downscalePng(preview.png, size);
  return {
    brief: { path: preview.path, width: thumb.width, height: thumb.height },
    blocks: [{ type: "image", data: thumb.png.toString("base64"), mimeType: "image/png" }],
  };
}
