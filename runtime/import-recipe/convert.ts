/**
 * A read recipe document converted to a .svcnet syntax tree, step by step: nodes and their
 * parameters first (constants), then what drives parameters (controls, exposed parameters, GLSL
 * uniforms), the code (GLSL and Python in DATs), wires into converters as their source parameter,
 * and last the tree itself with its wires.
 */
import type * as A from "../../grammar/ast.js";
import { Assignments } from "./assignments.js";
import { buildRecipe } from "./build-recipe.js";
import { ControlPanel } from "./control-panel.js";
import { convertConverterWires } from "./converter-wires.js";
import { convertControl, convertExposed } from "./controls.js";
import type { ConvertContext } from "./context.js";
import { convertGlslCode, convertUniform, UniformSlots } from "./glsl.js";
import { recipeShape } from "./metadata.js";
import { NodeTable } from "./node-table.js";
import { knownParam, parameterValue } from "./param-values.js";
import { Provenance } from "./provenance.js";
import { convertPythonCode } from "./python-code.js";
import type { RecipeDocument } from "./recipe-format.js";
import type { Report } from "./report.js";

export interface Converted {
  name: string;
  program: A.Program;
  provenance: Provenance;
}

function nodeParameters(ctx: ConvertContext): void {
  for (const node of ctx.table.entries()) {
    for (const p of node.spec.parameters) {
      const known = knownParam(node, p.name, ctx.report);
      if (known === undefined) continue;
      const value = parameterValue(node, known, p.value, ctx.table, ctx.report);
      if (value !== undefined) ctx.assignments.set(node, { param: known.name, value, driver: "constant", at: p.value.at });
    }
  }
}

export function convertDocument(doc: RecipeDocument, report: Report): Converted {
  const ctx: ConvertContext = {
    table: new NodeTable(doc.nodes, report),
    assignments: new Assignments(report),
    panel: new ControlPanel(report),
    report,
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
  return { name: shape.name, program, provenance };
}
