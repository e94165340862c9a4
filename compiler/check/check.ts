/**
 * Check: the resolved program against the knowledge base and TouchDesigner's rules. Every problem
 * is a diagnostic; check also completes the model for lowering (bare names become menu entries or
 * operator references, each assignment learns the scalar parameters it sets).
 */
import type { Diagnostic } from "../../diagnostics/index.js";
import { walkComponents, type ProgramModel } from "../model.js";
import { createContext } from "./context.js";
import type { ExpressionPolicy } from "./python/policy.js";
import { checkControls } from "./controls.js";
import { checkShaders } from "./glsl/shaders.js";
import { checkNodeExpressions, nodeNeedsPythonGrammar } from "./expressions.js";
import { checkNodeName } from "./names.js";
import { checkFlags, checkOperatorType } from "./operators.js";
import { checkParams } from "./params.js";
import { checkWires } from "./wires.js";
import { checkIgnoredResolution } from "./resolution.js";

export function checkProgram(program: ProgramModel, expressions: ExpressionPolicy = "open"): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const ctx = createContext(program, diagnostics, expressions);
  for (const network of program.networks) {
    checkNodeName(network.root, ctx);
    checkControls(network.root, ctx);
    for (const comp of walkComponents(network.root)) {
      for (const node of comp.body.nodes) {
        checkNodeName(node, ctx);
        const known = checkOperatorType(node, ctx);
        checkParams(node, known ? ctx.operatorOf(node) : undefined, ctx);
        checkFlags(node, ctx);
        checkControls(node, ctx);
        checkNodeExpressions(node, ctx);
      }
      checkWires(comp, ctx);
      checkIgnoredResolution(comp, ctx);
    }
    checkNodeExpressions(network.root, ctx);
  }
  checkShaders(program, ctx);
  return diagnostics;
}

/** Whether checkProgram will parse Python with tree-sitter: the nodes it checks expressions of, alike. */
export function programNeedsPythonGrammar(program: ProgramModel, expressions: ExpressionPolicy = "open"): boolean {
  for (const network of program.networks) {
    if (nodeNeedsPythonGrammar(network.root, expressions)) return true;
    for (const comp of walkComponents(network.root))
      for (const node of comp.body.nodes) if (nodeNeedsPythonGrammar(node, expressions)) return true;
  }
  return false;
}
