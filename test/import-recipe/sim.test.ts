/**
 * The imported recipes on tdsim: written to disk, used by a network, applied through the loop the
 * CLI and MCP tools use, and read back from the live project: no live errors, the panel's controls
 * exist, binds and expressions hold, shader and Python code sit in their DATs.
 */
import { readWholeTopology } from "../../runtime/engine/plan/paged-topology.js";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BridgeClient, bridgeConfigFromEnv, encodePath } from "../../runtime/engine/bridge-client/index.js";
import { applyFile, planFile, type LoopResult } from "../../runtime/engine/loop/run-loop.js";
import { startSim, type RunningSim } from "../../runtime/sim/start-sim.js";
import { convertFixture, fixtureJson } from "./fixtures.js";

interface LivePar {
  name: string;
  value: unknown;
  mode?: string;
  expr?: string;
  bindExpr?: string;
}
interface LiveNode {
  type: string;
  flags: Record<string, boolean>;
  comment?: string;
  non_default_params: LivePar[];
}

let sim: RunningSim;
let bridge: BridgeClient;
let dir: string;
let applied: LoopResult;
let use: { text: string; file: string };

const node = (path: string) => bridge.get<LiveNode>(`/api/nodes/${encodePath(path)}`);
const par = async (path: string, name: string) => (await node(path)).non_default_params.find((p) => p.name === name);
const text = async (path: string) => (await bridge.get<{ text: string }>(`/api/nodes/${encodePath(path)}/text`)).text;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "svc-import-"));
  for (const name of ["neon-tunnel", "pulse-grid"] as const) {
    const r = convertFixture(name, dir);
    expect(r.diagnostics).toEqual([]);
    writeFileSync(r.outFile!, r.text!);
  }
  use = {
    file: join(dir, "show.svcnet"),
    text: [
      "svcnet 1",
      'import "neon_tunnel.svcnet"',
      'import "pulse_grid.svcnet"',
      "network show {",
      "  grid: pulse_grid { speed: 2 }",
      "  out1: selectTOP [display] { top: tunnel/out1 }",
      "  tunnel: neon_tunnel { gain: 0.8 }",
      "}",
      "",
    ].join("\n"),
  };
  const env = { ...process.env };
  delete env.SVC_BRIDGE_ALLOW_EXEC;
  sim = await startSim({ port: 0, env });
  bridge = new BridgeClient(bridgeConfigFromEnv({ SVC_BRIDGE_URL: sim.url }));
  applied = await applyFile(bridge, use, { previewSize: 64 });
}, 60_000);

