/**
 * GLSL shaders are compiled before anything touches the live project: each GLSL TOP's pixel shader,
 * with TouchDesigner's environment before it (kb/glsl), through glslangValidator. A compiler message
 * becomes a diagnostic on the shader's own line, in the `.svcnet` text block or in the file
 * `file("...")` read. Uniform names set on the node are compared with the uniforms the shader uses.
 */
import { DEFAULT_GLSL_VERSION, pixelShaderPreamble } from "../../../kb/index.js";
import { diagnostic, type SourceRange } from "../../../diagnostics/index.js";
import { walkComponents, type ComponentModel, type NodeModel, type ParamModel, type ProgramModel } from "../../model.js";
import { at } from "../../resolve/references.js";
import type { CheckContext } from "../context.js";
import { declaredUniforms } from "./uniforms.js";
import { validateShader } from "./validator.js";

export const GLSL_TOP_TYPES = new Set(["glslTOP", "glslmultiTOP"]);
/** Sequences whose blocks name a `uniform` of the shader (`vec0name: "uTime"`). */
const UNIFORM_NAME = /^(vec|color|array|matrix)\d+name$/;
/** Other named blocks: constants, atomic counters and buffers are declared differently. */
const OTHER_NAME = /^(const|ac|buffer)\d+name$/;

export function checkShaders(program: ProgramModel, ctx: CheckContext): void {
  const state = { unavailableReported: false };
  for (const { node, comp } of glslTops(program)) checkGlslTop(node, comp, program, ctx, state);
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
  const dat = referencedNode(paramOf(node, "pixeldat"));
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

function checkGlslTop(node: NodeModel, comp: ComponentModel, program: ProgramModel, ctx: CheckContext, state: { unavailableReported: boolean }): void {
  const compute = menuEntry(paramOf(node, "mode")) === "compute";
  for (const [param, stage] of [["vertexdat", "vertex"], ["computedat", "compute"]] as const) {
    const p = paramOf(node, param);
    if (p !== undefined && (stage === "compute") === compute) {
      ctx.diagnostics.push(diagnostic("glsl-stage-not-checked", p.nameRange, { stage, node: node.name }, at(p.origin)));
    }
  }
  if (compute) return;
  const pixelParam = paramOf(node, "pixeldat");
  const dat = pixelShaderDat(node);
  if (pixelParam === undefined || dat?.text === undefined) return;   // the docked DAT svc does not build, or no text to read
  const shader = dat.text;

  const version = /^glsl(\d+)$/.exec(menuEntry(paramOf(node, "glslversion")) ?? "")?.[1];
  const inputs = inputCount(node, comp);
  const outcome = validateShader(pixelShaderPreamble({ version: version === undefined ? DEFAULT_GLSL_VERSION : Number(version), inputs }) + shader.text, "frag");
  if (outcome.status === "unavailable") {
    if (!state.unavailableReported) {
      state.unavailableReported = true;
      ctx.diagnostics.push(diagnostic("glsl-validator-unavailable", pixelParam.nameRange, { reason: outcome.reason }, at(pixelParam.origin, {
        help: ["install it (Debian/Ubuntu: apt-get install glslang-tools) or set SVC_GLSLANG to its path; nothing else was skipped"],
      })));
    }
  } else {
    for (const m of outcome.messages) {
      const code = m.severity === "error" ? "glsl-compile-error" : "glsl-compile-warning";
      const args = { stage: "pixel", node: node.name, message: m.message };
      const place = m.line === undefined ? undefined : shaderLine(shader, m.line, program);
      if (place === undefined) {
        ctx.diagnostics.push(diagnostic(code, pixelParam.nameRange, args, at(pixelParam.origin, {
          help: ["the message is about TouchDesigner's own declarations, which svc puts before the shader: a name of the shader may clash with one of them (vUV, sTD2DInputs, TDOutputSwizzle, ...)"],
        })));
      } else {
        ctx.diagnostics.push(diagnostic(code, place.range, args, { ...at(dat.origin), file: place.file, help: [`in '${dat.name}', line ${m.line} of the shader`] }));
      }
    }
  }
  checkUniformNames(node, dat, shader, program, ctx);
}

/** How many inputs are wired: the size of sTD2DInputs[] (inputs are numbered from 0 without gaps). */
function inputCount(node: NodeModel, comp: ComponentModel): number {
  let count = 0;
  for (const w of comp.body.wires) if (w.to.node === node) count = Math.max(count, w.to.index + 1);
  return count;
}

/** Where line `line` of a shader is in the files svc read. */
function shaderLine(shader: NonNullable<NodeModel["text"]>, line: number, program: ProgramModel): { file: string; range: SourceRange } | undefined {
  return shaderLineIn({ file: shader.origin.file, offset: shader.origin.range.start.offset, ...(shader.file === undefined ? {} : { textFile: shader.file }) }, line, program.sources);
}

/**
 * Line `line` of a DAT's text, given where its `text:` entry starts (`file`, `offset`) and, when the
 * text was read with file("..."), that file: the line of the file, or the line of the text block
 * (its first line is the one after the opening fence). Also used to place a live compile error.
 */
export function shaderLineIn(place: { file: string; offset: number; textFile?: string }, line: number, sources: ReadonlyMap<string, string>): { file: string; range: SourceRange } | undefined {
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

function checkUniformNames(node: NodeModel, dat: NodeModel, shader: NonNullable<NodeModel["text"]>, program: ProgramModel, ctx: CheckContext): void {
  const declared = declaredUniforms(shader.text);
  const named = new Map<string, ParamModel>();
  let unknownName = false;
  for (const p of node.params) {
    if (OTHER_NAME.test(p.name)) {
      if (p.value.kind === "string") named.set(p.value.value, p);
      continue;
    }
    if (!UNIFORM_NAME.test(p.name)) continue;
    if (p.value.kind === "string") named.set(p.value.value, p);
    else unknownName = true;   // an expression or a bind: the name is only known live
  }
  const sampler = /^s[A-Z]|^sTD/;
  for (const u of declared) {
    if (!u.used || named.has(u.name) || unknownName || sampler.test(u.name)) continue;
    const place = shaderLine(shader, u.line, program);
    if (place === undefined) continue;
    ctx.diagnostics.push(diagnostic("glsl-uniform-not-on-node", place.range, { name: u.name, node: node.name }, {
      ...at(dat.origin), file: place.file,
      help: [`set it on '${node.name}': vec0name: "${u.name}" with vec0valuex..w (or color0name with color0rgb for a colour), using a free block number`],
    }));
  }
  for (const [name, p] of named) {
    if (!UNIFORM_NAME.test(p.name) || name === "") continue;
    const d = declared.find((u) => u.name === name);
    if (d !== undefined && d.used) continue;
    ctx.diagnostics.push(diagnostic("glsl-uniform-unused", p.nameRange, {
      param: p.name, node: node.name, name, problem: d === undefined ? `does not declare (uniform ${name})` : "declares but never uses",
    }, at(p.origin, { help: ["TouchDesigner ignores a value set for a uniform the shader does not use"] })));
  }
}
