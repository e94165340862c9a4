import { describe, expect, it } from "vitest";
import { compile } from "../../compiler/index.js";
import { applyPlan } from "../../runtime/engine/apply/apply-plan.js";
import { planProgram } from "../../runtime/engine/plan/plan-program.js";
import { fetchPreview, outputTop } from "../../runtime/engine/apply/preview.js";
import { verifyNetwork } from "../../runtime/engine/apply/verify.js";
import type { NetworkState, NodeState } from "../../runtime/engine/plan/network-state.js";
import { useLiveSim } from "../support/live-sim.js";

const live = useLiveSim();

async function operationsOf(file: string) {
  const result = await compile(file);
  expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  return result.operations!;
}

describe("plan, apply, verify and preview on tdsim", () => {
  it("builds the main example, then re-plans to nothing and sends no mutation", async () => {
    const ops = await operationsOf("examples/feedback-tunnel.svcnet");
    const [first] = await planProgram(live.client, ops);
    expect(first!.root).toBe("/project1/tunnel");
    expect(first!.plan.summary.add).toBeGreaterThan(5);
    const outcome = await applyPlan(live.client, first!);
    expect(outcome.diagnostics).toEqual([]);
    expect(outcome.ok).toBe(true);
    expect(outcome.requests).toBe(1);

    const before = live.client.stats.mutations;
    const [second] = await planProgram(live.client, ops);
    expect(second!.plan.changes).toEqual([]);
    expect(second!.plan.wiresAdded).toEqual([]);
    expect(second!.plan.conflicts).toEqual([]);
    expect(second!.operations).toEqual([]);
    expect(live.client.stats.mutations).toBe(before);

    const verify = await verifyNetwork(live.client, first!.desired);
    expect(verify.diagnostics.filter((d) => d.severity === "error")).toEqual([]);

    const top = outputTop(first!.desired);
    expect(top).toBe("/project1/tunnel/out1");
    const image = await fetchPreview(live.client, top!);
    expect(image.png.subarray(1, 4).toString("ascii")).toBe("PNG");
    expect([image.width, image.height]).toEqual([1280, 720]);
  });
});

describe("a fixed root path", () => {
  it("builds the network's COMP at that path even when its name differs from the network's", async () => {
    const { applyFile } = await import("../../runtime/engine/loop/run-loop.js");
    const text = "svcnet 1\nnetwork tunnel {\n  c1: constantTOP\n  n1: nullTOP [display]\n  c1 -> n1\n}\n";
    const result = await applyFile(
      live.client,
      { text, file: "fixed.svcnet" },
      { rootPath: "/project1/stage_a", verify: false },
    );
    expect(result.diagnostics).toEqual([]);
    expect(result.plans.map((p) => p.root)).toEqual(["/project1/stage_a"]);
    await expect(live.client.get("/api/nodes/%2Fproject1%2Fstage_a%2Fn1")).resolves.toMatchObject({ type: "nullTOP" });
    const again = await applyFile(
      live.client,
      { text, file: "fixed.svcnet" },
      { rootPath: "/project1/stage_a", verify: false },
    );
    expect(again.plans[0]!.operations).toEqual([]);
  });
});

describe("the output TOP of a network made of COMPs", () => {
  it("is the display TOP inside its first COMP, as for a recipe use", async () => {
    const { outputTop } = await import("../../runtime/engine/apply/preview.js");
    const node = (path: string, type: string, display = false): [string, NodeState] => [
      path,
      { path, type, params: {}, flags: display ? { display } : {}, tags: [] },
    ];
    const state: NetworkState = {
      root: "/project1/show",
      nodes: new Map([
        node("/project1/show", "baseCOMP"),
        node("/project1/show/r1", "baseCOMP"),
        node("/project1/show/r1/out1", "nullTOP", true),
        node("/project1/show/r1/noise1", "noiseTOP"),
      ]),
      wires: [],
    };
    expect(outputTop(state)).toBe("/project1/show/r1/out1");
    state.nodes.set("/project1/show/final", {
      path: "/project1/show/final",
      type: "nullTOP",
      params: {},
      flags: {},
      tags: [],
    });
    expect(outputTop(state)).toBe("/project1/show/final");
  });
});
