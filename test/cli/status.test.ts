import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startSim, type RunningSim } from "../../runtime/sim/start-sim.js";
import { runSvc } from "./run-cli.js";

const work = mkdtempSync(join(tmpdir(), "svc-status-"));
let sim: RunningSim | undefined;

afterAll(async () => {
  await sim?.stop();
  rmSync(work, { recursive: true, force: true });
});

describe("svc status", () => {
  it("warns when the running bridge is older than the one this svc ships", async () => {
    // A copy of the bridge that says it is an old version, served by tdsim.
    cpSync("bridge/svc_bridge", join(work, "svc_bridge"), {
      recursive: true,
      filter: (p) => !p.includes("__pycache__"),
    });
    cpSync("bridge/callbacks", join(work, "callbacks"), { recursive: true });
    const init = join(work, "svc_bridge", "version.py");
    writeFileSync(init, readFileSync(init, "utf8").replace(/^BRIDGE_VERSION = ".*"$/m, 'BRIDGE_VERSION = "0.0.1"'));
    sim = await startSim({ port: 0, callbacks: join(work, "callbacks", "webserver_callbacks.py") });
    const run = await runSvc(["status"], { SVC_BRIDGE_URL: sim.url });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("version 0.0.1");
    expect(run.stdout).toContain("warning: the running bridge is older than this svc");
    const json = JSON.parse((await runSvc(["status", "--json"], { SVC_BRIDGE_URL: sim.url })).stdout);
    expect(json).toMatchObject({ reachable: true, bridge_version: "0.0.1", stale: true });
  });

  it("reports how the artist would be asked and whether svc's agent skills are installed, from a fresh home", async () => {
    const home = join(work, "home");
    const env = { SVC_BRIDGE_URL: sim!.url, HOME: home, SVC_SKILLS_DIR: join(home, "skills") };
    const before = await runSvc(["status"], env);
    expect(before.stdout).toMatch(/^skills: +not installed in .*skills \('svc skills manage' installs them\)$/m);
    const json = JSON.parse((await runSvc(["status", "--json"], env)).stdout);
    expect(json.local.skills).toMatchObject({ state: "not-installed", current: 0, total: 3 });
    expect(["messageBox", "perform_mode", "headless"]).toContain(json.interaction.delivery);
    expect(json.interaction.pending).toBe(0);
    expect(before.stdout).toMatch(/^interaction: .*\(0 of \d+ decisions waiting\)$/m);
    expect((await runSvc(["skills", "manage"], env)).code).toBe(0);
    const after = JSON.parse((await runSvc(["status", "--json"], env)).stdout);
    expect(after.local.skills).toMatchObject({ state: "current", current: 3, total: 3 });
  });

  it("says in one line that no bridge answers, exit 1", async () => {
    const run = await runSvc(["status"], { SVC_BRIDGE_URL: "http://127.0.0.1:9" });
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(run.stderr).toContain("cannot reach the bridge");
  });
});
