/**
 * The safety chain armed from the stage: an OSC message (a value above 0 on the chain's address), a
 * key going down, or a MIDI note going on turns Panic on and the protected output goes black; the
 * input going back to 0 never releases. tdsim has no network, keyboard or MIDI input, so each input
 * CHOP's channel is injected (tdsim.inject_channels, through the bridge's exec route, open here only
 * for that), named as the TouchDesigner pages describe (UNVERIFIED: runtime/show/README.md);
 * everything after the channel is the chain as built.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodePath } from "../../runtime/engine/bridge-client/index.js";
import { safetySource } from "../../runtime/show/safety-network.js";
import { runSvc } from "../cli/run-cli.js";
import { textOf } from "../mcp/helpers.js";
import { startNetworkFixture, type NetworkFixture } from "../mcp/network-fixture.js";
import { BLACK, meanColour, PROGRAMME, RED } from "./show-fixture.js";

let f: NetworkFixture;

beforeAll(async () => {
  f = await startNetworkFixture("full", { exec: true });
  await f.ok("apply_network", { source: PROGRAMME, preview: 0 });
  await f.ok("create_safety_blackout_chain", {
    outputs: ["/project1/show/out1"],
    osc_port: 7010,
    key: "p",
    midi: { channel: 1, note: 60 },
    preview: 0,
  });
}, 60_000);

afterAll(async () => {
  await f?.close();
});

const panic = async () =>
  (
    await f.bridge.get<{ params: Array<{ value: unknown }> }>(`/api/nodes/${encodePath("/project1/safety")}/params`, {
      keys: "Panic",
    })
  ).params[0]?.value;
const inject = (chop: string, channel: string, value: number) =>
  f.bridge.post("/api/exec", {
    script: `import tdsim\ntdsim.inject_channels('/project1/safety/${chop}', {'${channel}': ${value}})`,
  });
const settle = () => new Promise((r) => setTimeout(r, 200));

/** The input at 0 leaves Panic off; at 1 it turns on and the output goes black; back at 0 it stays on. */
async function armsFrom(chop: string, channel: string): Promise<void> {
  await inject(chop, channel, 0);
  await settle();
  expect(await panic()).toBe(false);
  expect(await meanColour(f.bridge, "/project1/show/out1")).toEqual(RED);
  await inject(chop, channel, 1);
  for (let i = 0; i < 1000 && !(await panic()); i++) await new Promise((r) => setTimeout(r, 20));
  expect(await panic()).toBe(true);
  expect(await meanColour(f.bridge, "/project1/show/out1")).toEqual(BLACK);
  await inject(chop, channel, 0);
  await settle();
  expect(await panic()).toBe(true);
  const release = await runSvc(["panic", "--release"], { SVC_BRIDGE_URL: f.sim.url });
  expect(release.code, release.stdout + release.stderr).toBe(0);
  expect(await meanColour(f.bridge, "/project1/show/out1")).toEqual(RED);
}

describe("panic arming from the stage", () => {
  it("builds an OSC In, a Keyboard In and a MIDI In CHOP, each scoped to its trigger", async () => {
    expect((await f.node("/project1/safety/osc_trigger"))?.params).toMatchObject({
      port: { value: 7010 },
      oscaddressscope: { value: "/svc/panic" },
    });
    expect((await f.node("/project1/safety/key_trigger"))?.params).toMatchObject({ keys: { value: "p" } });
    expect((await f.node("/project1/safety/midi_trigger"))?.params).toMatchObject({
      channel: { value: "1" },
      prefix: { value: "ch" },
      notename: { value: "n" },
      notescope: { value: "60" },
    });
  });

  it("scopes a controller the same way: one channel, notes left out", async () => {
    const source = safetySource({
      name: "cc",
      outputs: ["/project1/show/out2"],
      midi: { channel: 3, controller: 64, device: "2" },
    });
    expect(source).toContain(
      `midi_trigger: midiinCHOP { channel: "3", prefix: "ch", controlname: "c", controlind: "64", notename: "", id: "2" }`,
    );
    const plan = await f.ok<{ errors: number; networks: Array<{ summary: { add: number } }> }>("plan_network", {
      source,
    });
    expect(plan.errors).toBe(0);
    expect(plan.networks[0]?.summary.add).toBeGreaterThan(0);
  });

  it("arms from an OSC value above 0 on the chain's address", () => armsFrom("osc_trigger", "svc/panic"));
  it("arms from the key going down", () => armsFrom("key_trigger", "p"));
  it("arms from the MIDI note going on", () => armsFrom("midi_trigger", "ch1n60"));

  it("refuses a key the Keyboard In CHOP does not watch, and MIDI without exactly one note or controller", async () => {
    const invalid = async (args: Record<string, unknown>, message: RegExp) => {
      const r = await f.call("create_safety_blackout_chain", {
        name: "bad",
        outputs: ["/project1/show/out2"],
        preview: 0,
        ...args,
      });
      expect(r.isError).toBe(true);
      expect(textOf(r)).toMatch(message);
    };
    await invalid({ key: "f12" }, /one key: a digit 0-9 or a letter A-Z.* at key/);
    await invalid({ midi: { channel: 1 } }, /exactly one of 'note' and 'controller'/);
    await invalid({ midi: { channel: 1, note: 60, controller: 7 } }, /exactly one of 'note' and 'controller'/);
    await invalid({ midi: { channel: 17, note: 60 } }, /midi\.channel/);
    expect(await f.node("/project1/bad")).toBeUndefined();
  });
});
