import { readWholeTopology } from "../../runtime/engine/plan/paged-topology.js";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
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
  work = mkdtempSync(join(tmpdir(), "svc-cli-"));
});

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

const lineOf = (needle: string) =>
  readFileSync(EXAMPLE, "utf8")
    .split("\n")
    .findIndex((l) => l.includes(needle)) + 1;
const topology = async () => {
  const { pages: _pages, ...data } = await readWholeTopology(live.client, "/project1/tunnel", {
    params: true,
    text: true,
    custom: true,
  });
  return data;
};
const noise = `/api/nodes/${encodePath("/project1/tunnel/noise1")}`;
const period = async () =>
  (
    await live.client.get<{ non_default_params: Array<{ name: string; value: number }> }>(noise)
  ).non_default_params.find((p) => p.name === "period")?.value;

describe("svc plan / apply / preview against tdsim", () => {
  it("plans, applies with a preview, then plans nothing", async () => {
    const plan = await runSvc(["plan", "--detailed-exitcode", EXAMPLE], live.env);
    expect(plan.stdout).toContain("Plan: 7 to add, 0 to change, 0 to destroy.");
    expect(plan.code).toBe(2);

    const png = join(work, "out.png");
    const apply = await runSvc(["apply", "--preview", png, EXAMPLE], live.env);
    expect(apply.stderr).toBe("");
    expect(apply.code).toBe(0);
    expect(apply.stdout).toContain("Applied in 1 request.");
    expect(readFileSync(png).subarray(1, 4).toString()).toBe("PNG");

    const again = await runSvc(["plan", "--detailed-exitcode", EXAMPLE], live.env);
    expect(again.stdout).toContain("No changes.");
    expect(again.code).toBe(0);
  });

  it("shows a live edit as a conflict, keeps it, and overwrites it only with --force", async () => {
    await live.client.patch(noise, { parameters: { period: 9 } });
    const plan = await runSvc(["plan", "--json", EXAMPLE], live.env);
    const json = JSON.parse(plan.stdout);
    expect(json.plans[0].conflicts).toEqual([
      expect.objectContaining({ kind: "drift", name: "period", live: "9", desired: "0.3" }),
    ]);
    expect(json.diagnostics[0]).toMatchObject({
      code: "plan-conflict",
      severity: "warning",
      file: EXAMPLE,
      range: { start: { line: lineOf("period: 0.3") } },
    });

    const kept = await runSvc(["apply", EXAMPLE], live.env);
    expect(kept.code).toBe(0);
    expect(kept.stdout).toContain("'period' was changed live since the last apply");
    expect(await period()).toBe(9);

    // Held back is not "no changes": the exit code says there is a difference, and the caret is on the parameter.
    const held = await runSvc(["plan", "--detailed-exitcode", "--json", EXAMPLE], live.env);
    expect(held.code).toBe(2);
    expect(JSON.parse(held.stdout).diagnostics[0]).toMatchObject({
      code: "plan-conflict",
      range: {
        start: {
          line: lineOf("period: 0.3"),
          column: readFileSync(EXAMPLE, "utf8").split("\n")[lineOf("period: 0.3") - 1]!.indexOf("period") + 1,
        },
      },
    });
    const text = await runSvc(["plan", EXAMPLE], live.env);
    expect(text.stdout).toContain("held back by the conflict");
    expect(text.stdout).not.toContain("No changes. The live network");

    const forced = await runSvc(["apply", "--force", EXAMPLE], live.env);
    expect(forced.code).toBe(0);
    expect(await period()).toBe(0.3);
  });

  it("leaves nodes it does not own alone, and counts them", async () => {
    await live.client.post("/api/nodes", { parent_path: "/project1/tunnel", type: "textDAT", name: "artist_notes" });
    const plan = await runSvc(["plan", EXAMPLE], live.env);
    expect(plan.stdout).toContain("No changes.");
    expect(plan.stdout).toContain("1 node not managed by svc left alone.");
    expect((await runSvc(["apply", EXAMPLE], live.env)).code).toBe(0);
    await expect(live.client.get(`/api/nodes/${encodePath("/project1/tunnel/artist_notes")}`)).resolves.toMatchObject({
      type: "textDAT",
    });
  });

  it("refuses a saved plan once the live network moved", async () => {
    const saved = join(work, "plan.json");
    await live.client.patch(noise, { parameters: { period: 2 } });
    const made = await runSvc(["plan", "--force", "--out", saved, EXAMPLE], live.env);
    expect(made.code).toBe(0);
    await live.client.patch(noise, { parameters: { period: 3 } });
    const refused = await runSvc(["apply", saved], live.env);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain("stale-plan");
    expect(refused.stdout).toContain("the live network at /project1/tunnel changed");
    expect(await period()).toBe(3);

    const remade = await runSvc(["plan", "--force", "--out", saved, EXAMPLE], live.env);
    expect(remade.code).toBe(0);
    expect((await runSvc(["apply", saved], live.env)).code).toBe(0);
    expect(await period()).toBe(0.3);
  });

  it("rolls a failed request back completely and points at the source line", async () => {
    const source = join(work, "grow.svcnet");
    const text = readFileSync(EXAMPLE, "utf8")
      .replace("out1: nullTOP", "blur1: blurTOP\n  out1: nullTOP")
      .replace("level1 -> out1", "level1 -> blur1 -> out1");
    await import("node:fs").then((fs) => fs.writeFileSync(source, text));
    const before = await topology();
    // Something appears where the plan will create blur1, after the plan was made: the request must fail.
    const { planFile } = await import("../../runtime/engine/loop/run-loop.js");
    const { applyPlan } = await import("../../runtime/engine/apply/apply-plan.js");
    const planned = await planFile(live.client, source);
    expect(planned.plans[0]!.plan.summary.add).toBe(1);
    await live.client.post("/api/nodes", { parent_path: "/project1/tunnel", type: "blurTOP", name: "blur1" });
    const outcome = await applyPlan(live.client, planned.plans[0]!);
    expect(outcome.ok).toBe(false);
    expect(outcome.diagnostics[0]).toMatchObject({ code: "apply-operation-failed", file: source });
    expect(outcome.diagnostics[0]!.message).toContain("blur1");
    await live.client.delete(`/api/nodes/${encodePath("/project1/tunnel/blur1")}`, { confirmation_policy: "yolo" });
    expect(await topology()).toEqual(before);
  });

  it("saves a preview of a live TOP", async () => {
    const out = join(work, "p.png");
    const run = await runSvc(["preview", "--out", out, "/project1/tunnel/out1"], live.env);
    expect(run.code).toBe(0);
    expect(existsSync(out)).toBe(true);
    expect(run.stdout).toMatch(/1280x720/);
  });

  it("saves a preview without --out in a temporary folder, never the working folder, and says where", async () => {
    const run = await runSvc(["preview", "/project1/tunnel/out1"], live.env, work);
    expect(run.code).toBe(0);
    const written = /bytes written to (.+\.png)$/m.exec(run.stdout)?.[1];
    expect(written).toBeDefined();
    expect(written!.startsWith(tmpdir())).toBe(true);
    expect(readFileSync(written!).subarray(1, 4).toString()).toBe("PNG");
    expect(existsSync(join(work, "out1.png"))).toBe(false);
  });

  it("reports the bridge's versions, and an unreachable bridge in one line with exit 1", async () => {
    const status = await runSvc(["status", "--json"], live.env);
    expect(JSON.parse(status.stdout)).toMatchObject({ reachable: true, stale: false });
    const down = spawnSync(process.execPath, ["dist/runtime/cli/svc.js", "plan", EXAMPLE], {
      env: { ...process.env, SVC_BRIDGE_URL: "http://127.0.0.1:9" },
      encoding: "utf8",
    });
    expect(down.status).toBe(1);
    expect(down.stderr.trim().split("\n")).toHaveLength(1);
    expect(down.stderr).toContain("cannot reach the bridge at http://127.0.0.1:9");
  });
});
