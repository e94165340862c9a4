/**
 * Python syntax of every expression a program sets, checked without running Python. A problem is
 * reported at its exact place in the source when the expression text can be found there.
 */
import { diagnostic } from "../../diagnostics/index.js";
import type { AnyNode, ExpressionValue, Value } from "../model.js";
import { at } from "../resolve/references.js";
import type { CheckContext } from "./context.js";
import { expressionRange } from "../util/expression-range.js";
import { checkPythonExpression } from "./python/syntax.js";

function* expressionsIn(v: Value | undefined): Generator<ExpressionValue> {
  if (v === undefined) return;
  if (v.kind === "expression") yield v;
  if (v.kind === "tuple") for (const item of v.items) yield* expressionsIn(item);
}

function checkExpression(v: ExpressionValue, ctx: CheckContext): void {
  const problem = checkPythonExpression(v.python);
  if (problem === undefined) return;
  ctx.diagnostics.push(
    diagnostic("expression-syntax", expressionRange(ctx.program.sources, v, problem.start, problem.end), { problem: problem.message }, at(v.origin, {
      help: ["a parameter expression is one Python expression, e.g. = absTime.seconds * 0.5"],
    })),
  );
}

export function checkNodeExpressions(node: AnyNode, ctx: CheckContext): void {
  for (const p of node.params) for (const e of expressionsIn(p.value)) checkExpression(e, ctx);
  for (const page of node.customPages) for (const c of page.params) for (const e of expressionsIn(c.default)) checkExpression(e, ctx);
}
