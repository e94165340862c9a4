import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { compile } from "../../compiler/index.js";
import { applyPlan } from "../../runtime/engine/apply/apply-plan.js";
import { planProgram } from "../../runtime/engine/plan/plan-program.js";
import { verifyNetwork } from "../../runtime/engine/apply/verify.js";
import { useLiveSim } from "../support/live-sim.js";

const examples = readdirSync("examples")
  .filter((f) => f.endsWith(".svcnet"))
  .sort();

const live = useLiveSim();

describe("every example: plan, apply, verify, re-plan empty", () => {
  it.each(examples)("%s", async (file) => {
    const result = await compile(`examples/${file}`);
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const plans = await planProgram(live.client, result.operations!);
    expect(plans.length).toBeGreaterThan(0);
    for (const np of plans) {
      expect(np.diagnostics).toEqual([]);
      const outcome = await applyPlan(live.client, np);
      expect(outcome.diagnostics).toEqual([]);
      const verify = await verifyNetwork(live.client, np.desired);
      expect(verify.diagnostics.filter((d) => d.severity === "error").map((d) => d.message)).toEqual([]);
    }
    const mutations = live.client.stats.mutations;
    for (const np of await planProgram(live.client, result.operations!)) {
      expect({
        root: np.root,
        changes: np.plan.changes,
        added: np.plan.wiresAdded,
        removed: np.plan.wiresRemoved,
        conflicts: np.plan.conflicts,
      }).toEqual({
        root: np.root,
        changes: [],
        added: [],
        removed: [],
        conflicts: [],
      });
    }
    expect(live.client.stats.mutations).toBe(mutations);
  });
});
