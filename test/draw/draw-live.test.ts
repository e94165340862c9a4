/** `svc draw <live path>`: a network applied to tdsim, read back through the bridge and drawn. */
import { describe, expect, it } from "vitest";
import { drawProgram } from "../../runtime/draw/draw.js";
import { useLiveSim } from "../support/live-sim.js";
import { runSvc } from "../cli/run-cli.js";

const EXAMPLE = "examples/control-panel.svcnet";
const live = useLiveSim();
const tiles = (svg: string) => [...svg.matchAll(/<g class="node" data-path="([^"]+)">/g)].map((m) => m[1]).sort();
const wires = (svg: string) => [...svg.matchAll(/<title>([^<]+ -&gt; [^<]+)<\/title>/g)].map((m) => m[1]).sort();

describe("svc draw of a live network", () => {
  it("draws what the bridge reports: the same nodes, COMP inside and wires as the source that built it", async () => {
    const apply = await runSvc(["apply", EXAMPLE], live.env);
    expect(apply.code).toBe(0);
    const run = await runSvc(["draw", "/project1/panel"], live.env);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const fromFile = await drawProgram(EXAMPLE);
    if (!fromFile.ok) throw new Error("the example does not compile");
    expect(tiles(run.stdout)).toEqual(tiles(fromFile.svg));
    expect(tiles(run.stdout)).toContain("/project1/panel/look/tint1");
    expect(wires(run.stdout)).toEqual(wires(fromFile.svg));
  });

  it("says so when nothing is at the path", async () => {
    const run = await runSvc(["draw", "/project1/nothing_here"], live.env);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("nothing is at /project1/nothing_here");
  });
});
