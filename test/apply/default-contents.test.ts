/**
 * COMPs that TouchDesigner fills when they are made keep what makes them work: an Animation COMP's
 * keyframe network (docs.derivative.ca/Animation_COMP: "contains a pre-defined network utilizing a
 * Keyframe CHOP and a number of Table DATs") stays, so the COMP has a CHOP output and a wire from it
 * holds; those contents are not svc's: not owned, not planned, not exported.
 */
import { describe, expect, it } from "vitest";
import { encodePath } from "../../runtime/engine/bridge-client/index.js";
import { exportProgram, readExport } from "../../runtime/engine/export/export-network.js";
import { applyFile, planFile } from "../../runtime/engine/loop/run-loop.js";
import { isEmptyPlan } from "../../runtime/engine/index.js";
import { useLiveSim } from "../support/live-sim.js";

const live = useLiveSim();

const text = `svcnet 1
network anim {
  timing: animationCOMP
  out1: nullCHOP

  timing -> out1
}
`;

interface Detail {
  inputs: Array<{ source: string }>;
  errors: string[];
}

describe("an Animation COMP made by svc", () => {
  it("keeps its keyframe network: it has output, the wire stays, re-plan is empty, export leaves the contents out", async () => {
    const applied = await applyFile(live.client, { text, file: "anim.svcnet" });
    expect(applied.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(applied.ok).toBe(true);

    const children = await live.client.get<{ children: Array<{ name: string; type: string }> }>(
      `/api/nodes?parent=${encodeURIComponent("/project1/anim/timing")}`,
    );
    expect(children.children.map((c) => `${c.name}:${c.type}`)).toEqual([
      "attributes:tableDAT",
      "channels:tableDAT",
      "graph:tableDAT",
      "keyframe1:keyframeCHOP",
      "keys:tableDAT",
      "out1:outCHOP",
    ]);
    const out = await live.client.get<Detail>(`/api/nodes/${encodePath("/project1/anim/out1")}`);
    expect(out.inputs.map((w) => w.source)).toEqual(["/project1/anim/timing"]);
    expect(out.errors).toEqual([]);

    const again = await planFile(live.client, { text, file: "anim.svcnet" });
    expect(again.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(isEmptyPlan(again.plans[0]!.plan)).toBe(true);

    const exported = await readExport(live.client, "/project1/anim");
    const printed = await exportProgram([exported!]);
    expect(printed).toContain("timing: animationCOMP");
    expect(printed).not.toMatch(/keyframe1|channels|attributes|keys|graph/);
    expect(printed).toContain("timing -> out1");
  });
});
