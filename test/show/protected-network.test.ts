/**
 * A protected network through plan, apply and export on tdsim: the guards a safety chain and a
 * failover backup wire in front of its outputs are not the network's, so a plan reads through them,
 * an apply that rewires a protected output rewires the guard's input (the protection stays), and
 * an export writes the network without them, which applies back as a no-op.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runSvc } from "../cli/run-cli.js";
import { startNetworkFixture, type NetworkFixture } from "../mcp/network-fixture.js";
import { BLACK, GREEN, RED, meanColour, PROGRAMME } from "./show-fixture.js";

let f: NetworkFixture;

beforeAll(async () => {
  f = await startNetworkFixture("full");
  await f.ok("apply_network", { source: PROGRAMME, preview: 0 });
}, 60_000);

afterAll(async () => {
  await f?.close();
});

const svc = (argv: string[]) => runSvc(argv, { SVC_BRIDGE_URL: f.sim.url });
const applyProgramme = (source: string) =>
  f.ok<{ applied: boolean; networks: Array<{ operations?: number }> }>("apply_network", { source, preview: 0 });
const planEmpty = async (source: string) =>
  (await f.ok<{ networks: Array<{ empty: boolean }> }>("plan_network", { source })).networks.map((n) => n.empty);

describe("a protected network through plan, apply and export", () => {
  it("re-applies as a no-op once a chain and a backup guard its outputs", async () => {
    await f.ok("create_safety_blackout_chain", { outputs: ["/project1/show/out1", "/project1/show/out2"], preview: 0 });
    await f.ok("create_show_failover", { main: "http://127.0.0.1:9", outputs: ["/project1/show/out2"], preview: 0 });
    expect(await planEmpty(PROGRAMME)).toEqual([true]);
    const again = await applyProgramme(PROGRAMME);
    expect(again.applied).toBe(false);
    // out2 has two guards, the backup's in front: the chain built again finds its own behind it.
    expect(await f.wires("/project1/show")).toEqual(
      expect.arrayContaining(["out2_svc_guard[0]->out2_svc_standby[0]", "out2_svc_standby[0]->out2[0]"]),
    );
    const rebuilt = await f.ok<{ protected: Array<{ action: string }> }>("create_safety_blackout_chain", {
      outputs: ["/project1/show/out1", "/project1/show/out2"],
      preview: 0,
    });
    expect(rebuilt.protected.map((p) => p.action)).toEqual(["kept", "kept"]);
  });

  it("rewires a protected output behind its guard, so panic still blacks it out", async () => {
    const changed = PROGRAMME.replace("red -> out1", "green -> out1");
    const r = await applyProgramme(changed);
    expect(r.applied).toBe(true);
    const wires = await f.wires("/project1/show");
    expect(wires).toEqual(expect.arrayContaining(["green[0]->out1_svc_guard[0]", "out1_svc_guard[0]->out1[0]"]));
    expect(wires).not.toContain("red[0]->out1_svc_guard[0]");
    expect(await meanColour(f.bridge, "/project1/show/out1")).toEqual(GREEN);
    expect(await planEmpty(changed)).toEqual([true]);
    const on = await svc(["panic"]);
    expect(on.code, on.stdout + on.stderr).toBe(0);
    expect(await meanColour(f.bridge, "/project1/show/out1")).toEqual(BLACK);
    await svc(["panic", "--release"]);
    expect((await applyProgramme(PROGRAMME)).applied).toBe(true);
    expect(await meanColour(f.bridge, "/project1/show/out1")).toEqual(RED);
  });

  it("rewires a doubly guarded output behind both guards, and takes its wire out of the bottom guard only", async () => {
    const dir = mkdtempSync(join(tmpdir(), "svc-protected-"));
    writeFileSync(join(dir, "show.svcnet"), PROGRAMME.replace("green -> out2", "blue -> out2"));
    const plan = await runSvc(["plan", "show.svcnet"], { SVC_BRIDGE_URL: f.sim.url }, dir);
    rmSync(dir, { recursive: true, force: true });
    expect(plan.stdout).toContain("+ blue[0] -> out2[0] (behind out2_svc_standby, out2_svc_guard)");
    expect(plan.stdout).toContain("- green[0] -> out2[0] (behind out2_svc_standby, out2_svc_guard)");
    await applyProgramme(PROGRAMME.replace("green -> out2", "blue -> out2"));
    expect(await f.wires("/project1/show")).toEqual(
      expect.arrayContaining([
        "blue[0]->out2_svc_guard[0]",
        "out2_svc_guard[0]->out2_svc_standby[0]",
        "out2_svc_standby[0]->out2[0]",
      ]),
    );
    const unwired = PROGRAMME.replace("  green -> out2\n", "");
    await applyProgramme(unwired);
    const wires = await f.wires("/project1/show");
    expect(wires.filter((x) => x.endsWith("out2_svc_guard[0]"))).toEqual([]);
    expect(wires).toEqual(
      expect.arrayContaining(["out2_svc_guard[0]->out2_svc_standby[0]", "out2_svc_standby[0]->out2[0]"]),
    );
    expect(await planEmpty(unwired)).toEqual([true]);
    await applyProgramme(PROGRAMME);
    expect(await f.wires("/project1/show")).toContain("green[0]->out2_svc_guard[0]");
  });

  it("wires the guard into an output built anew when its type changes", async () => {
    const replaced = PROGRAMME.replace("out1: nullTOP [display]", "out1: levelTOP [display]");
    await applyProgramme(replaced);
    expect((await f.node("/project1/show/out1"))?.type).toBe("levelTOP");
    expect(await f.wires("/project1/show")).toEqual(
      expect.arrayContaining(["red[0]->out1_svc_guard[0]", "out1_svc_guard[0]->out1[0]"]),
    );
    expect(await planEmpty(replaced)).toEqual([true]);
    await svc(["panic"]);
    expect(await meanColour(f.bridge, "/project1/show/out1")).toEqual(BLACK);
    await svc(["panic", "--release"]);
    await applyProgramme(PROGRAMME);
    expect(await f.wires("/project1/show")).toContain("out1_svc_guard[0]->out1[0]");
  });

  it("exports the network without its guards, and the export applies back as a no-op", async () => {
    const out = await svc(["export", "/project1/show"]);
    expect(out.code, out.stderr).toBe(0);
    expect(out.stdout).not.toMatch(/_svc_(guard|safe|standby)/);
    expect(out.stdout).toMatch(/red -> out1/);
    expect(out.stdout).toMatch(/green -> out2/);
    expect(await planEmpty(out.stdout)).toEqual([true]);
    expect((await applyProgramme(out.stdout)).applied).toBe(false);
    const tdn = await svc(["export", "--format", "tdn", "/project1/show"]);
    expect(tdn.code, tdn.stderr).toBe(0);
    expect(tdn.stdout).toContain("out1");
    expect(tdn.stdout).not.toMatch(/_svc_(guard|safe|standby)/);
    // An artist's live rewire of a guarded output exports as the wire it makes.
    await f.batch([
      {
        action: "connect",
        source_path: "/project1/show/blue",
        target_path: "/project1/show/out1_svc_guard",
        target_input: 0,
      },
    ]);
    const edited = await svc(["export", "/project1/show"]);
    expect(edited.stdout).toMatch(/blue -> out1/);
    expect(edited.stdout).not.toMatch(/red -> out1/);
  });
});
