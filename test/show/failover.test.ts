/**
 * Failover end to end on two tdsims: the backup (built by create_show_failover) stands by with its
 * output on the standby picture while `svc failover` hears the main's heartbeat; when the main tdsim
 * is stopped, the backup takes over and its output shows the programme (pixels read back).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodePath } from "../../runtime/engine/bridge-client/index.js";
import { startSim, type RunningSim } from "../../runtime/sim/start-sim.js";
import { runSvc } from "../cli/run-cli.js";
import { textOf } from "../mcp/helpers.js";
import { refused, startNetworkFixture, type NetworkFixture } from "../mcp/network-fixture.js";
import { meanColour, PROGRAMME } from "./show-fixture.js";

let backup: NetworkFixture;
let main: RunningSim;
/** The main of the pair whose backup watches it from inside its own network. */
let watchedMain: RunningSim;
let dir: string;

beforeAll(async () => {
  const env = { ...process.env };
  delete env.SVC_BRIDGE_ALLOW_EXEC;
  [backup, main, watchedMain] = await Promise.all([
    startNetworkFixture("full"),
    startSim({ port: 0, env }),
    startSim({ port: 0, env }),
  ]);
  dir = mkdtempSync(join(tmpdir(), "svc-failover-"));
  writeFileSync(join(dir, "show.svcnet"), PROGRAMME);
  writeFileSync(
    join(dir, "svc.show.yaml"),
    `targets:\n  main: ${main.url}\n  backup: ${backup.sim.url}\nfailover:\n  - { main: main, backup: backup }\n`,
  );
  expect((await runSvc(["apply", "--target", "all", "show.svcnet"], {}, dir)).code).toBe(0);
}, 60_000);

afterAll(async () => {
  await Promise.all([backup?.close(), main?.stop(), watchedMain?.stop()]);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("create_show_failover and svc failover", () => {
  it("refuses an output that is not live", async () => {
    refused(
      await backup.call("create_show_failover", { outputs: ["/project1/show/gone"], preview: 0 }),
      "output-missing",
    );
    expect(await backup.node("/project1/failover")).toBeUndefined();
  });

  it("the backup stands by while the main answers, and takes over its outputs when the main stops", async () => {
    const built = await backup.ok<{ protected: Array<{ output: string; guard: string; action: string }> }>(
      "create_show_failover",
      { outputs: ["/project1/show/out1"], main: main.url, preview: 0 },
    );
    expect(built.protected).toEqual([
      { output: "/project1/show/out1", guard: "/project1/show/out1_svc_standby", action: "inserted" },
    ]);
    expect(await meanColour(backup.bridge, "/project1/show/out1")).toEqual([0, 0, 0]);

    // A beat a second, each waiting up to a second for the main: a main slowed by a busy machine still
    // answers, so only the stopped main misses three in a row.
    const watching = runSvc(["failover", "--interval", "1000", "--misses", "3", "--until-takeover"], {}, dir);
    await sleep(2500);
    // The main answers: the backup still stands by.
    expect(await meanColour(backup.bridge, "/project1/show/out1")).toEqual([0, 0, 0]);
    await main.stop();
    const r = await watching;
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toContain(`main -> backup: main ${main.url} answers`);
    expect(r.stdout).toContain(
      `main -> backup: main missed 3 heartbeats: backup ${backup.sim.url} takes over (/project1/failover Live on)`,
    );
    expect(await meanColour(backup.bridge, "/project1/show/out1")).toEqual([255, 0, 0]);
    // Outputs the backup does not take over are left as they are.
    expect(await meanColour(backup.bridge, "/project1/show/out2")).toEqual([0, 255, 0]);
  });

  it("a backup that watches the main from its own network takes over when the main stops, with no svc process running", async () => {
    const live = async () =>
      (
        await backup.bridge.get<{ params: Array<{ value: unknown }> }>(
          `/api/nodes/${encodePath("/project1/watching")}/params`,
          { keys: "Live" },
        )
      ).params[0]?.value;
    refused(
      await backup.call("create_show_failover", {
        name: "watching",
        outputs: ["/project1/show/out2"],
        heartbeat: { interval: 0.5, takeover: 4 },
        preview: 0,
      }),
      "invalid-arguments",
      /heartbeat needs main/,
    );
    await backup.ok("create_show_failover", {
      name: "watching",
      outputs: ["/project1/show/out2"],
      main: watchedMain.url,
      heartbeat: { interval: 0.5, takeover: 4 },
      preview: 0,
    });
    // Beats go out and the main answers: Heard moves on and the backup stands by.
    const heard = async () =>
      Number(
        (
          await backup.bridge.get<{ params: Array<{ value: unknown }> }>(
            `/api/nodes/${encodePath("/project1/watching")}/params`,
            { keys: "Heard" },
          )
        ).params[0]?.value,
      );
    const first = await heard();
    for (let i = 0; i < 200 && (await heard()) <= first; i++) await sleep(20);
    expect(await heard()).toBeGreaterThan(first);
    // Past the whole wait, with a main a busy machine may slow to one answer in several seconds.
    await sleep(4500);
    expect(await live()).toBe(false);
    expect(await meanColour(backup.bridge, "/project1/show/out2")).toEqual([0, 0, 0]);
    // The main stops; nothing of svc runs; the backup's own watcher takes over within its wait.
    await watchedMain.stop();
    for (let i = 0; i < 3000 && !(await live()); i++) await sleep(20);
    expect(await live()).toBe(true);
    expect(await meanColour(backup.bridge, "/project1/show/out2")).toEqual([0, 255, 0]);
    // Built again: nothing changes, and the backup keeps the programme on.
    const again = await backup.call("create_show_failover", {
      name: "watching",
      outputs: ["/project1/show/out2"],
      main: watchedMain.url,
      heartbeat: { interval: 0.5, takeover: 4 },
      preview: 0,
    });
    expect((again.structuredContent as { applied: boolean }).applied).toBe(false);
    expect(textOf(again)).toContain("Live is on: this backup has taken over");
    expect(await live()).toBe(true);
  });

  it("svc failover without pairs in the config is refused with what to write", async () => {
    writeFileSync(join(dir, "nopairs.yaml"), `targets:\n  main: ${main.url}\n`);
    const r = await runSvc(["failover", "--show-config", "nopairs.yaml"], {}, dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/no failover pairs; add 'failover:/);
  });
});
