/**
 * The declarations a GLSL POP's compute shader gets from its node (Write GLSL POPs): every attribute
 * it may read through TDIn_<name>(), the attributes it writes as arrays named like the attribute
 * (those its Output Attributes name and those its Attributes page makes), and the uniforms of its
 * Vectors page, whose type the page sets. svc knows the types of the built-in attributes (Attribute:
 * "P, PointScale, N and Tex"; Color) and of the ones the node makes; an attribute that only an input
 * POP makes has a type svc cannot see, so a shader reading one is not compiled (the caller says so).
 */
import type { NodeModel } from "../../model.js";
import { stripComments } from "./uniforms.js";

/** Built-in attributes and their GLSL types. UNVERIFIED: Tex as a vec3 (the page calls it a texture coordinate). */
const BUILT_IN: ReadonlyMap<string, string> = new Map([
  ["P", "vec3"],
  ["N", "vec3"],
  ["Color", "vec4"],
  ["Tex", "vec3"],
  ["PointScale", "float"],
  ["LineWidth", "float"],
]);
/** The Attributes page's predefined names (attr0name menu) and the attribute each makes. */
const PREDEFINED: Record<string, string> = {
  n: "N",
  color: "Color",
  tex: "Tex",
  pointscale: "PointScale",
  linewidth: "LineWidth",
};
const SCALAR: Record<string, [string, string]> = {
  // attr0type → (scalar type, vector prefix)
  float: ["float", "vec"],
  dir: ["float", "vec"],
  double: ["double", "dvec"],
  ddir: ["double", "dvec"],
  int: ["int", "ivec"],
  uint: ["uint", "uvec"],
};

export type PopDeclarations = { status: "declared"; text: string } | { status: "unknown-attributes"; names: string[] };

function value(node: NodeModel, name: string): string | undefined {
  const v = node.params.find((p) => p.name === name)?.value;
  if (v === undefined) return undefined;
  if (v.kind === "string") return v.value;
  if (v.kind === "menu") return v.entry;
  if (v.kind === "name") return v.name;
  if (v.kind === "number") return String(v.value);
  return undefined;
}

function glslType(scalarAndPrefix: [string, string], components: number): string {
  return components <= 1 ? scalarAndPrefix[0] : `${scalarAndPrefix[1]}${components}`;
}

/** The attributes the node's Attributes page makes, with their types. */
function createdAttributes(node: NodeModel): Map<string, string> {
  const made = new Map<string, string>();
  for (const p of node.params) {
    const m = /^attr(\d+)name$/.exec(p.name);
    if (m === null) continue;
    const block = `attr${m[1]}`;
    const choice = value(node, p.name) ?? "custom";
    const name = choice === "custom" ? value(node, `${block}customname`) : (PREDEFINED[choice] ?? choice);
    if (name === undefined || name === "") continue;
    const builtIn = BUILT_IN.get(name);
    const components = Number(value(node, `${block}numcomps`) ?? "1");
    made.set(name, builtIn ?? glslType(SCALAR[value(node, `${block}type`) ?? "float"] ?? SCALAR.float!, components));
  }
  return made;
}

/** Uniforms of the Vectors page (`vec0name` with `vec0type`): declared for the shader unless it declares them. */
function vectorUniforms(node: NodeModel, code: string): string[] {
  const lines: string[] = [];
  for (const p of node.params) {
    const m = /^vec(\d+)name$/.exec(p.name);
    const name = m === null ? undefined : value(node, p.name);
    if (name === undefined || !/^[A-Za-z_]\w*$/.test(name)) continue;
    if (new RegExp(`\\buniform\\b[^;]*\\b${name}\\b`).test(code)) continue;
    lines.push(`uniform ${value(node, `vec${m![1]}type`) ?? "float"} ${name};`);
  }
  return lines;
}

export function popDeclarations(node: NodeModel, shader: string): PopDeclarations {
  const code = stripComments(shader);
  const created = createdAttributes(node);
  const known = new Map([...BUILT_IN, ...created]);
  const unknown = new Set<string>();
  for (const m of code.matchAll(/\bTDIn_(\w+)\s*\(/g)) if (!known.has(m[1]!)) unknown.add(m[1]!);
  const listed = (value(node, "outputattrs") ?? "").split(/\s+/).filter((n) => n !== "");
  const outputs = new Set<string>(created.keys());
  for (const name of listed) {
    if (name === "*") for (const n of BUILT_IN.keys()) outputs.add(n);
    else if (known.has(name)) outputs.add(name);
    else unknown.add(name);
  }
  if (unknown.size > 0) return { status: "unknown-attributes", names: [...unknown].sort() };

  const lines: string[] = [];
  for (const [name, type] of known) {
    lines.push(
      `${type} TDIn_${name}(uint inputIndex, uint elementIndex);`,
      `${type} TDIn_${name}(uint inputIndex);`,
      `${type} TDIn_${name}();`,
    );
  }
  let binding = 0;
  for (const name of outputs)
    lines.push(`layout(std430, binding = ${binding++}) buffer TDOut_${name}Buffer { ${known.get(name)} ${name}[]; };`);
  lines.push(...vectorUniforms(node, code));
  return { status: "declared", text: lines.join("\n") };
}
