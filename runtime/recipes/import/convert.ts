/**
 * A read recipe document converted to a .svcnet syntax tree, step by step: nodes and their
 * parameters first (constants), then what drives parameters (controls, exposed parameters, GLSL
 * uniforms), the code (GLSL and Python in DATs), wires into converters as their source parameter,
 * and last the tree itself with its wires.
 */
import type * as A from "../../../grammar/ast.js";
import { Assignments } from "./assignments.js";
import { buildRecipe } from "./build-recipe.js";
import { ControlPanel } from "./control-panel.js";
import { convertConverterWires } from "./converter-wires.js";
import { convertControl, convertExposed } from "./controls.js";
import type { ConvertContext } from "./context.js";
import { convertGlslCode, convertUniform, UniformSlots } from "./glsl.js";
import { recipeShape } from "./metadata.js";
import { NodeTable } from "./node-table.js";
import { closestParameters, getParam } from "../../../kb/index.js";
import { didYouMean } from "../../../compiler/util/closest.js";
import { astBuild } from "../../engine/index.js";
import { LeftOut, notInMenu, unambiguousParameter } from "./fixes.js";
import type { JsonValue } from "./json-source.js";
import type { NodeEntry } from "./node-table.js";
import { isDatText, knownParam, parameterValue } from "./param-values.js";
import { Provenance } from "./provenance.js";
import { convertPythonCode } from "./python-code.js";
import type { RecipeDocument } from "./recipe-format.js";
import type { Located, Report, Where } from "./report.js";
const { name: nameValue } = astBuild;

export interface Converted {
  name: string;
  program: A.Program;
  provenance: Provenance;
  /** Assignments left out (each a comment above its node and a diagnostic). */
  leftOut: number;
}

/** The parameter name to use: as written, fixed (`--fix`), or undefined when the assignment is left out. */
function usableName(
  node: NodeEntry,
  name: Located<string>,
  value: JsonValue,
  ctx: ConvertContext,
): Located<string> | undefined {
  if (getParam(node.operator, name.value) !== undefined || isDatText(node, name.value)) return name;
  const fixed = ctx.fix ? unambiguousParameter(node.operator, name.value) : undefined;
  if (fixed !== undefined) {
    ctx.report.add("import-fixed", name.at, { from: name.value, to: fixed });
    return { value: fixed, at: name.at };
  }
  const near = closestParameters(node.operator, name.value, 3).map((m) => m.name);
  const reason = `'${node.operator.type}' has no parameter '${name.value}'`;
  ctx.report.add(
    "import-left-out",
    name.at,
    { reason },
    {
      help: [
        ...didYouMean(near),
        ctx.fix
          ? "no single parameter is clearly meant: set it by hand"
          : "svc import-recipe --fix applies a did-you-mean that is clear",
      ],
    },
  );
  ctx.leftOut.add(node, name.value, value, reason);
  return undefined;
}

/** A menu entry the parameter does not have: fixed (`--fix`), or the assignment left out (false). */
function usableMenuValue(
  node: NodeEntry,
  param: string,
  value: A.Value,
  json: { value: JsonValue; at: Where },
  ctx: ConvertContext,
): A.Value | undefined {
  const entry = value.kind === "Name" ? value.name : value.kind === "String" ? value.value : undefined;
  if (entry === undefined) return value;
  const refused = notInMenu(node.operator, param, entry);
  if (refused === undefined) return value;
  if (ctx.fix && refused.suggestion !== undefined) {
    ctx.report.add("import-fixed", json.at, { from: entry, to: refused.suggestion });
    return nameValue(refused.suggestion);
  }
  const reason = `'${entry}' is not an entry of the menu '${param}'`;
  ctx.report.add(
    "import-left-out",
    json.at,
    { reason },
    {
      help: [
        ...didYouMean(refused.suggestion ? [refused.suggestion] : []),
        `the entries: ${refused.entries.slice(0, 12).join(", ")}${refused.entries.length > 12 ? ", ..." : ""}`,
        ...(refused.suggestion && !ctx.fix ? ["svc import-recipe --fix applies a did-you-mean that is clear"] : []),
      ],
    },
  );
  ctx.leftOut.add(node, param, json.value, reason);
  return undefined;
}

function nodeParameters(ctx: ConvertContext): void {
  for (const node of ctx.table.entries()) {
    for (const p of node.spec.parameters) {
      const name = usableName(node, p.name, p.value.value, ctx);
      if (name === undefined) continue;
      const known = knownParam(node, name, ctx.report);
      if (known === undefined) continue;
      const converted = parameterValue(node, known, p.value, ctx.table, ctx.report);
      const value =
        converted === undefined || known.ref === undefined || known.ref.component !== null
          ? converted
          : usableMenuValue(node, known.name, converted, p.value, ctx);
      if (value !== undefined)
        ctx.assignments.set(node, { param: known.name, value, driver: "constant", at: p.value.at });
    }
  }
}

export function convertDocument(doc: RecipeDocument, report: Report, fix = false): Converted {
  const ctx: ConvertContext = {
    table: new NodeTable(doc.nodes, report),
    assignments: new Assignments(report),
    panel: new ControlPanel(report),
    report,
    fix,
    leftOut: new LeftOut(),
  };
  nodeParameters(ctx);
  for (const c of doc.controls) convertControl(c, ctx);
  for (const p of doc.parameters) convertExposed(p, ctx);
  const slots = new UniformSlots();
  for (const u of doc.uniforms) convertUniform(u, slots, ctx);
  for (const g of doc.glslCode) convertGlslCode(g, ctx);
  for (const p of doc.pythonCode) convertPythonCode(p, ctx);
  const shape = recipeShape(doc, report);
  const provenance = new Provenance();
  const connections = convertConverterWires(doc.connections, ctx);
  const program = buildRecipe(shape, connections, ctx, provenance);
  return { name: shape.name, program, provenance, leftOut: ctx.leftOut.count };
}