afterAll(async () => {
  await bridge?.close();
  await sim?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("imported recipes applied to tdsim", () => {
  it("apply without any diagnostic, live errors included, and show a preview", () => {
    // tdsim draws the recipe's Script TOP (its onCook runs): nothing is set aside, not even a tdsim gap.
    expect(applied.diagnostics.map((d) => `${d.code}: ${d.message}`)).toEqual([]);
    expect(applied.ok).toBe(true);
    expect(applied.verified.map((v) => v.errors)).toEqual([0]);
    expect(applied.preview?.path).toBe("/project1/show/out1");
  });

  it("re-plan to nothing", async () => {
    const again = await planFile(bridge, use);
    expect(again.plans.map((p) => p.plan.summary)).toEqual([{ add: 0, change: 0, destroy: 0 }]);
  });

  it("give each recipe COMP its panel, started from the use's arguments", async () => {
    const pages = await readWholeTopology<{
      path: string;
      custom_pages: Array<{ pars: Array<{ name: string; default: unknown }> }>;
    }>(bridge, "/project1/show", { depth: 1, custom: true });
    const panel = (path: string) =>
      Object.fromEntries(
        pages.nodes.find((n) => n.path === path)!.custom_pages.flatMap((p) => p.pars.map((c) => [c.name, c.default])),
      );
    const tunnel = panel("/project1/show/tunnel");
    expect(Object.keys(tunnel)).toEqual([
      "Blend",
      "Period",
      "Zoom",
      "Gain",
      "Speed",
      "Warp",
      "Tint",
      "Offsetx",
      "Offsety",
    ]);
    expect(tunnel.Gain).toBe(0.8);
    expect(tunnel.Zoom).toBe(1.03);
    const grid = panel("/project1/show/grid");
    expect(Object.keys(grid)).toEqual(["Colour", "Offset", "Smooth", "Speed", "Watched", "Which"]);
    expect(grid.Speed).toBe(2);
  });

  it("give controls the JSON's descriptions as their help text", async () => {
    const pages = await readWholeTopology<{
      path: string;
      custom_pages: Array<{ pars: Array<{ name: string; help?: string }> }>;
    }>(bridge, "/project1/show", { depth: 1, custom: true });
    const help = (path: string) =>
      Object.fromEntries(
        pages.nodes.find((n) => n.path === path)!.custom_pages.flatMap((p) => p.pars.map((c) => [c.name, c.help])),
      );
    expect(help("/project1/show/grid")).toMatchObject({
      Speed: "How fast the field pulses, in cycles per second",
      Which: "0 shows the colour, 1 the pattern",
      Colour: undefined,
    });
    expect(help("/project1/show/tunnel").Warp).toBe("How much the rings bend");
  });

  it("bind the controlled parameters to the panel", async () => {
    expect(await par("/project1/show/tunnel/level1", "brightness1")).toMatchObject({
      mode: "bind",
      bindExpr: "parent().par.Gain",
    });
    expect(await par("/project1/show/tunnel/transform1", "sx")).toMatchObject({
      mode: "bind",
      bindExpr: "parent().par.Zoom",
    });
    expect(await par("/project1/show/tunnel/comp1", "operand")).toMatchObject({
      mode: "bind",
      bindExpr: "parent().par.Blend",
    });
    expect(await par("/project1/show/tunnel/glsl1", "vec0valuex")).toMatchObject({
      mode: "bind",
      bindExpr: "parent().par.Speed",
    });
    expect(await par("/project1/show/tunnel/glsl1", "color0rgbr")).toMatchObject({
      mode: "bind",
      bindExpr: "parent().par.Tintr",
    });
    expect(await par("/project1/show/grid/move", "tx")).toMatchObject({
      mode: "bind",
      bindExpr: "parent().par.Offsetx",
    });
  });

  it("make an operator-reference control reach the recipe's node, so the bound parameter shows it live", async () => {
    expect(await par("/project1/show/grid/monitor", "top")).toMatchObject({
      mode: "bind",
      bindExpr: "parent().par.Watched",
    });
    const png = async (path: string) =>
      (await bridge.get<{ png_base64: string }>(`/api/preview/${encodePath(path)}`)).png_base64;
    expect(await png("/project1/show/grid/monitor")).toBe(await png("/project1/show/grid/move"));
  });

  it("keep expressions, reaching the recipe's nodes from nested networks", async () => {
    expect(await par("/project1/show/tunnel/transform1", "rotate")).toMatchObject({
      mode: "expression",
      expr: "absTime.seconds * op('noise1').par.period",
    });
    expect(await par("/project1/show/grid/panel/inner/pulse", "opacity")).toMatchObject({
      mode: "expression",
      expr: "0.5 + 0.5 * op('../../lfo1')['chan1']",
    });
  });

  it("put the GLSL code in a DAT the GLSL TOP names, with its uniform names set", async () => {
    const json = fixtureJson("neon-tunnel");
    expect(await text("/project1/show/tunnel/glsl1_pixel")).toBe(json.glsl_code.glsl1);
    expect(await text("/project1/show/tunnel/glsl2_pixel")).toBe(json.glsl_code.glsl2);
    expect((await par("/project1/show/tunnel/glsl1", "pixeldat"))?.value).toBe("glsl1_pixel");
    expect((await par("/project1/show/tunnel/glsl1", "vec0name"))?.value).toBe("uSpeed");
    // A second float uniform: block 1, which svc made on the live GLSL TOP.
    expect((await par("/project1/show/tunnel/glsl1", "vec"))?.value).toBe(2);
    expect((await par("/project1/show/tunnel/glsl1", "vec1name"))?.value).toBe("uWarp");
    expect(await par("/project1/show/tunnel/glsl1", "vec1valuex")).toMatchObject({
      mode: "bind",
      bindExpr: "parent().par.Warp",
    });
    expect((await par("/project1/show/tunnel/glsl1", "color0name"))?.value).toBe("uTint");
  });

  it("put Python where it runs: a Script operator's callbacks DAT, or the DAT itself", async () => {
    const json = fixtureJson("neon-tunnel");
    expect(await text("/project1/show/tunnel/script1_callbacks")).toBe(json.python_code.script1);
    expect((await par("/project1/show/tunnel/script1", "callbacks"))?.value).toBe("script1_callbacks");
    expect(await text("/project1/show/tunnel/startup")).toBe(json.python_code.startup);
  });

  it("nest nodes in their COMPs and keep the render and comment flags", async () => {
    const ball = await node("/project1/show/tunnel/geo1/ball");
    expect(ball.type).toBe("sphereSOP");
    expect(ball.flags.render).toBe(true);
    expect((await node("/project1/show/tunnel/geo1")).flags.render).toBe(true);
    expect((await node("/project1/show/tunnel/fx/pick")).type).toBe("selectTOP");
    expect((await node("/project1/show/grid/panel/inner/watch")).comment).toBe("reaches two networks up");
  });
});
