import { readdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compile } from "../../compiler/index.js";
import { BridgeClient, bridgeConfigFromEnv } from "../../runtime/bridge-client/index.js";
import { applyPlan } from "../../runtime/apply/apply-plan.js";
import { planProgram } from "../../runtime/apply/plan-program.js";
import { verifyNetwork } from "../../runtime/apply/verify.js";
import { startSim, type RunningSim } from "../../runtime/sim/start-sim.js";

const examples = readdirSync("examples").filter((f) => f.endsWith(".svcnet")).sort();

let sim: RunningSim;
let client: BridgeClient;

beforeAll(async () => {
  sim = await startSim({ port: 0 });
  client = new BridgeClient(bridgeConfigFromEnv({ SVC_BRIDGE_URL: sim.url }));
});

afterAll(async () => {
  await client?.close();
  await sim?.stop();
});

describe("every example: plan, apply, verify, re-plan empty", () => {
  it.each(examples)("%s", async (file) => {
    const result = await compile(`examples/${file}`);
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const plans = await planProgram(client, result.operations!);
    expect(plans.length).toBeGreaterThan(0);
    for (const np of plans) {
      expect(np.diagnostics).toEqual([]);
      const outcome = await applyPlan(client, np);
      expect(outcome.diagnostics).toEqual([]);
      const verify = await verifyNetwork(client, np.desired);
      expect(verify.diagnostics.filter((d) => d.severity === "error").map((d) => d.message)).toEqual([]);
    }
    const mutations = client.stats.mutations;
    for (const np of await planProgram(client, result.operations!)) {
      expect({ root: np.root, changes: np.plan.changes, added: np.plan.wiresAdded, removed: np.plan.wiresRemoved, conflicts: np.plan.conflicts }).toEqual({
        root: np.root,
        changes: [],
        added: [],
        removed: [],
        conflicts: [],
      });
    }
    expect(client.stats.mutations).toBe(mutations);
  });
});
