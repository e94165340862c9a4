import { describe, expect, it } from "vitest";
import { parse } from "../../grammar/parse.js";
import { print } from "../../grammar/print.js";
import { encodePath } from "../../runtime/engine/bridge-client/index.js";
import { exportProgram, readExport } from "../../runtime/engine/export/export-network.js";
import { applyFile } from "../../runtime/engine/loop/run-loop.js";
import { useLiveSim } from "../support/live-sim.js";

const live = useLiveSim();

const SHADER = [
  "uniform float uTime;",
  "uniform vec4 uTint;",
  "uniform float uScale;",
  "out vec4 fragColor;",
  "void main() {",
  "    vec4 c = texture(sTD2DInputs[0], vUV.st);",
  "    fragColor = TDOutputSwizzle(vec4(c.rgb * uTint.rgb * uScale + uTime * 0.0, 1.0));",
  "}",
];

function source(glsl: string): string {
  return [
    "svcnet 1",
    "",
    "network uniforms {",
    "  g: glslTOP { pixeldat: shader, " + glsl + " }",
    "  out1: nullTOP",
    "  ramp: rampTOP",
    "  shader: textDAT {",
    "    text: ```",
    ...SHADER.map((l) => "      " + l),
    "    ```",
    "  }",
    "",
    "  g -> out1",
    "  ramp -> g",
    "}",
    "",
  ].join("\n");
}

interface ParDetail {
  name: string;
  value: unknown;
}

async function pars(path: string): Promise<Record<string, unknown>> {
  const data = await live.client.get<{ params: ParDetail[] }>(`/api/nodes/${encodePath(path)}/params`);
  return Object.fromEntries(data.params.map((p) => [p.name, p.value]));
}

async function applyAndExport(text: string): Promise<string> {
  const result = await applyFile(live.client, { text, file: "uniforms.svcnet" }, { verify: false });
  expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  return await exportProgram([(await readExport(live.client, "/project1/uniforms"))!]);
}

describe("a GLSL TOP with several uniforms, applied to tdsim and exported back", () => {
  const three =
    'vec0name: "uTime", vec0valuex: 0.5, vec1name: "uTint", vec1value: (1, 0.5, 0.25, 1), vec2name: "uScale", vec2valuex: 2';

  it("creates the blocks before setting them, and exports the same text as svc fmt", async () => {
    const text = source(three);
    const exported = await applyAndExport(text);
    const now = await pars("/project1/uniforms/g");
    expect(now).toMatchObject({
      vec0name: "uTime",
      vec1name: "uTint",
      vec1valuey: 0.5,
      vec2name: "uScale",
      vec2valuex: 2,
    });
    // svc reads the header as the block count; three blocks exist and no fourth.
    expect(now.vec).toBe(3);
    expect("vec3name" in now).toBe(false);
    expect(exported).toBe(print(parse(text, "uniforms.svcnet").ast));
  });

  it("planning the same text again changes nothing", async () => {
    const again = await applyFile(live.client, { text: source(three), file: "uniforms.svcnet" }, { verify: false });
    expect(again.plans.every((p) => p.operations.length === 0)).toBe(true);
  });

  it("fewer uniforms destroy the blocks svc made, and the export follows", async () => {
    const exported = await applyAndExport(source('vec0name: "uTime", vec0valuex: 0.5'));
    const now = await pars("/project1/uniforms/g");
    expect(now.vec).toBe(1);
    expect("vec1name" in now).toBe(false);
    expect(exported).toContain('g: glslTOP { pixeldat: shader, vec0name: "uTime", vec0valuex: 0.5 }');
  });

  it("a count above the blocks set is kept and exported", async () => {
    const text = source('vec: 5, vec0name: "uTime", vec1name: "uTint"');
    const exported = await applyAndExport(text);
    expect((await pars("/project1/uniforms/g")).vec).toBe(5);
    expect(exported).toContain('vec: 5, vec0name: "uTime", vec1name: "uTint"');
  });
});

describe("the real build's names and menus, applied to tdsim", () => {
  it("builds the current type for an older name, and takes the entries the build has", async () => {
    const text = [
      "svcnet 1",
      "",
      "network real {",
      "  wave: waveCHOP",
      "  lag1: lagCHOP { lagunit: seconds, lag1: 0.2 }",
      "  tracker: freedCHOP",
      '  code: textDAT { language: python, extension: py, text: "x = 1" }',
      '  k: constantCHOP { const1name: "b", const1value: 2 }',
      "",
      "  wave -> lag1",
      "}",
      "",
    ].join("\n");
    const result = await applyFile(live.client, { text, file: "real.svcnet" }, { verify: false });
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(result.diagnostics.map((d) => d.code)).toEqual(["renamed-operator-type"]);
    const tracker = await live.client.get<{ type: string }>(`/api/nodes/${encodePath("/project1/real/tracker")}`);
    expect(tracker.type).toBe("freedinCHOP");
    expect(await pars("/project1/real/lag1")).toMatchObject({ lagunit: "seconds" });
    expect(await pars("/project1/real/code")).toMatchObject({ language: "python", extension: "py" });
    expect(await pars("/project1/real/k")).toMatchObject({ const: 2, const1name: "b", const1value: 2 });
  });
});
