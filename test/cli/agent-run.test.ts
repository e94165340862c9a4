import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSim, type RunningSim } from "../../runtime/sim/start-sim.js";

let sim: RunningSim;
let work: string;

beforeAll(async () => {
  sim = await startSim({ port: 0 });
  work = mkdtempSync(join(tmpdir(), "svc-agent-"));
});

afterAll(async () => {
  await sim?.stop();
  rmSync(work, { recursive: true, force: true });
});

function agent(args: string[], input?: string) {
  return spawnSync(process.execPath, ["dist/runtime/cli/svc-agent.js", ...args], {
    env: { ...process.env, SVC_BRIDGE_URL: sim.url },
    encoding: "utf8",
    ...(input === undefined ? {} : { input }),
  });
}

describe("svc-agent run", () => {
  it("applies files in order with a summary per step, and a second run changes nothing", () => {
    const first = agent(["run", "examples/feedback-tunnel.svcnet", "examples/glsl-shader.svcnet"]);
    expect(first.status).toBe(0);
    expect(first.stdout).toMatch(
      /^step 1 examples\/feedback-tunnel\.svcnet: ok \(\+7 ~0 -0, 1 request, 0 errors, 0 warnings\)$/m,
    );
    expect(first.stdout).toMatch(/^step 2 examples\/glsl-shader\.svcnet: ok /m);
    expect(first.stdout).toContain("2 steps ok, 0 failed");
    const again = agent(["run", "--json", "examples/feedback-tunnel.svcnet"]);
    expect(JSON.parse(again.stdout).steps[0]).toMatchObject({ ok: true, added: 0, changed: 0, requests: 0 });
  });

  it("reads a network from standard input with '-'", () => {
    const text = "svcnet 1\nnetwork piped {\n  c1: constantTOP { colorr: 1 }\n  n1: nullTOP [display]\n  c1 -> n1\n}\n";
    const run = agent(["run", "-"], text);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^step 1 <stdin>: ok \(\+3 ~0 -0/m);
  });

  it("stops at a failing step unless --continue-on-error, and says which steps did not run", () => {
    const bad = join(work, "bad.svcnet");
    writeFileSync(bad, readFileSync("examples/feedback-tunnel.svcnet", "utf8").replace("levelTOP", "levelTOPP"));
    const stopped = agent(["run", bad, "examples/render-scene.svcnet"]);
    expect(stopped.status).toBe(1);
    expect(stopped.stdout).toContain("unknown-operator-type");
    expect(stopped.stdout).toContain("0 steps ok, 1 failed, 1 not run");
    const goOn = agent(["run", "--continue-on-error", bad, "examples/render-scene.svcnet"]);
    expect(goOn.status).toBe(1);
    expect(goOn.stdout).toContain("1 step ok, 1 failed");
  });

  it("refuses unknown options and missing files with one line and exit 2", () => {
    const run = agent(["run", "--nope", "x.svcnet"]);
    expect(run.status).toBe(2);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(agent(["run", "missing.svcnet"]).status).toBe(2);
  });
});
