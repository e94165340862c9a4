import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invalidArgs, refused, startNetworkFixture, type NetworkFixture } from "./network-fixture.js";
import { readLiveNetwork } from "../../runtime/engine/plan/live-state.js";

let f: NetworkFixture;
const NET = "/project1/blocks";

const SOURCE = `svcnet 1
network blocks {
  level1: levelTOP
  noise1: noiseTOP { resolution: 320x180 }
  out1: nullTOP [display]
  tint1: constantTOP { resolution: 320x180 }

  noise1 -> level1 -> out1
}
`;

beforeAll(async () => {
  f = await startNetworkFixture("full");
  await f.ok("apply_network", { source: SOURCE, preview: 0 });
});

afterAll(async () => {
  await f?.close();
});

type EditData = { changed: boolean; errors: number; issues: string[]; steps: string[]; nodes: string[] };

async function replanIsEmpty(root: string): Promise<void> {
  const stored = { value: { source: (await readLiveNetwork(f.bridge, root)).lastApplied!.source! } };
  const plan = await f.ok<{ networks: Array<{ empty: boolean }> }>("plan_network", {
    source: stored.value.source.text,
    file: stored.value.source.file,
  });
  expect(plan.networks[0]!.empty).toBe(true);
}

async function changesNothing(work: () => Promise<CallToolResult>): Promise<CallToolResult> {
  const before = await f.snapshot();
  const r = await work();
  expect(await f.snapshot()).toEqual(before);
  return r;
}

describe("create_control_panel", () => {
  it("declares controls on the COMP and binds inner parameters to them", async () => {
    const r = await f.ok<EditData & { page: string; controls: string[] }>("create_control_panel", {
      path: NET,
      page: "Look",
      controls: [
        {
          name: "Gain",
          type: "float",
          default: 0.5,
          min: 0,
          max: 2,
          label: "Brightness",
          binds: [{ node: "level1", parameter: "brightness1" }],
        },
        { name: "Tint", type: "rgb", default: "#ff8800", binds: [{ node: `${NET}/tint1`, parameter: "color" }] },
      ],
    });
    expect([r.page, r.controls]).toEqual(["Look", ["Gain", "Tint"]]);
    const root = await f.bridge.get<{
      custom_pages: Array<{ name: string; pars: Array<{ name: string; label: string; default: unknown }> }>;
    }>(`/api/nodes/${encodeURIComponent(NET)}`);
    const look = root.custom_pages.find((p) => p.name === "Look");
    expect(look?.pars.map((p) => [p.name, p.label])).toEqual([
      ["Gain", "Brightness"],
      ["Tint", "Tint"],
    ]);
    const level = await f.node(`${NET}/level1`);
    expect(level?.params.brightness1?.mode).toBe("bind");
    expect(level?.params.brightness1?.bindExpr).toMatch(/Gain/);
    expect((await f.node(`${NET}/tint1`))?.params.colorr?.mode).toBe("bind");
    expect(r.errors).toBe(0);
    await replanIsEmpty(NET);
  });

  it("refuses an illegal control name with diagnostics and a bind to a node that is not there", async () => {
    const e = refused(
      await changesNothing(() =>
        f.call("create_control_panel", {
          path: NET,
          controls: [{ name: "gain", binds: [{ node: "level1", parameter: "opacity" }] }],
        }),
      ),
      "diagnostics",
    );
    expect(e.diagnostics?.map((d) => (d as { code: string }).code)).toEqual(["invalid-control-name"]);
    refused(
      await changesNothing(() =>
        f.call("create_control_panel", {
          path: NET,
          controls: [{ name: "Amount", binds: [{ node: "ghost", parameter: "opacity" }] }],
        }),
      ),
      "not-found",
    );
    invalidArgs(await f.call("create_control_panel", { path: NET, controls: [] }));
  });

  it("leaves a panel an artist made alone: edits keep it, and svc will not build over it", async () => {
    await f.ok("create_td_node", { parent: NET, type: "baseCOMP", name: "theirs_panel" });
    const comp = `${NET}/theirs_panel`;
    await f.batch([
      { action: "add_custom_page", path: comp, page: "Mine" },
      { action: "add_custom_par", path: comp, page: "Mine", name: "Speed", style: "Float" },
    ]);
    await f.ok("set_parameter", { path: `${NET}/level1`, parameter: "opacity", value: 0.9 });
    const pages = async () =>
      (
        await f.bridge.get<{ custom_pages: Array<{ name: string; pars: Array<{ name: string }> }> }>(
          `/api/nodes/${encodeURIComponent(comp)}`,
        )
      ).custom_pages;
    expect((await pages()).map((p) => [p.name, p.pars.map((x) => x.name)])).toEqual([["Mine", ["Speed"]]]);
    refused(
      await changesNothing(() =>
        f.call("create_control_panel", { path: comp, controls: [{ name: "Gain", binds: [] }] }),
      ),
      "foreign-controls",
      /Speed/,
    );
  });
});

