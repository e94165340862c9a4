/**
 * A 3D scene written in .svcnet, applied to tdsim and previewed: a Geometry COMP whose box is
 * instanced from a table (three boxes: red left, green middle, blue right, a yellow one nearer the
 * camera in front of the green one), a camera, a point light, a Phong MAT and a GLSL MAT, drawn
 * by a Render TOP on tdsim's OpenGL. The pixels are read where the camera projects each instance.
 * (Instancing from a CHOP is checked pixel by pixel in test/python/sim/test_render_3d.py: tdsim
 * cooks no CHOP generator with several samples that a .svcnet could use yet.)
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BridgeClient, bridgeConfigFromEnv } from "../../runtime/engine/bridge-client/index.js";
import { fetchPreview } from "../../runtime/engine/apply/preview.js";
import { decodePng } from "../../runtime/image/png-decode.js";
import { applyFile } from "../../runtime/engine/loop/run-loop.js";
import { startSim, type RunningSim } from "../../runtime/sim/start-sim.js";

const W = 320;
const H = 240;

const SOURCE = `svcnet 1

network scene {
  boxes: geometryCOMP {
    instancer: "r"
    instanceg: "g"
    instanceb: "b"
    instanceop: places
    instancetx: "tx"
    instancety: "ty"
    instancetz: "tz"
    instancing: on
    material: phong1
    network {
      box1: boxSOP [display, render] { size: (0.8, 0.8, 0.8) }
    }
  }
  cam1: cameraCOMP
  glow: geometryCOMP {
    material: tint
    ty: -1.1
    network {
      bar: boxSOP [display, render] { size: (3, 0.3, 0.3) }
    }
  }
  light1: lightCOMP { t: (0, 2, 6) }
  phong1: phongMAT
  places: tableDAT {
    text: \`\`\`
      tx	ty	tz	r	g	b
      -1.5	0	0	1	0	0
      0	0	0	0	1	0
      1.5	0	0	0	0	1
      0.3	0.3	1	1	1	0
      \`\`\`
  }
  render1: renderTOP [display] { camera: cam1, resolution: ${W}x${H} }
  tint: glslMAT { pdat: tint_pixel, vec0name: "uTint", vec0value: (1, 0, 1, 1) }
  tint_pixel: textDAT {
    text: \`\`\`glsl
      uniform vec4 uTint;
      layout(location = 0) out vec4 fragColor;
      void main() {
          fragColor = TDOutputSwizzle(vec4(uTint.rgb, 1.0));
      }
      \`\`\`
  }
}
`;

/** Where a world point lands (pixels from the top left) for the default camera: z = 5, 45 degrees across. */
function project(x: number, y: number, z: number): [number, number] {
  const f = 1 / Math.tan(Math.PI / 8);
  const d = 5 - z;
  return [Math.round((((x * f) / d + 1) / 2) * W), Math.round(((1 - (y * f * (W / H)) / d) / 2) * H)];
}

describe("an instanced 3D scene from .svcnet on tdsim", () => {
  let sim: RunningSim;
  let client: BridgeClient;

  beforeAll(async () => {
    sim = await startSim({ port: 0 });
    client = new BridgeClient(bridgeConfigFromEnv({ SVC_BRIDGE_URL: sim.url }));
  });

  afterAll(async () => {
    await client?.close();
    await sim?.stop();
  });

  it("draws each instance in its colour at its place, the nearer one in front, lit, and the GLSL MAT's tint", async () => {
    const result = await applyFile(client, { text: SOURCE, file: "scene.svcnet" });
    expect(result.diagnostics.map((d) => `${d.code}: ${d.message}`)).toEqual([]);
    const image = await fetchPreview(client, "/project1/scene/render1", W);
    const { width, rgba } = decodePng(image.png);
    const at = ([x, y]: [number, number]) => Array.from(rgba.slice((y * width + x) * 4, (y * width + x) * 4 + 4));
    const [red, green, blue] = [at(project(-1.5, 0, 0.4)), at(project(0, -0.25, 0.4)), at(project(1.5, 0, 0.4))];
    // Each box in its own colour, lit by the light (not black, not another colour).
    expect(red[0]!).toBeGreaterThan(Math.max(red[1]!, red[2]!) + 60);
    expect(green[1]!).toBeGreaterThan(Math.max(green[0]!, green[2]!) + 60);
    expect(blue[2]!).toBeGreaterThan(Math.max(blue[0]!, blue[1]!) + 60);
    // The yellow box (z = 1) covers the green one (z = 0) where they overlap: depth order.
    const yellow = at(project(0, 0, 1.4));
    expect(Math.min(yellow[0]!, yellow[1]!)).toBeGreaterThan(yellow[2]! + 60);
    // Lighting falls off: the red box's front is brighter than its side turned from the light.
    const front = at(project(-1.5, 0, 0.4));
    const side = at(project(-1.15, 0, 0.1));
    expect(front[0]!).toBeGreaterThan(side[0]! + 30);
    // The GLSL MAT's bar below: exactly its magenta uniform, unlit.
    expect(at(project(0, -1.1, 0.15))).toEqual([255, 0, 255, 255]);
    // Nothing drawn in a corner: the background (transparent black).
    expect(at([3, 3])[3]).toBe(0);
  });
});
