/**
 * GLSL shaders are compiled before anything touches the live project: the pixel, vertex and compute
 * shaders of GLSL TOPs, the vertex and pixel shaders of GLSL MATs and the compute shader of GLSL
 * POPs, each with TouchDesigner's environment for its kind before it (kb/glsl), through
 * glslangValidator. A compiler message becomes a diagnostic on the shader's own line, in the
 * `.svcnet` text block or in the file `file("...")` read. Uniform names set on a TOP or MAT are
 * compared with the uniforms its shaders use. A shader svc has no environment for is said, never
 * passed in silence.
 */
import { DEFAULT_GLSL_VERSION, shaderPreamble, type ShaderKind } from "../../../kb/index.js";
import { diagnostic, type SourceRange } from "../../../diagnostics/index.js";
import {
  walkComponents,
  type ComponentModel,
  type NodeModel,
  type ParamModel,
  type ProgramModel,
} from "../../model.js";
import { at } from "../../resolve/references.js";
import type { CheckContext } from "../context.js";
import { popDeclarations } from "./pop-attributes.js";
import { declaredUniforms } from "./uniforms.js";
import { validateShader, type ShaderStage } from "./validator.js";

export const GLSL_TOP_TYPES = new Set(["glslTOP", "glslmultiTOP"]);
/** Sequences whose blocks name a `uniform` of the shader (`vec0name: "uTime"`). */
const UNIFORM_NAME = /^(vec|color|array|matrix)\d+name$/;
/** Other named blocks: constants, atomic counters, buffers and samplers are declared differently. */
const OTHER_NAME = /^(const|ac|buffer|sampler)\d+name$/;

/** A shader parameter and what svc compiles it as. */
interface StageParam {
  param: string;
  stage: "pixel" | "vertex" | "compute";
  kind: ShaderKind;
}
const GLSLANG_STAGE: Record<StageParam["stage"], ShaderStage> = { pixel: "frag", vertex: "vert", compute: "comp" };

/** Shader parameters of operators svc has no documented environment for, and why. */
const NOT_CHECKED: Record<string, { params: [string, string][]; reason: string }> = {
  glslMAT: {
    params: [["gdat", "geometry"]],
    reason: "svc checks the vertex and pixel shaders of a GLSL MAT, not its geometry shader",
  },
  glsladvancedPOP: {
    params: [["computedat", "compute"]],
    reason: "svc knows the GLSL POP's environment, not the GLSL Advanced POP's",
  },
  glslcreatePOP: {
    params: [["computedat", "compute"]],
    reason: "svc knows the GLSL POP's environment, not the GLSL Create POP's",
  },
  glslcopyPOP: {
    params: [
      ["ptcomputedat", "point compute"],
      ["vertcomputedat", "vertex compute"],
      ["primcomputedat", "primitive compute"],
    ],
    reason: "svc knows the GLSL POP's environment, not the GLSL Copy POP's",
  },
  glslCOMP: {
    params: [
      ["vertexdat", "vertex"],
      ["pixeldat", "pixel"],
    ],
    reason: "svc knows the shader environments of GLSL TOPs, MATs and POPs, not the GLSL COMP's",
  },
};

/** The shaders a node has, by its type (and a GLSL TOP's mode). */
function stagesOf(node: NodeModel): StageParam[] {
  if (GLSL_TOP_TYPES.has(node.type)) {
    return menuEntry(paramOf(node, "mode")) === "compute"
      ? [{ param: "computedat", stage: "compute", kind: "top-compute" }]
      : [
          { param: "vertexdat", stage: "vertex", kind: "top-vertex" },
          { param: "pixeldat", stage: "pixel", kind: "top-pixel" },
        ];
  }
  if (node.type === "glslMAT")
    return [
      { param: "vdat", stage: "vertex", kind: "mat-vertex" },
      { param: "pdat", stage: "pixel", kind: "mat-pixel" },
    ];
  if (node.type === "glslPOP") return [{ param: "computedat", stage: "compute", kind: "pop-compute" }];
  return [];
}