describe("animate_parameter", () => {
  it("adds an LFO CHOP sweeping between the two values and exports it onto the parameter", async () => {
    const r = await f.ok<EditData & { driver: string }>("animate_parameter", {
      path: `${NET}/noise1`,
      parameter: "period",
      from: 0,
      to: 4,
      frequency: 0.5,
    });
    expect(r.driver).toBe(`${NET}/noise1_period`);
    const lfo = await f.node(`${NET}/noise1_period`);
    expect([lfo?.type, lfo?.params.offset?.value, lfo?.params.amp?.value, lfo?.params.frequency?.value]).toEqual([
      "lfoCHOP",
      2,
      2,
      0.5,
    ]);
    const noise = await f.node(`${NET}/noise1`);
    expect([noise?.params.period?.mode, noise?.params.period?.expr]).toEqual([
      "expression",
      `op('${NET}/noise1_period')['chan1']`,
    ]);
    expect(r.errors).toBe(0);
    await replanIsEmpty(NET);
  });

  it("drives a parameter by an expression on time, with no operator added", async () => {
    const r = await f.ok<EditData & { driver: string | null }>("animate_parameter", {
      path: `${NET}/level1`,
      parameter: "opacity",
      from: 0.2,
      to: 1,
      driver: "time",
      frequency: 0.25,
    });
    expect(r.driver).toBeNull();
    expect((await f.node(`${NET}/level1`))?.params.opacity?.expr).toBe("0.2 + 0.8 * ((absTime.seconds * 0.25) % 1)");
  });

  it("refuses a whole tuplet, an unknown parameter and an out-of-range frequency", async () => {
    refused(
      await changesNothing(() =>
        f.call("animate_parameter", { path: `${NET}/noise1`, parameter: "resolution", from: 1, to: 2 }),
      ),
      "tuplet",
      /resolutionw/,
    );
    refused(
      await changesNothing(() =>
        f.call("animate_parameter", { path: `${NET}/noise1`, parameter: "perod", from: 1, to: 2 }),
      ),
      "diagnostics",
      /perod/,
    );
    invalidArgs(
      await f.call("animate_parameter", { path: `${NET}/noise1`, parameter: "period", from: 1, to: 2, frequency: 0 }),
    );
  });
});

describe("create_external_io", () => {
  it("maps OSC channels onto parameters, with resting values so nothing errors before data arrives", async () => {
    const r = await f.ok<EditData & { output: string }>("create_external_io", {
      path: NET,
      protocol: "osc",
      direction: "in",
      port: 7000,
      channels: [
        { channel: "fader1", node: "level1", parameter: "brightness1", rest: 1 },
        { channel: "fader2", node: "noise1", parameter: "amp", rest: 0.5 },
      ],
    });
    expect(r.output).toBe(`${NET}/osc_in`);
    expect((await f.node(`${NET}/osc_in_device`))?.params.port?.value).toBe(7000);
    expect((await f.node(`${NET}/osc_in_merge`))?.params.duplicate?.value).toBe("first");
    expect(await f.wires(NET)).toEqual(
      expect.arrayContaining([
        "osc_in_device[0]->osc_in_merge[0]",
        "osc_in_rest1[0]->osc_in_merge[1]",
        "osc_in_rest2[0]->osc_in_merge[2]",
        "osc_in_merge[0]->osc_in[0]",
      ]),
    );
    expect((await f.node(`${NET}/noise1`))?.params.amp?.expr).toBe(`op('${NET}/osc_in')['fader2']`);
    // tdsim has no network behind an OSC In CHOP: its tdsim-not-cooked warning is the one issue
    expect(r.errors).toBe(0);
    expect(r.issues.filter((issue) => !issue.includes("tdsim-not-cooked: "))).toEqual([]);
    await replanIsEmpty(NET);
  });

  it("sends parameters out over Art-Net, and NDI video of a TOP", async () => {
    const art = await f.ok<EditData & { output: string }>("create_external_io", {
      path: NET,
      protocol: "artnet",
      direction: "out",
      universe: 2,
      channels: [{ channel: "dimmer", node: "level1", parameter: "opacity" }],
    });
    const dmx = await f.node(art.output);
    expect([dmx?.type, dmx?.params.interface?.value, dmx?.params.universe?.value]).toEqual(["dmxoutCHOP", "artnet", 2]);
    expect((await f.node(`${NET}/artnet_out_ch1`))?.params.const0value?.expr).toBe("op('level1').par.opacity");
    const ndi = await f.ok<EditData & { output: string }>("create_external_io", {
      path: NET,
      protocol: "ndi",
      direction: "out",
      stream: "svc",
      source: "out1",
    });
    expect((await f.node(ndi.output))?.type).toBe("ndioutTOP");
    expect(await f.wires(NET)).toContain("out1[0]->ndi_out[0]");
    await replanIsEmpty(NET);
  });

  it("refuses a mapping to a missing node, NDI without a source and channels on NDI", async () => {
    refused(
      await changesNothing(() =>
        f.call("create_external_io", {
          path: NET,
          protocol: "midi",
          direction: "in",
          channels: [{ channel: "ch1c1", node: "ghost", parameter: "opacity" }],
        }),
      ),
      "not-found",
    );
    refused(
      await changesNothing(() =>
        f.call("create_external_io", { path: NET, protocol: "ndi", direction: "out", name: "ndi2" }),
      ),
      "needs-source",
    );
    refused(
      await changesNothing(() =>
        f.call("create_external_io", {
          path: NET,
          protocol: "ndi",
          direction: "in",
          name: "ndi3",
          channels: [{ channel: "a" }],
        }),
      ),
      "no-channels",
    );
    invalidArgs(await f.call("create_external_io", { path: NET, protocol: "smoke", direction: "in" }));
  });
});
