/**
 * TouchDesigner's GLSL environment for a GLSL TOP's pixel shader (kb/glsl/top-pixel.glsl, written
 * from the documentation; kb/glsl/README.md cites the pages). The same file is what tdsim's renderer
 * compiles, so `svc check` and tdsim see one environment.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { packageRoot } from "../loader.js";

/** GLSL versions the GLSL TOP's `glslversion` menu offers (`glsl460` → 460); 4.60 is the default. */
export const DEFAULT_GLSL_VERSION = 460;

let pixelEnvironment: string | undefined;

function pixelEnvironmentText(): string {
  pixelEnvironment ??= readFileSync(join(packageRoot(), "kb", "glsl", "top-pixel.glsl"), "utf8");
  return pixelEnvironment;
}

export interface PixelShaderSetup {
  /** 460 for `glsl460`. */
  version: number;
  /** TOPs wired into the GLSL TOP: the size of `sTD2DInputs[]`. */
  inputs: number;
}

/**
 * The text that goes before a pixel shader. It ends with `#line 1 1`, so the compiler numbers the
 * shader's own lines from 1 in source string 1 (the environment is string 0).
 */
export function pixelShaderPreamble(setup: PixelShaderSetup): string {
  return `#version ${setup.version}\n#define TD_NUM_2D_INPUTS ${setup.inputs}\n${pixelEnvironmentText()}\n#line 1 1\n`;
}
