/** svc status (health and system), svc analyze and svc logs (with --follow) against tdsim. */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { BridgeClient, bridgeConfigFromEnv } from "../../runtime/engine/bridge-client/index.js";
import { svcCommands } from "../../runtime/cli/commands/index.js";
import { dispatch } from "../../runtime/cli/dispatch.js";
import { startSim, type RunningSim } from "../../runtime/sim/start-sim.js";
import { runSvc } from "./run-cli.js";

let sim: RunningSim;
let bridge: BridgeClient;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  sim = await startSim({ port: 0 });
  env = { SVC_BRIDGE_URL: sim.url };
  bridge = new BridgeClient(bridgeConfigFromEnv(env));
  await bridge.post("/api/batch", {
    operations: [
      { action: "create", parent_path: "/project1", type: "baseCOMP", name: "hand" },
      { action: "create", parent_path: "/project1/hand", type: "noiseTOP", name: "noise1" },
      { action: "create", parent_path: "/project1/hand", type: "levelTOP", name: "level1" },
      { action: "create", parent_path: "/project1/hand", type: "textDAT", name: "notes" },
    ],
  });
});

afterAll(async () => {
  await bridge?.close();
  await sim?.stop();
});

describe("svc status", () => {
  it("shows health and system beside the versions", async () => {
    const run = await runSvc(["status"], env);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/health: +ok at frame \d+; GPU .*; 0 monitor\(s\); Perform Mode off/);
    const json = JSON.parse((await runSvc(["status", "--json"], env)).stdout);
    expect(json.system).toMatchObject({ status: "ok", performMode: false, monitors: [] });
  });
});

describe("svc analyze", () => {
  it("sums up a hand-built network: families, errors, and that svc manages none of it", async () => {
    const run = await runSvc(["analyze", "/project1/hand"], env);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("/project1/hand: 3 node(s) (1 DAT, 2 TOP)");
    expect(run.stdout).toContain("svc manages 0; 3 built by hand");
    expect(run.stdout).toMatch(/\/project1\/hand\/level1: /);
    const json = JSON.parse((await runSvc(["analyze", "--json", "/project1/hand"], env)).stdout);
    expect(json).toMatchObject({ node_count: 3, owned_count: 0, complete: true });
    const bad = await runSvc(["analyze", "/project1/hand/noise1"], env);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/not a COMP/);
  });
});

describe("svc adopt and svc release", () => {
  it("exports read-only, adopts with --confirm so the exported file plans empty, and releases", async () => {
    const tags = async (n: string) =>
      (await bridge.get<{ tags: string[] }>(`/api/nodes/${encodeURIComponent(`/project1/hand/${n}`)}`)).tags;
    const look = await runSvc(["adopt", "/project1/hand"], env);
    expect(look.code).toBe(0);
    expect(look.stdout).toContain("network hand {");
    expect(look.stderr).toContain("read-only export of 3 node(s); nothing changed");
    expect(await tags("noise1")).toEqual([]);
    const dir = mkdtempSync(join(tmpdir(), "svc-adopt-"));
    try {
      const file = join(dir, "hand.svcnet");
      const taken = await runSvc(["adopt", "--confirm", "--out", file, "/project1/hand"], env);
      expect(taken.code, taken.stderr).toBe(0);
      expect(taken.stderr).toContain(
        "svc now manages 3 node(s) in /project1/hand; planning it again finds nothing to do",
      );
      expect(readFileSync(file, "utf8")).toContain("network hand {");
      expect(await tags("noise1")).toEqual(["svc"]);
      const plan = await runSvc(["plan", "--detailed-exitcode", file], env);
      expect(plan.code, plan.stdout + plan.stderr).toBe(0);
      const released = await runSvc(["release", "/project1/hand"], env);
      expect(released.stdout).toContain("3 node(s) are the artist's now");
      expect(await tags("noise1")).toEqual([]);
      expect((await runSvc(["release", "/project1/hand"], env)).code).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("svc logs", () => {
  it("prints the cook errors under a scope at the severity asked", async () => {
    const run = await runSvc(["logs", "--severity", "error", "/project1/hand"], env);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^error +\/project1\/hand\/level1: /m);
    expect((await runSvc(["logs", "--severity", "loud"], env)).code).toBe(2);
  });

  it("--follow prints a new error when it appears and stops when the bridge goes away", async () => {
    let stdout = "";
    let stderr = "";
    const followed = dispatch(
      "svc",
      "svc",
      svcCommands,
      ["logs", "--follow", "--severity", "error", "/project1/hand"],
      {
        stdout: (t) => (stdout += t),
        stderr: (t) => (stderr += t),
        readStdin: async () => "",
        isTTY: false,
        cwd: process.cwd(),
        env,
      },
    );
    await vi.waitFor(() => expect(stdout).toContain("/project1/hand/level1"), { timeout: 60_000, interval: 100 });
    expect(stdout).not.toContain("blur_new");
    await bridge.post("/api/nodes", { parent_path: "/project1/hand", type: "blurTOP", name: "blur_new" });
    await vi.waitFor(() => expect(stdout).toMatch(/^error +\/project1\/hand\/blur_new: /m), {
      timeout: 60_000,
      interval: 100,
    });
    // The level1 error was there all along: printed once, not on every poll.
    expect(stdout.match(/hand\/level1:/g)).toHaveLength(1);
    await sim.stop();
    expect(await followed).toBe(0);
    expect(stderr).toContain("the bridge went away");
  }, 120_000);
});