export function checkShaders(program: ProgramModel, ctx: CheckContext): void {
  const state = { unavailableReported: false };
  for (const network of program.networks) {
    for (const comp of walkComponents(network.root)) {
      for (const node of comp.body.nodes) checkGlslNode(node, comp, program, ctx, state);
    }
  }
}

/** Every GLSL TOP of the program with the COMP it is in. */
export function glslTops(program: ProgramModel): { node: NodeModel; comp: ComponentModel }[] {
  const found: { node: NodeModel; comp: ComponentModel }[] = [];
  for (const network of program.networks) {
    for (const comp of walkComponents(network.root)) {
      for (const node of comp.body.nodes) if (GLSL_TOP_TYPES.has(node.type)) found.push({ node, comp });
    }
  }
  return found;
}

/** The DAT holding a GLSL TOP's pixel shader, when the program builds it with a text. */
export function pixelShaderDat(node: NodeModel): NodeModel | undefined {
  return shaderDat(paramOf(node, "pixeldat"));
}

/** The DAT a shader parameter names, when the program builds it with a text. */
function shaderDat(p: ParamModel | undefined): NodeModel | undefined {
  const dat = referencedNode(p);
  return dat?.text === undefined ? undefined : dat;
}

function paramOf(node: NodeModel, name: string): ParamModel | undefined {
  return node.params.find((p) => p.name === name);
}

function referencedNode(p: ParamModel | undefined): NodeModel | undefined {
  const v = p?.value;
  return v !== undefined && (v.kind === "op-ref" || v.kind === "name") ? v.target : undefined;
}

function menuEntry(p: ParamModel | undefined): string | undefined {
  const v = p?.value;
  if (v === undefined) return undefined;
  return v.kind === "menu" ? v.entry : v.kind === "name" ? v.name : v.kind === "string" ? v.value : undefined;
}

type ShaderText = NonNullable<NodeModel["text"]>;

