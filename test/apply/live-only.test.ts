import { describe, expect, it } from "vitest";
import { compile } from "../../compiler/index.js";
import { exportProgram, readExport } from "../../runtime/engine/export/export-network.js";
import { applyFile, planFile } from "../../runtime/engine/loop/run-loop.js";
import { renderPlanText } from "../../runtime/engine/plan/render-plan.js";
import { useLiveSim } from "../support/live-sim.js";

const live = useLiveSim();

const text = `svcnet 1
network liveonly {
  noise1: noiseTOP { period: 2 }
  out1: nullTOP [display]
  noise1 -> out1
}
`;

describe("a value the artist sets live on an svc node that the source never mentions", () => {
  it("is listed by plan (even --force) as live-only and kept, and export carries it", async () => {
    const first = await applyFile(live.client, { text, file: "liveonly.svcnet" }, { verify: false });
    expect(first.diagnostics).toEqual([]);
    await live.client.post("/api/batch", {
      operations: [
        { action: "update", path: "/project1/liveonly/noise1", parameters: { seed: 7 } },
        { action: "set_meta", path: "/project1/liveonly/noise1", comment: "the artist's seed" },
      ],
    });

    for (const force of [false, true]) {
      const again = await planFile(live.client, { text, file: "liveonly.svcnet" }, { force });
      const plan = again.plans[0]!.plan;
      expect(plan.liveOnly).toEqual([
        { path: "/project1/liveonly/noise1", name: "seed", live: "7" },
        { path: "/project1/liveonly/noise1", name: "comment", live: '"the artist\'s seed"' },
      ]);
      // Kept, not reverted: nothing is sent.
      expect(again.plans[0]!.operations).toEqual([]);
      const rendered = renderPlanText(plan);
      expect(rendered).toContain("apart from 2 values set live that the source does not mention");
      expect(rendered).toContain("    noise1.seed: 7");
    }

    const exported = await exportProgram([(await readExport(live.client, "/project1/liveonly"))!]);
    expect(exported).toContain(`noise1: noiseTOP [comment: "the artist's seed"] { period: 2, seed: 7 }`);
    // The exported text builds the live network: applied, it changes nothing.
    const compiled = await compile({ text: exported, file: "exported.svcnet" });
    expect(compiled.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const replay = await planFile(live.client, { text: exported, file: "exported.svcnet" });
    expect(replay.plans[0]!.plan.liveOnly).toEqual([]);
    expect(replay.plans[0]!.plan.conflicts).toEqual([]);
  });
});
