/**
 * How the loop's results (runtime/engine/loop/run-loop.ts) become tool results: short structured facts,
 * the plan and code frames as text, the diagnostics as JSON. Loaded on a tool's first call.
 */
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { forAssistant, renderTextAll, toJson, type Diagnostic } from "../../../../diagnostics/index.js";
import {
  isEmptyPlan,
  type LoopResult,
  type NetworkPlan,
  planToJson,
  type PreviewImage,
  renderPlanText,
} from "../../../engine/index.js";
import { applied, diagnosticsFailure, success, type ToolFailure } from "../result.js";

function planBrief(np: NetworkPlan) {
  const p = np.plan;
  return {
    root: p.root,
    summary: { ...p.summary },
    empty: isEmptyPlan(p),
    conflicts: p.conflicts.length,
    liveOnly: p.liveOnly.length,
    ignoredUnowned: p.ignoredUnowned,
  };
}

export function severityCounts(diagnostics: readonly Diagnostic[]): { errors: number; warnings: number } {
  return {
    errors: diagnostics.filter((d) => d.severity === "error").length,
    warnings: diagnostics.filter((d) => d.severity === "warning").length,
  };
}

export const diagnosticsJson = (diagnostics: readonly Diagnostic[]) =>
  diagnostics.map((d) => toJson(forAssistant(d)) as unknown as Record<string, unknown>);

/** Code frames for people (and models): each problem under the source line it concerns. */
export function codeFrames(diagnostics: readonly Diagnostic[], sources: ReadonlyMap<string, string>): string {
  return diagnostics.length === 0 ? "" : renderTextAll(diagnostics.map(forAssistant), sources);
}

function plansText(result: LoopResult): string {
  return result.plans.map((p) => renderPlanText(p.plan)).join("\n");
}

/**
 * The loop stopped (compile errors, a blocked plan, a failed apply): the diagnostics as JSON and
 * their code frames, so the caller can fix the source and try again.
 */
export function loopFailure(
  result: LoopResult,
  extra: Record<string, unknown> = {},
  options: { errorsOnly?: boolean } = {},
): ToolFailure {
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

/** plan_network's answer (and every tool that plans a source the same way). */
export function planOutcome(result: LoopResult) {
  // No plan at all: the source does not compile. The diagnostics say where and how to fix it.
  if (result.plans.length === 0 && !result.ok) return loopFailure(result);
  const counts = severityCounts(result.diagnostics);
  const data = {
    ok: result.ok,
    networks: result.plans.map(planBrief),
    plans: result.plans.map((p) => planToJson(p.plan) as Record<string, unknown>),
    ...counts,
    diagnostics: diagnosticsJson(result.diagnostics),
    ...(result.unfinished === undefined ? {} : { unfinished: result.unfinished }),
  };
  // An unfinished apply comes first: the plan under it is against the network as that apply left it.
  const unfinished = (result.unfinished ?? []).map(
    (u) =>
      `an apply of ${u.root} was cut off and is not finished: ${u.landed} of ${u.totalRequests} requests had landed${u.unknown > 0 ? ` (and ${u.unknown} more may have)` : ""}; ${u.summary}`,
  );
  const text = [...unfinished, plansText(result), codeFrames(result.diagnostics, result.sources)]
    .filter(Boolean)
    .join("\n");
  return success(data, text || "nothing to plan: the source declares no network");
}

/** apply_network's answer (and every tool that applies a source the same way). */
export async function applyOutcome(result: LoopResult, preview: number) {
  if (!result.ok) return loopFailure(result, { plan: plansText(result) });
  const shot = await previewPart(result.preview, preview);
  const counts = severityCounts(result.diagnostics);
  const data = {
    applied: result.outcomes.length > 0,
    networks: result.plans.map(planBrief),
    operations: result.outcomes.reduce((n, o) => n + o.operations, 0),
    verify: result.verified.map((v, i) => ({
      root: result.plans[i]!.root,
      errors: v.errors,
      warnings: v.warnings,
      complete: v.complete,
    })),
    ...counts,
    diagnostics: diagnosticsJson(result.diagnostics),
    preview: shot.brief,
    recovered: (result.recovered ?? []).map(({ root, landed, totalRequests, unknown, action, summary }) => ({
      root,
      landed,
      totalRequests,
      unknown,
      action,
      summary,
    })),
  };
  const head = data.applied ? "applied" : "nothing to change";
  const live = counts.errors > 0 ? `; ${counts.errors} error${counts.errors === 1 ? "" : "s"} after apply` : "";
  const recovered = data.recovered.map(
    (r) =>
      `first, an unfinished apply of ${r.root}: ${r.landed} of ${r.totalRequests} requests had landed${r.unknown > 0 ? ` (and ${r.unknown} more may have)` : ""}; ${r.summary}`,
  );
  const text = [...recovered, `${head}${live}`, plansText(result), codeFrames(result.diagnostics, result.sources)]
    .filter(Boolean)
    .join("\n");
  return applied(data, text, shot.blocks, counts.errors);
}
