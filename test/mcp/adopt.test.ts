/**
 * adopt_network and release_network on tdsim: a hand-built network exported read-only, then
 * adopted with confirmation (one undo step), edited and planned like svc's own, and released.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refused, startNetworkFixture, type NetworkFixture } from "./network-fixture.js";

let f: NetworkFixture;
const SHOW = "/project1/show";

beforeAll(async () => {
  f = await startNetworkFixture("full");
  await f.batch([
    { action: "create", parent_path: "/project1", type: "containerCOMP", name: "show" },
    { action: "create", parent_path: SHOW, type: "noiseTOP", name: "noise1", parameters: { seed: 5, period: 2 } },
    { action: "create", parent_path: SHOW, type: "levelTOP", name: "level1", parameters: { opacity: 0.5 } },
    { action: "create", parent_path: SHOW, type: "nullTOP", name: "out1" },
    { action: "connect", source_path: `${SHOW}/noise1`, target_path: `${SHOW}/level1` },
    { action: "connect", source_path: `${SHOW}/level1`, target_path: `${SHOW}/out1` },
    { action: "set_flags", path: `${SHOW}/out1`, flags: { display: true } },
    { action: "set_mode", path: `${SHOW}/level1`, param: "brightness1", mode: "expression", expr: "1 + 0.5" },
  ]);
});

afterAll(async () => {
  await f?.close();
});

type Adopted = {
  path: string;
  source: string;
  adopted: boolean;
  taken: string[];
  leftOut: string[];
  replanEmpty: boolean | null;
  undoStep: string | null;
};

async function replanIsEmpty(source: string): Promise<void> {
  const plan = await f.ok<{ networks: Array<{ empty: boolean; conflicts: number }> }>("plan_network", {
    source,
    root: "/project1/{network}",
  });
  expect(plan.networks[0]).toMatchObject({ empty: true, conflicts: 0 });
}

describe("adopt_network", () => {
  it("without confirm exports the network and changes nothing", async () => {
    const before = await f.snapshot();
    const r = await f.ok<Adopted>("adopt_network", { path: SHOW });
    expect(r.adopted).toBe(false);
    expect(r.source).toContain("network show {");
    expect(r.source).toMatch(/noise1: noiseTOP \{[^}]*seed: 5/);
    expect(r.source).toContain("noise1 -> level1 -> out1");
    expect(r.taken).toEqual([`${SHOW}/level1`, `${SHOW}/noise1`, `${SHOW}/out1`]);
    expect(await f.snapshot()).toEqual(before);
  });

  it("with confirm takes ownership in one undo step, and planning the source again has nothing to do", async () => {
    const r = await f.ok<Adopted>("adopt_network", { path: SHOW, confirm: true });
    expect([r.adopted, r.replanEmpty, r.undoStep]).toEqual([true, true, "svc: batch"]);
    for (const n of ["noise1", "level1", "out1"]) expect((await f.node(`${SHOW}/${n}`))?.tags).toEqual(["svc"]);
    // The COMP itself stays the artist's: it hosts the adopted network.
    expect((await f.node(SHOW))?.tags).toEqual([]);
    // Values are untouched by adoption.
    expect((await f.node(`${SHOW}/level1`))?.params.brightness1).toMatchObject({ mode: "expression", expr: "1 + 0.5" });
    await replanIsEmpty(r.source);
  });

  it("then the atomic edits treat it as svc's own", async () => {
    const e = await f.ok<{ summary: { change: number } }>("set_parameter", {
      path: `${SHOW}/noise1`,
      parameter: "seed",
      value: 6,
    });
    expect(e.summary.change).toBe(1);
    expect((await f.node(`${SHOW}/noise1`))?.params.seed?.value).toBe(6);
  });

  it("refuses what it cannot adopt", async () => {
    refused(await f.call("adopt_network", { path: "/project1/nothing" }), "not-found");
    refused(await f.call("adopt_network", { path: `${SHOW}/noise1` }), "not_a_comp");
  });
});

describe("adopt_network on a COMP with a control panel", () => {
  const PANEL = "/project1/panel";
  it("takes the COMP's controls with it: the plan after adopting is empty, and the file then changes them", async () => {
    await f.batch([
      { action: "create", parent_path: "/project1", type: "containerCOMP", name: "panel" },
      {
        action: "add_custom_par",
        path: PANEL,
        page: "Look",
        name: "Gain",
        style: "Float",
        default: 0.5,
        min: 0,
        max: 1,
      },
      { action: "create", parent_path: PANEL, type: "noiseTOP", name: "noise1" },
      { action: "set_mode", path: `${PANEL}/noise1`, param: "amp", mode: "bind", expr: "parent().par.Gain" },
    ]);
    const r = await f.ok<Adopted>("adopt_network", { path: PANEL, confirm: true });
    expect(r.source).toMatch(/controls "Look" \{\n\s+Gain: float = 0\.5/);
    expect([r.adopted, r.replanEmpty]).toEqual([true, true]);
    await replanIsEmpty(r.source);
    // The COMP stays the artist's (never replaced or deleted); its controls are the file's now.
    expect((await f.node(PANEL))?.tags).toEqual([]);
    const edited = r.source.replace(/Gain: float = 0\.5[^\n]*/, "Gain: float = 0.5 range 0..2");
    expect(edited).not.toBe(r.source);
    const applied = await f.ok<{ networks: Array<{ summary: { change: number } }> }>("apply_network", {
      source: edited,
      root: "/project1/{network}",
    });
    expect(applied.networks[0]!.summary.change).toBe(1);
    const exported = await f.ok<{ source: string }>("export_network", { paths: [PANEL] });
    expect(exported.source).toMatch(/Gain: float = 0\.5 range 0\.\.2/);
    await replanIsEmpty(edited);
  });
});

describe("release_network", () => {
  it("gives the nodes back to the artist in one undo step; nothing else changes", async () => {
    const r = await f.ok<{ released: string[]; undoStep: string | null }>("release_network", { path: SHOW });
    expect(r.released).toEqual([`${SHOW}/level1`, `${SHOW}/noise1`, `${SHOW}/out1`]);
    expect(r.undoStep).toBe("svc: batch");
    expect((await f.node(`${SHOW}/noise1`))?.tags).toEqual([]);
    expect((await f.node(`${SHOW}/noise1`))?.params.seed?.value).toBe(6);
    const stored = await f.bridge.get<{ present: boolean }>(`/api/nodes/${encodeURIComponent(SHOW)}/storage`, {
      key: "svc_applied",
    });
    expect(stored.present).toBe(false);
    refused(
      await f.call("set_parameter", { path: `${SHOW}/noise1`, parameter: "seed", value: 7 }),
      "not-owned",
      /allow_unmanaged/,
    );
    refused(await f.call("release_network", { path: SHOW }), "not-managed");
  });
});
