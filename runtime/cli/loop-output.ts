/** How plan and apply results print: the plan per network, then the diagnostics with code frames. */
import { renderTextAll, toJson, type Diagnostic } from "../../diagnostics/index.js";
import { type LoopResult, planToJson, renderPlanText } from "../engine/index.js";

export function renderDiagnostics(
  diagnostics: readonly Diagnostic[],
  sources: ReadonlyMap<string, string>,
  color: boolean,
): string {
  return diagnostics.length === 0 ? "" : renderTextAll(diagnostics, sources, color) + "\n";
}

export function renderPlans(result: LoopResult): string {
  return result.plans.map((p) => renderPlanText(p.plan)).join("\n");
}

export function loopToJson(result: LoopResult): Record<string, unknown> {
  return {
    ok: result.ok,
    plans: result.plans.map((p) => planToJson(p.plan)),
    applied: result.outcomes.map((o) => ({
      root: o.root,
      ok: o.ok,
      requests: o.requests,
      operations: o.operations,
      chunksApplied: o.chunksApplied,
      chunks: o.chunks,
    })),
    recovered: result.recovered ?? [],
    verify: result.verified.map((v) => ({ errors: v.errors, warnings: v.warnings, complete: v.complete })),
    diagnostics: result.diagnostics.map(toJson),
  };
}
