/**
 * The safety blackout chain end to end on tdsim, with the bridge's exec closed: the chain's tools
 * wire guards in front of live outputs, `svc panic` turns every protected output to the safe picture
 * (read back as pixels) and `--release` gives the programme back; both are idempotent.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runSvc } from "../cli/run-cli.js";
import { textOf } from "../mcp/helpers.js";
import { refused, startNetworkFixture, type NetworkFixture } from "../mcp/network-fixture.js";
import { BLACK, BLUE, GREEN, RED, meanColour, PROGRAMME } from "./show-fixture.js";

let f: NetworkFixture;

beforeAll(async () => {
  f = await startNetworkFixture("full");
  await f.ok("apply_network", { source: PROGRAMME, preview: 0 });
}, 60_000);

afterAll(async () => {
  await f?.close();
});

const svc = (argv: string[]) => runSvc(argv, { SVC_BRIDGE_URL: f.sim.url });

describe("create_safety_blackout_chain and svc panic", () => {
  it("refuses an output that is not live, building nothing", async () => {
    refused(
      await f.call("create_safety_blackout_chain", { name: "bad", outputs: ["/project1/show/nope"], preview: 0 }),
      "output-missing",
      /nope does not exist/,
    );
    expect(await f.node("/project1/bad")).toBeUndefined();
    refused(
      await f.call("create_safety_blackout_chain", { name: "bad", outputs: ["/project1/show/red"], preview: 0 }),
      "output-unwired",
    );
    expect(await f.node("/project1/bad")).toBeUndefined();
  });

  it("wires a guard in front of each output and leaves the programme on screen", async () => {
    const r = await f.call("create_safety_blackout_chain", {
      outputs: ["/project1/show/out1", "/project1/show/out2"],
      preview: 0,
    });
    expect(r.isError, textOf(r)).toBeFalsy();
    const data = r.structuredContent as { network: string; protected: Array<{ output: string; action: string }> };
    expect(data.network).toBe("/project1/safety");
    expect(data.protected.map((p) => [p.output, p.action])).toEqual([
      ["/project1/show/out1", "inserted"],
      ["/project1/show/out2", "inserted"],
    ]);
    expect(await f.wires("/project1/show")).toEqual(
      expect.arrayContaining([
        "red[0]->out1_svc_guard[0]",
        "out1_svc_safe[0]->out1_svc_guard[1]",
        "out1_svc_guard[0]->out1[0]",
        "green[0]->out2_svc_guard[0]",
      ]),
    );
    expect(await meanColour(f.bridge, "/project1/show/out1")).toEqual(RED);
    expect(await meanColour(f.bridge, "/project1/show/out2")).toEqual(GREEN);
    // The protected network still plans to nothing: the plan reads through its guards.
    const plan = await f.ok<{ networks: Array<{ empty: boolean }> }>("plan_network", { source: PROGRAMME });
    expect(plan.networks.map((n) => n.empty)).toEqual([true]);
    // Built again: nothing new, the guards are kept.
    const again = await f.ok<{ applied: boolean; protected: Array<{ action: string }> }>(
      "create_safety_blackout_chain",
      { outputs: ["/project1/show/out1", "/project1/show/out2"], preview: 0 },
    );
    expect(again.applied).toBe(false);
    expect(again.protected.map((p) => p.action)).toEqual(["kept", "kept"]);
  });

  it("svc panic blacks out every protected output, on the next read, and says what it did", async () => {
    const on = await svc(["panic"]);
    expect(on.code, on.stderr + on.stdout).toBe(0);
    expect(on.stdout).toContain("/project1/safety: PANIC ON");
    expect(on.stdout).toContain("/project1/show/out1: safe picture");
    expect(on.stdout).toContain("/project1/show/out2: safe picture");
    expect(await meanColour(f.bridge, "/project1/show/out1")).toEqual(BLACK);
    expect(await meanColour(f.bridge, "/project1/show/out2")).toEqual(BLACK);
    // An output the chain does not protect keeps its picture.
    expect(await meanColour(f.bridge, "/project1/show/out3")).toEqual(BLUE);

    const twice = await svc(["panic", "--json"]);
    expect(twice.code).toBe(0);
    const report = JSON.parse(twice.stdout) as { chains: Array<{ chain: string; panic: boolean; changed: boolean }> };
    expect(report.chains).toEqual([
      expect.objectContaining({ chain: "/project1/safety", panic: true, changed: false }),
    ]);
  });

  it("svc panic --release gives every output its programme back, and is idempotent", async () => {
    const off = await svc(["panic", "--release"]);
    expect(off.code, off.stderr).toBe(0);
    expect(off.stdout).toContain("/project1/safety: released");
    expect(await meanColour(f.bridge, "/project1/show/out1")).toEqual(RED);
    expect(await meanColour(f.bridge, "/project1/show/out2")).toEqual(GREEN);
    const again = await svc(["panic", "--release"]);
    expect(again.stdout).toContain("released (already off)");
  });

  it("reports an output whose guard was taken out as not protected, and exits 1", async () => {
    await f.batch([{ action: "connect", source_path: "/project1/show/green", target_path: "/project1/show/out2" }]);
    const on = await svc(["panic"]);
    expect(on.code).toBe(1);
    expect(on.stdout).toMatch(/out2: NOT PROTECTED: fed by \/project1\/show\/green/);
    expect(await meanColour(f.bridge, "/project1/show/out1")).toEqual(BLACK);
    await svc(["panic", "--release"]);
    // The tool wires the guard back.
    const fixed = await f.ok<{ protected: Array<{ action: string }> }>("create_safety_blackout_chain", {
      outputs: ["/project1/show/out1", "/project1/show/out2"],
      preview: 0,
    });
    expect(fixed.protected.map((p) => p.action)).toEqual(["kept", "inserted"]);
  });

  it("create_panic finds the outputs Window COMPs show, and engages and releases with a colour", async () => {
    await f.batch([
      {
        action: "create",
        parent_path: "/project1",
        type: "windowCOMP",
        name: "stage",
        parameters: { winop: "/project1/show/out3" },
      },
    ]);
    const on = await f.ok<{ protected: Array<{ output: string }>; panic: { chains: Array<{ panic: boolean }> } }>(
      "create_panic",
      { engage: true, colour: "#204060", preview: 0 },
    );
    expect(on.protected.map((p) => p.output)).toEqual(["/project1/show/out3"]);
    expect(on.panic.chains[0]?.panic).toBe(true);
    expect(await meanColour(f.bridge, "/project1/show/out3")).toEqual([0x20, 0x40, 0x60]);
    // Only that chain engaged: out1 still shows its programme.
    expect(await meanColour(f.bridge, "/project1/show/out1")).toEqual(RED);
    await f.ok("create_panic", { engage: false, colour: "#204060", preview: 0 });
    expect(await meanColour(f.bridge, "/project1/show/out3")).toEqual(BLUE);
  });

  it("svc panic --chain on a COMP that is no safety chain refuses with the bridge's reason, and bad usage exits 2", async () => {
    const none = await svc(["panic", "--chain", "/project1/show"]);
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/svc panic: .*Panic/);
    const usage = await svc(["panic", "--chain", "show"]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/absolute path/);
  });
});
