/**
 * Reads that a budget can cut are paged to the end by their callers: on tdsim with the bridge
 * listing at most 50 nodes a scan (SVC_BRIDGE_MAX_SCAN_NODES), one /errors read of a 230-operator
 * project stops incomplete, and still the show gate's doctor step counts every error (the one on
 * the last node by name included) and passes within its allowance, `svc apply` verifies the whole
 * network, and the show dashboard counts every error. "Incomplete" is never reported as a failure.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BridgeClient, bridgeConfigFromEnv, encodePath } from "../../runtime/engine/bridge-client/index.js";
import { sampleDashboard } from "../../runtime/show/dashboard.js";
import { startSim, type RunningSim } from "../../runtime/sim/start-sim.js";
import { runSvc } from "../cli/run-cli.js";

const SCAN_CAP = 50;
const NODES = 229;

let sim: RunningSim;
let client: BridgeClient;
let dir: string;

/** 228 constant TOPs and, last by name, a null TOP fed by the last of them. */
function bigNetwork(): string {
  const lines = ["svcnet 1", "", "network big {"];
  for (let i = 0; i < NODES - 1; i++) lines.push(`  c${String(i).padStart(3, "0")}: constantTOP`);
  lines.push("  zz_out: nullTOP", "", `  c${String(NODES - 2).padStart(3, "0")} -> zz_out`, "}", "");
  return lines.join("\n");
}

beforeAll(async () => {
  sim = await startSim({ port: 0, env: { ...process.env, SVC_BRIDGE_MAX_SCAN_NODES: String(SCAN_CAP) } });
  client = new BridgeClient(bridgeConfigFromEnv({ SVC_BRIDGE_URL: sim.url }));
  dir = mkdtempSync(join(tmpdir(), "svc-paged-errors-"));
  writeFileSync(join(dir, "big.svcnet"), bigNetwork());
  writeFileSync(
    join(dir, "svc.show.yaml"),
    `targets:\n  stage: ${sim.url}\nprofiles:\n  one-allowed:\n    target: stage\n    safety: false\n    perform: false\n    max_errors: 1\n  none-allowed:\n    target: stage\n    safety: false\n    perform: false\n`,
  );
  const applied = await runSvc(["apply", "big.svcnet"], { SVC_BRIDGE_URL: sim.url }, dir);
  expect(applied.code, applied.stdout + applied.stderr).toBe(0);
  // An artist's node, last of all by name, with a cook error: a filter with no input.
  await client.post("/api/batch", {
    operations: [{ action: "create", parent_path: "/project1/big", type: "levelTOP", name: "zzz_unwired" }],
  });
}, 120_000);

afterAll(async () => {
  await client?.close();
  await sim?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("a read the bridge cuts is paged to the end", () => {
  it("one unpaged read stops incomplete (the precondition)", async () => {
    const one = await client.get<{ complete: boolean; stopped_by: string; visited: number; errors: unknown[] }>(
      `/api/network/${encodePath("/project1")}/errors`,
    );
    expect(one.complete).toBe(false);
    expect(one.stopped_by).toBe("max_nodes");
    expect(one.visited).toBe(SCAN_CAP);
    expect(one.errors).toEqual([]);
  });

  it("the show gate counts every error and passes within its allowance", async () => {
    const allowed = await runSvc(["show", "one-allowed", "--json"], {}, dir);
    const report = JSON.parse(allowed.stdout) as {
      passed: boolean;
      steps: Array<{ step: string; ok: boolean; detail: string }>;
    };
    const doctor = report.steps.find((s) => s.step === "doctor")!;
    expect(doctor.ok, doctor.detail).toBe(true);
    expect(doctor.detail).toMatch(/^1 live error\(s\), 1 allowed, \d+ operator\(s\) read$/);
    expect(Number(/(\d+) operator/.exec(doctor.detail)![1])).toBeGreaterThan(NODES);

    const none = await runSvc(["show", "none-allowed"], {}, dir);
    expect(none.code).toBe(1);
    expect(none.stdout).toMatch(
      /^FAIL doctor +1 live error\(s\), 0 allowed, \d+ operator\(s\) read; first: \/project1\/big\/zzz_unwired: /m,
    );
    expect(none.stdout).not.toMatch(/incomplete|stopped at its bound|could not be checked/);
  });

  it("svc apply verifies the whole network: the artist's erroring node on the last page is reported", async () => {
    const again = await runSvc(["apply", "big.svcnet", "--json"], { SVC_BRIDGE_URL: sim.url }, dir);
    const out = JSON.parse(again.stdout) as {
      verify: Array<{ complete: boolean; errors: number; warnings: number }>;
      diagnostics?: Array<{ code: string; message: string }>;
    };
    expect(out.verify[0]).toEqual({ complete: true, errors: 0, warnings: 1 });
    expect(again.stdout).toMatch(/live-cook-error-unowned/);
    expect(again.stdout).toMatch(/zzz_unwired/);
  });

  it("the show dashboard counts every error", async () => {
    const { sample } = await sampleDashboard(client, "/project1/cues");
    expect(sample.errors).toBe(1);
  });
});
