/**
 * TouchDesigner's GLSL environment for each kind of shader svc compiles (kb/glsl/*.glsl, written
 * from the documentation; kb/glsl/README.md cites the pages). tdsim's renderer compiles the same
 * text as `svc check` for a GLSL TOP's pixel shader, so the two see one environment.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { packageRoot } from "../loader.js";

/** GLSL versions the GLSL TOP's `glslversion` menu offers (`glsl460` → 460); 4.60 is the default. */
export const DEFAULT_GLSL_VERSION = 460;

/** The shaders svc knows the environment of: the operator family's and the stage's. */
export type ShaderKind = "top-pixel" | "top-vertex" | "top-compute" | "mat-vertex" | "mat-pixel" | "pop-compute";

/** The environment files of each kind, in the order they go before the shader. */
const FILES: Record<ShaderKind, string[]> = {
  "top-pixel": ["top.glsl", "top-pixel.glsl", "functions.glsl"],
  "top-vertex": ["top.glsl", "top-vertex.glsl", "functions.glsl"],
  "top-compute": ["top.glsl", "top-compute.glsl", "functions.glsl"],
  "mat-vertex": ["mat.glsl", "mat-vertex.glsl", "functions.glsl"],
  "mat-pixel": ["mat.glsl", "mat-pixel.glsl", "functions.glsl"],
  "pop-compute": ["pop.glsl", "functions.glsl"],
};

/** The defines TouchDesigner sets for the stage (Write a GLSL Material, "TouchDesigner specific defines"). */
const STAGE_DEFINE: Record<ShaderKind, string> = {
  "top-pixel": "TD_PIXEL_SHADER",
  "top-vertex": "TD_VERTEX_SHADER",
  "top-compute": "TD_COMPUTE_SHADER",
  "mat-vertex": "TD_VERTEX_SHADER",
  "mat-pixel": "TD_PIXEL_SHADER",
  "pop-compute": "TD_COMPUTE_SHADER",
};

const texts = new Map<string, string>();

function fileText(name: string): string {
  let text = texts.get(name);
  if (text === undefined) {
    text = readFileSync(join(packageRoot(), "kb", "glsl", name), "utf8");
    texts.set(name, text);
  }
  return text;
}

export interface ShaderSetup {
  /** 460 for `glsl460`. */
  version: number;
  /** TOPs wired into a GLSL TOP: the size of `sTD2DInputs[]`. */
  inputs?: number;
  /** Declarations that depend on the node (a GLSL POP's attributes), put after the environment. */
  declarations?: string;
}

/**
 * The text that goes before a shader of the given kind. It ends with `#line 1 1`, so the compiler
 * numbers the shader's own lines from 1 in source string 1 (the environment is string 0).
 */
export function shaderPreamble(kind: ShaderKind, setup: ShaderSetup): string {
  const defines = [`#define ${STAGE_DEFINE[kind]}`];
  if (kind.startsWith("top-")) defines.push(`#define TD_NUM_2D_INPUTS ${setup.inputs ?? 0}`);
  if (kind.startsWith("mat-"))
    defines.push("#define TD_NUM_LIGHTS 1", "#define TD_NUM_ENV_LIGHTS 0", "#define TD_NUM_CAMERAS 1");
  const environment = FILES[kind].map(fileText).join("\n");
  return `#version ${setup.version}\n${defines.join("\n")}\n${environment}\n${setup.declarations ?? ""}\n#line 1 1\n`;
}

/** The text that goes before a GLSL TOP's pixel shader (`shaderPreamble("top-pixel", ...)`). */
export function pixelShaderPreamble(setup: { version: number; inputs: number }): string {
  return shaderPreamble("top-pixel", setup);
}
