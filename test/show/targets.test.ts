/**
 * Several machines from one svc.show.yaml: two tdsims on loopback ports (one behind a token read
 * from the environment), planned and applied in one command each, every target reported on its
 * own; svc panic --target all blacks out both. Bad show configs are refused with the line.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BridgeClient, bridgeConfigFromEnv } from "../../runtime/engine/bridge-client/index.js";
import { parseShowConfig, ShowConfigError } from "../../runtime/show/show-config.js";
import { startSim, type RunningSim } from "../../runtime/sim/start-sim.js";
import { runSvc } from "../cli/run-cli.js";
import { meanColour, PROGRAMME } from "./show-fixture.js";

let left: RunningSim;
let right: RunningSim;
let dir: string;
const TOKEN = "right-secret-token-0123456789";

beforeAll(async () => {
  const env = { ...process.env };
  delete env.SVC_BRIDGE_ALLOW_EXEC;
  delete env.SVC_BRIDGE_TOKEN;
  [left, right] = await Promise.all([
    startSim({ port: 0, env }),
    startSim({ port: 0, env: { ...env, SVC_BRIDGE_TOKEN: TOKEN } }),
  ]);
  dir = mkdtempSync(join(tmpdir(), "svc-show-"));
  writeFileSync(join(dir, "show.svcnet"), PROGRAMME);
  writeFileSync(
    join(dir, "svc.show.yaml"),
    [
      "# the two stage machines",
      "targets:",
      `  stage-left: ${left.url}`,
      `  stage-right: { url: "${right.url}", token_env: RIGHT_TOKEN }`,
      "failover:",
      "  - { main: stage-left, backup: stage-right }",
      "",
    ].join("\n"),
  );
}, 60_000);

afterAll(async () => {
  await Promise.all([left?.stop(), right?.stop()]);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const env = () => ({ RIGHT_TOKEN: TOKEN });
const svc = (argv: string[], e: NodeJS.ProcessEnv = env()) => runSvc(argv, e, dir);

describe("svc plan and apply --target", () => {
  it("plans every target at once, each under its own heading", async () => {
    const r = await svc(["plan", "--target", "all", "show.svcnet"]);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toContain(`== stage-left (${left.url}) ==`);
    expect(r.stdout).toContain(`== stage-right (${right.url}) ==`);
    expect(r.stdout.match(/Plan: 7 to add/g)).toHaveLength(2);
    expect(r.stdout).toMatch(/Targets: stage-left ok, stage-right ok\n$/);
  });

  it("applies to both machines in parallel; the live networks are the same", async () => {
    const r = await svc(["apply", "--target", "all", "show.svcnet"]);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    for (const sim of [left, right]) {
      const client = new BridgeClient(bridgeConfigFromEnv({ SVC_BRIDGE_URL: sim.url, SVC_BRIDGE_TOKEN: TOKEN }));
      expect(await meanColour(client, "/project1/show/out1")).toEqual([255, 0, 0]);
      await client.close();
    }
    const again = await svc(["plan", "--target", "stage-right", "--json", "show.svcnet"]);
    const json = JSON.parse(again.stdout) as {
      targets: Array<{
        target: string;
        exitCode: number;
        result: { ok: boolean; plans: Array<{ summary: Record<string, number> }> };
      }>;
    };
    expect(json.targets.map((t) => [t.target, t.exitCode])).toEqual([["stage-right", 0]]);
    expect(json.targets[0]!.result.plans[0]!.summary).toEqual(
      expect.objectContaining({ add: 0, change: 0, destroy: 0 }),
    );
  });

  it("reports a target whose token is missing or wrong as failed, and the others as they are", async () => {
    const missing = await svc(["plan", "--target", "all", "show.svcnet"], {});
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/RIGHT_TOKEN .*not set/);
    const wrong = await svc(["plan", "--target", "all", "show.svcnet"], { RIGHT_TOKEN: "not-the-token-at-all" });
    expect(wrong.code).toBe(1);
    expect(wrong.stdout).toMatch(/Targets: stage-left ok, stage-right FAILED\n$/);
    expect(wrong.stdout).toContain("svc plan [stage-right]: the bearer token is wrong");
  });

  it("refuses an unknown target and a missing config", async () => {
    const unknown = await svc(["plan", "--target", "stage-middle", "show.svcnet"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/no target 'stage-middle'; its targets: stage-left, stage-right, or all/);
    const none = await svc(["plan", "--target", "all", "--show-config", "nope.yaml", "show.svcnet"]);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/nope\.yaml: no show config here/);
  });
});

describe("svc panic --target all", () => {
  it("blacks out the protected outputs of every machine and releases them", async () => {
    // A safety chain on each machine, built the way the tool builds it.
    const { insertGuards } = await import("../../runtime/show/guards.js");
    const { safetySource } = await import("../../runtime/show/safety-network.js");
    writeFileSync(join(dir, "safety.svcnet"), safetySource({ name: "safety", outputs: ["/project1/show/out1"] }));
    expect((await svc(["apply", "--target", "all", "safety.svcnet"])).code).toBe(0);
    const clients = [left, right].map(
      (sim) => new BridgeClient(bridgeConfigFromEnv({ SVC_BRIDGE_URL: sim.url, SVC_BRIDGE_TOKEN: TOKEN })),
    );
    for (const c of clients) await insertGuards(c, "/project1/safety", ["/project1/show/out1"]);

    const on = await svc(["panic", "--target", "all"]);
    expect(on.code, on.stdout + on.stderr).toBe(0);
    expect(on.stdout.match(/\/project1\/safety: PANIC ON/g)).toHaveLength(2);
    for (const c of clients) expect(await meanColour(c, "/project1/show/out1")).toEqual([0, 0, 0]);
    const off = await svc(["panic", "--release", "--target", "all"]);
    expect(off.code).toBe(0);
    for (const c of clients) expect(await meanColour(c, "/project1/show/out1")).toEqual([255, 0, 0]);
    await Promise.all(clients.map((c) => c.close()));
  });
});

describe("svc.show.yaml", () => {
  const bad = (text: string) => {
    try {
      parseShowConfig(text, "svc.show.yaml");
    } catch (err) {
      expect(err).toBeInstanceOf(ShowConfigError);
      return (err as Error).message;
    }
    throw new Error("accepted");
  };
  it("refuses what it cannot use, saying where", () => {
    expect(bad("targets:\n  a: { url: http://h:1, token: abc }\n")).toMatch(
      /^svc\.show\.yaml:2:3: .*token in the file/,
    );
    expect(bad("targets:\n  a: ftp://h\n")).toMatch(/:2:3: target 'a' needs a bridge URL/);
    expect(bad("targets:\n  all: http://h:1\n")).toMatch(/'all' names every target/);
    expect(bad("targets:\n  a: http://h:1\nfailover:\n  - { main: a, backup: b }\n")).toMatch(
      /:4:5: failover names 'b'/,
    );
    expect(bad("targets: [\n")).toMatch(/^svc\.show\.yaml:\d+:\d+: /);
    expect(bad("target:\n  a: http://h:1\n")).toMatch(/unknown key 'target'/);
    expect(bad("targets:\n  a: http://h:1\n  a: http://h:2\n")).toMatch(/svc\.show\.yaml:3/);
  });
});
