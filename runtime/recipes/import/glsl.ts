/**
 * GLSL: `glsl_code` becomes a Text DAT holding the shader, named by the GLSL operator's pixel-shader
 * parameter; `glsl_uniforms` become the operator's uniform parameters (the Vectors page for float
 * and vec uniforms, the Colors page for colours), each driven by a control of the panel.
 *
 * The uniform parameters are sequences (`vec0name`, `vec1name`, ...): each uniform takes the next
 * block of its sequence, as many as the shader needs; svc makes the blocks when it builds the node.
 * Only a maximum the knowledge base knows can run out; a uniform past it is reported and left out.
 */
import type * as A from "../../../grammar/ast.js";
import { getSequence } from "../../../kb/index.js";
import { astBuild } from "../../engine/index.js";
import type { ConvertContext } from "./context.js";
import type { NodeEntry } from "./node-table.js";
import type { CodeSpec, UniformSpec } from "./recipe-format.js";
import { jsonKind } from "./json-source.js";
import type { Where } from "./report.js";
const { bind, colour, num, str, name: nameValue } = astBuild;

/** Parameters that name a GLSL operator's pixel (fragment) shader DAT, by operator family. */
const PIXEL_SHADER_PARAMS = ["pixeldat", "pdat"] as const;
const COMPONENTS = ["x", "y", "z", "w"] as const;
const COLOUR = /^#([0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;

export function convertGlslCode(spec: CodeSpec, ctx: ConvertContext): void {
  const node = ctx.table.find(spec.node);
  if (node === undefined) return;
  const text: A.StringValue = { ...str(spec.code.value), language: "glsl" };
  if (node.operator.family === "DAT") {
    ctx.assignments.set(node, { param: "text", value: text, driver: "text", at: spec.code.at });
    return;
  }
  const param = PIXEL_SHADER_PARAMS.find((p) => node.operator.params.some((q) => q.name === p));
  if (param === undefined) {
    ctx.report.add(
      "import-not-glsl",
      spec.node.at,
      { node: spec.node.value, type: node.operator.type, what: "pixel shader parameter" },
      {
        help: [
          "glsl_code belongs to a GLSL operator (glslTOP, glslmultiTOP, glslMAT) or to the DAT that holds the shader",
        ],
      },
    );
    return;
  }
  const dat = ctx.table.generate(`${node.name}_pixel`, "textDAT", node, spec.code.at);
  ctx.assignments.set(dat, { param: "text", value: text, driver: "text", at: spec.code.at });
  ctx.assignments.set(node, { param, value: nameValue(dat.name), driver: "reference", at: spec.node.at });
}

/** A uniform's control name: `uSpeed` → `Speed` (the `u` prefix is a GLSL habit, not a name). */
function controlBase(uniform: string): string {
  return /^u[A-Z]/.test(uniform) ? uniform.slice(1) : uniform;
}

function numbers(
  v: UniformSpec["value"],
  count: { min: number; max: number },
  ctx: ConvertContext,
): number[] | undefined {
  if (v === undefined) return undefined;
  const items = v.value.kind === "array" ? v.value.items : [v.value];
  if (items.length < count.min || items.length > count.max || !items.every((i) => i.kind === "number")) {
    const expected = count.max === 1 ? "a number" : `an array of ${count.min} to ${count.max} numbers`;
    ctx.report.add("import-field-type", v.at, {
      expected,
      actual:
        v.value.kind === "array"
          ? `an array of ${v.value.items.length} ${v.value.items.every((i) => i.kind === "number") ? "numbers" : "values"}`
          : jsonKind(v.value),
    });
    return undefined;
  }
  return items.map((i) => (i as { value: number }).value);
}

function colourValue(v: UniformSpec["value"], ctx: ConvertContext): { rgb: A.Value; alpha?: number } | undefined {
  if (v === undefined) return undefined;
  if (v.value.kind === "string" && COLOUR.test(v.value.value)) {
    const hex = v.value.value.slice(1).toLowerCase();
    return hex.length === 8
      ? { rgb: colour(hex.slice(0, 6)), alpha: parseInt(hex.slice(6), 16) / 255 }
      : { rgb: colour(hex) };
  }
  const items = numbers(v, { min: 3, max: 4 }, ctx);
  if (items === undefined) return undefined;
  return {
    rgb: { kind: "Tuple", items: items.slice(0, 3).map(num), form: "paren", range: v.at.range },
    ...(items[3] === undefined ? {} : { alpha: items[3] }),
  };
}

