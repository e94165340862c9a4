/**
 * A plan saved to a file (`svc plan --out`) records what it was made against: the sources and each
 * network's live fingerprint. `svc apply <plan>` refuses it when either moved since.
 */
import { createHash } from "node:crypto";
import type { LoopResult } from "../loop/run-loop.js";

const SAVED_PLAN_FORMAT = "svc-plan/1";

export interface SavedPlan {
  format: typeof SAVED_PLAN_FORMAT;
  file: string;
  sourceHash: string;
  force: boolean;
  networks: Array<{ root: string; liveFingerprint: string; summary: { add: number; change: number; destroy: number } }>;
  createdAt: string;
}

function hashSources(sources: ReadonlyMap<string, string>): string {
  const h = createHash("sha256");
  for (const [file, text] of [...sources].sort(([a], [b]) => a.localeCompare(b)))
    h.update(file).update("\0").update(text).update("\0");
  return h.digest("hex");
}

export function savePlan(file: string, result: LoopResult, force: boolean): SavedPlan {
  return {
    format: SAVED_PLAN_FORMAT,
    file,
    sourceHash: hashSources(result.sources),
    force,
    networks: result.plans.map((p) => ({
      root: p.root,
      liveFingerprint: p.plan.liveFingerprint,
      summary: p.plan.summary,
    })),
    createdAt: new Date().toISOString(),
  };
}

export function readSavedPlan(text: string): SavedPlan | undefined {
  try {
    const value = JSON.parse(text) as Partial<SavedPlan>;
    if (value.format !== SAVED_PLAN_FORMAT || typeof value.file !== "string" || !Array.isArray(value.networks))
      return undefined;
    return value as SavedPlan;
  } catch {
    return undefined;
  }
}

/** What moved since the plan was saved, in words; empty when the plan still holds. */
export function staleReasons(saved: SavedPlan, now: LoopResult): string[] {
  const reasons: string[] = [];
  if (hashSources(now.sources) !== saved.sourceHash)
    reasons.push(`the source (${saved.file} or a file it imports) changed`);
  const live = new Map(now.plans.map((p) => [p.root, p.plan.liveFingerprint]));
  for (const n of saved.networks) {
    if (live.get(n.root) !== n.liveFingerprint) reasons.push(`the live network at ${n.root} changed`);
  }
  return reasons;
}
