import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodePath } from "../../runtime/engine/bridge-client/index.js";
import { useLiveSim } from "../support/live-sim.js";
import { runSvc } from "./run-cli.js";

const EXAMPLE = "examples/feedback-tunnel.svcnet";
const live = useLiveSim();
let work: string;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), "svc-rename-"));
});

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

describe("a rename declared with was:", () => {
  it("renames the live node, keeping its wires and live state, instead of replacing it", async () => {
    expect((await runSvc(["apply", EXAMPLE], live.env)).code).toBe(0);
    const before = await live.client.get<{ id?: number }>(`/api/nodes/${encodePath("/project1/tunnel/noise1")}`);
    const renamed = join(work, "renamed.svcnet");
    writeFileSync(
      renamed,
      readFileSync(EXAMPLE, "utf8")
        .replace("noise1: noiseTOP {", "seed: noiseTOP [was: noise1] {")
        .replace("noise1 -> comp1[0]", "seed -> comp1[0]")
        .replace("noise1 -> feedback1", "seed -> feedback1"),
    );
    const plan = await runSvc(["plan", renamed], live.env);
    expect(plan.stdout).toContain("~ noise1 renamed to seed (noiseTOP)");
    expect(plan.stdout).toContain("Plan: 0 to add, 1 to change, 0 to destroy.");
    expect(plan.stdout).not.toContain("wires:");

    expect((await runSvc(["apply", renamed], live.env)).code).toBe(0);
    await expect(live.client.get(`/api/nodes/${encodePath("/project1/tunnel/noise1")}`)).rejects.toMatchObject({
      code: "node_not_found",
    });
    const seed = await live.client.get<{
      id?: number;
      outputs: Array<{ target: string }>;
      non_default_params: Array<{ name: string; value: unknown }>;
    }>(`/api/nodes/${encodePath("/project1/tunnel/seed")}`);
    expect(seed.outputs.map((o) => o.target).sort()).toEqual(["/project1/tunnel/comp1", "/project1/tunnel/feedback1"]);
    expect(seed.non_default_params.find((p) => p.name === "period")?.value).toBe(0.3);
    if (before.id !== undefined) expect(seed.id).toBe(before.id);
    expect((await runSvc(["plan", "--detailed-exitcode", renamed], live.env)).code).toBe(0);
  });
});