function checkGlslNode(
  node: NodeModel,
  comp: ComponentModel,
  program: ProgramModel,
  ctx: CheckContext,
  state: { unavailableReported: boolean },
): void {
  const skipped = NOT_CHECKED[node.type];
  if (skipped !== undefined) {
    for (const [name, stage] of skipped.params) {
      const p = paramOf(node, name);
      if (p !== undefined) notChecked(node, p, stage, skipped.reason, ctx);
    }
  }
  const stages = stagesOf(node);
  if (stages.length === 0) return;
  // A GLSL TOP in compute mode ignores its vertex and pixel shaders, and the other way round: said, not compiled.
  if (GLSL_TOP_TYPES.has(node.type)) {
    const compute = stages[0]!.stage === "compute";
    for (const name of compute ? ["vertexdat", "pixeldat"] : ["computedat"]) {
      const p = paramOf(node, name);
      if (p !== undefined)
        notChecked(
          node,
          p,
          name.replace(/dat$/, ""),
          `'${node.name}' is in ${compute ? "compute" : "vertex/pixel"} mode, where TouchDesigner does not use it`,
          ctx,
        );
    }
  }
  const version = /^glsl(\d+)$/.exec(menuEntry(paramOf(node, "glslversion")) ?? "")?.[1];
  const compiled: { dat: NodeModel; shader: ShaderText }[] = [];
  for (const s of stages) {
    const param = paramOf(node, s.param);
    const dat = shaderDat(param);
    if (param === undefined || dat?.text === undefined) continue; // the docked DAT svc does not build, or no text to read
    const shader = dat.text;
    let declarations: string | undefined;
    if (s.kind === "pop-compute") {
      const pop = popDeclarations(node, shader.text);
      if (pop.status === "unknown-attributes") {
        notChecked(
          node,
          param,
          s.stage,
          `it uses attribute(s) ${pop.names.join(", ")}, which an input POP makes: svc cannot see their types`,
          ctx,
        );
        continue;
      }
      declarations = pop.text;
    }
    const preamble = shaderPreamble(s.kind, {
      version: version === undefined ? DEFAULT_GLSL_VERSION : Number(version),
      inputs: inputCount(node, comp),
      ...(declarations === undefined ? {} : { declarations }),
    });
    const outcome = validateShader(preamble + shader.text, GLSLANG_STAGE[s.stage]);
    if (outcome.status === "unavailable") {
      if (!state.unavailableReported) {
        state.unavailableReported = true;
        ctx.diagnostics.push(
          diagnostic(
            "glsl-validator-unavailable",
            param.nameRange,
            { reason: outcome.reason },
            at(param.origin, {
              help: [
                "install it (Debian/Ubuntu: apt-get install glslang-tools) or set SVC_GLSLANG to its path; nothing else was skipped",
              ],
            }),
          ),
        );
      }
    }
    for (const m of outcome.status === "compiled" ? outcome.messages : []) {
      const code = m.severity === "error" ? "glsl-compile-error" : "glsl-compile-warning";
      const args = { stage: s.stage, node: node.name, message: m.message.trim() };
      // glslang notices a missing ';' at the next token, often the next line: point where it is missing.
      const missing = m.severity === "error" && m.line !== undefined ? lineMissingSemicolon(shader.text, m) : undefined;
      const line = missing ?? m.line;
      const place = line === undefined ? undefined : shaderLine(shader, line, program);
      if (place === undefined) {
        ctx.diagnostics.push(
          diagnostic(
            code,
            param.nameRange,
            args,
            at(param.origin, {
              help: [
                `the message is about TouchDesigner's own declarations, which svc puts before the shader: a name of the shader may clash with one of them (${s.kind.startsWith("top") ? "vUV, sTD2DInputs, TDOutputSwizzle" : s.kind.startsWith("mat") ? "P, N, uv, TDDeform, uTDMats" : "TDIndex, P, TDIn_P"}, ...)`,
              ],
            }),
          ),
        );
      } else {
        ctx.diagnostics.push(
          diagnostic(code, place.range, args, {
            ...at(dat.origin),
            file: place.file,
            help:
              missing === undefined
                ? [`in '${dat.name}', line ${m.line} of the shader`]
                : [
                    `in '${dat.name}', line ${missing} of the shader: it does not end with ';' (the compiler noticed at line ${m.line})`,
                  ],
          }),
        );
      }
    }
    compiled.push({ dat, shader });
  }
  // A GLSL POP's Vectors page declares its uniforms itself (it sets their types); TOPs and MATs leave it to the shader.
  if (node.type !== "glslPOP" && compiled.length > 0) checkUniformNames(node, compiled, program, ctx);
}

function notChecked(node: NodeModel, p: ParamModel, stage: string, reason: string, ctx: CheckContext): void {
  ctx.diagnostics.push(
    diagnostic("glsl-stage-not-checked", p.nameRange, { stage, node: node.name, reason }, at(p.origin)),
  );
}

/** How many inputs are wired: the size of sTD2DInputs[] (inputs are numbered from 0 without gaps). */
function inputCount(node: NodeModel, comp: ComponentModel): number {
  let count = 0;
  for (const w of comp.body.wires) if (w.to.node === node) count = Math.max(count, w.to.index + 1);
  return count;
}

/** Where line `line` of a shader is in the files svc read. */
/**
 * The line a compiler error "unexpected ..., expecting ... SEMICOLON" most likely means: the last line
 * with code before the one reported, when that line does not already end a statement or a block.
 */
function lineMissingSemicolon(text: string, m: { line?: number; message: string }): number | undefined {
  if (m.line === undefined || !/unexpected/.test(m.message) || !/expecting[^\n]*SEMICOLON/.test(m.message))
    return undefined;
  const lines = text.split("\n");
  if ((lines[m.line - 1] ?? "").trim().length === 0) return undefined;
  for (let l = m.line - 1; l >= 1; l--) {
    const code = (lines[l - 1] ?? "").replace(/\/\/.*$/, "").trim();
    if (code.length === 0) continue;
    return /[;{}]$/.test(code) || code.startsWith("#") ? undefined : l;
  }
  return undefined;
}