function range(spec: UniformSpec): [number, number] | undefined {
  return spec.min !== undefined && spec.max !== undefined && spec.min.value <= spec.max.value
    ? [spec.min.value, spec.max.value]
    : undefined;
}

/** Uniform blocks already used per GLSL node and sequence. */
export class UniformSlots {
  private readonly used = new Map<string, number>();

  next(node: NodeEntry, sequence: string): number | undefined {
    const key = `${node.name}\u0000${sequence}`;
    const n = this.used.get(key) ?? 0;
    const max = getSequence(node.operator, sequence)?.maxBlocks ?? null;
    if (max !== null && n >= max) return undefined;
    this.used.set(key, n + 1);
    return n;
  }
}

export function convertUniform(spec: UniformSpec, slots: UniformSlots, ctx: ConvertContext): void {
  const node = ctx.table.find(spec.node);
  if (node === undefined) return;
  const sequence = spec.kind.value === "color" ? "color" : "vec";
  const seq = getSequence(node.operator, sequence);
  if (seq === undefined) {
    ctx.report.add(
      "import-not-glsl",
      spec.node.at,
      { node: spec.node.value, type: node.operator.type, what: `${sequence} uniform parameters` },
      {
        help: ["glsl_uniforms belong to a GLSL TOP (glslTOP, glslmultiTOP)"],
      },
    );
    return;
  }
  if (spec.min !== undefined && spec.max !== undefined && spec.min.value > spec.max.value) {
    ctx.report.add("import-invalid-value", spec.min.at, {
      value: `${spec.min.value}..${spec.max.value}`,
      expected: "a range whose min is not above its max",
    });
  }
  const block = slots.next(node, sequence);
  if (block === undefined) {
    ctx.report.add(
      "import-no-uniform-slot",
      spec.at,
      { node: spec.node.value, sequence, name: spec.name.value },
      {
        help: [
          `${node.operator.type} has at most ${seq.maxBlocks} ${sequence} block(s); the uniform keeps GLSL's default (zero)`,
          "set it in the shader as a constant, or pack it into another uniform",
        ],
      },
    );
    return;
  }
  const at: Where = spec.at;
  const set = (param: string, value: A.Value, driver: "constant" | "bind") =>
    ctx.assignments.set(node, { param, value, driver, at });
  const label = spec.label?.value ?? spec.name.value;
  const help = spec.description ? { help: spec.description.value } : {};
  const r = range(spec);
  const base = controlBase(spec.name.value);
  set(`${sequence}${block}name`, str(spec.name.value), "constant");

  if (spec.kind.value === "color") {
    const value = colourValue(spec.value, ctx);
    const name = ctx.panel.add(
      { type: "rgb", label, at, ...help, ...(value ? { default: value.rgb } : {}) },
      { generated: base },
    );
    if (name !== undefined) set(`color${block}rgb`, bind(name), "bind");
    if (value?.alpha !== undefined) set(`color${block}alpha`, num(value.alpha), "constant");
    return;
  }
  // A float is the first component of a vec block; a vec gets one float control per component,
  // because a bind needs a control with as many components as the parameter (the block has four).
  const values =
    spec.kind.value === "float"
      ? (numbers(spec.value, { min: 1, max: 1 }, ctx) ?? [0])
      : numbers(spec.value, { min: 1, max: 4 }, ctx);
  if (values === undefined) {
    if (spec.value === undefined)
      ctx.report.add(
        "import-missing-field",
        { path: `${spec.at.path}.value`, range: spec.name.at.range },
        {},
        { help: ["a vec uniform's value tells how many components it has: [x, y] to [x, y, z, w]"] },
      );
    return;
  }
  values.forEach((v, i) => {
    const c = COMPONENTS[i]!;
    const single = spec.kind.value === "float";
    const draft = {
      type: "float" as const,
      default: num(v),
      label: single ? label : `${label} ${c.toUpperCase()}`,
      at,
      ...help,
      ...(r ? { range: r } : {}),
    };
    const name = ctx.panel.add(draft, { generated: single ? base : `${base}${c}` });
    if (name !== undefined) set(`vec${block}value${c}`, bind(name), "bind");
  });
}