function shaderLine(
  shader: NonNullable<NodeModel["text"]>,
  line: number,
  program: ProgramModel,
): { file: string; range: SourceRange } | undefined {
  return shaderLineIn(
    {
      file: shader.origin.file,
      offset: shader.origin.range.start.offset,
      ...(shader.file === undefined ? {} : { textFile: shader.file }),
    },
    line,
    program.sources,
  );
}

/**
 * Line `line` of a DAT's text, given where its `text:` entry starts (`file`, `offset`) and, when the
 * text was read with file("..."), that file: the line of the file, or the line of the text block
 * (its first line is the one after the opening fence). Also used to place a live compile error.
 */
export function shaderLineIn(
  place: { file: string; offset: number; textFile?: string },
  line: number,
  sources: ReadonlyMap<string, string>,
): { file: string; range: SourceRange } | undefined {
  if (place.textFile !== undefined) {
    const text = sources.get(place.textFile);
    return text === undefined ? undefined : { file: place.textFile, range: lineRange(text, line) };
  }
  const text = sources.get(place.file);
  if (text === undefined) return undefined;
  const fence = text.indexOf("```", place.offset);
  if (fence < 0) return undefined;
  const fenceLine = text.slice(0, fence).split("\n").length;
  return { file: place.file, range: lineRange(text, fenceLine + line) };
}

/** Line `line` (from 1) of `text`, from its first non-blank character to its end. */
export function lineRange(text: string, line: number): SourceRange {
  let start = 0;
  for (let l = 1; l < line; l++) {
    const next = text.indexOf("\n", start);
    if (next < 0) break;
    start = next + 1;
  }
  let end = text.indexOf("\n", start);
  if (end < 0) end = text.length;
  let first = start;
  while (first < end && (text[first] === " " || text[first] === "\t")) first++;
  return {
    start: { line, column: first - start + 1, offset: first },
    end: { line, column: end - start + 1, offset: end },
  };
}

function checkUniformNames(
  node: NodeModel,
  compiled: { dat: NodeModel; shader: ShaderText }[],
  program: ProgramModel,
  ctx: CheckContext,
): void {
  const named = new Map<string, ParamModel>();
  let unknownName = false;
  for (const p of node.params) {
    if (OTHER_NAME.test(p.name)) {
      if (p.value.kind === "string") named.set(p.value.value, p);
      continue;
    }
    if (!UNIFORM_NAME.test(p.name)) continue;
    if (p.value.kind === "string") named.set(p.value.value, p);
    else unknownName = true; // an expression or a bind: the name is only known live
  }
  const sampler = /^s[A-Z]|^sTD/;
  const usedAnywhere = new Set<string>();
  const declaredAnywhere = new Set<string>();
  for (const { dat, shader } of compiled) {
    for (const u of declaredUniforms(shader.text)) {
      declaredAnywhere.add(u.name);
      if (u.used) usedAnywhere.add(u.name);
      if (!u.used || named.has(u.name) || unknownName || sampler.test(u.name)) continue;
      const place = shaderLine(shader, u.line, program);
      if (place === undefined) continue;
      ctx.diagnostics.push(
        diagnostic(
          "glsl-uniform-not-on-node",
          place.range,
          { name: u.name, node: node.name },
          {
            ...at(dat.origin),
            file: place.file,
            help: [
              `set it on '${node.name}': vec0name: "${u.name}" with vec0valuex..w (or color0name with color0rgb for a colour), using a free block number`,
            ],
          },
        ),
      );
    }
  }
  for (const [name, p] of named) {
    if (!UNIFORM_NAME.test(p.name) || name === "" || usedAnywhere.has(name)) continue;
    ctx.diagnostics.push(
      diagnostic(
        "glsl-uniform-unused",
        p.nameRange,
        {
          param: p.name,
          node: node.name,
          name,
          problem: declaredAnywhere.has(name) ? "declares but never uses" : `does not declare (uniform ${name})`,
        },
        at(p.origin, { help: ["TouchDesigner ignores a value set for a uniform the shader does not use"] }),
      ),
    );
  }
}
