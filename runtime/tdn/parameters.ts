/**
 * `parameters` and `sequences` of a TDN operator as parameter states: names checked against the
 * knowledge base (an unknown name is left out and reported with the closest names), values read
 * with the `=`/`~` shorthand. A sequence's list length is its block count, written as the
 * sequence's own parameter (`vec: 3`) so empty trailing blocks are kept.
 */
import { closestParameters, getParam, getSequence, menuEntryAtIndex, type Operator } from "../../kb/index.js";
import { didYouMean } from "../../compiler/util/closest.js";
import type { NodeState } from "../engine/index.js";
import { isObject, kindOf, type TdnValue } from "./document.js";
import { where, type FieldPath, type FileContext } from "./context.js";
import { isWritableBind, readParamValue } from "./values.js";

function setParam(
  node: NodeState,
  op: Operator,
  name: string,
  value: TdnValue,
  path: FieldPath,
  ctx: FileContext,
): void {
  const at = where(ctx, path);
  if (getParam(op, name) === undefined) {
    const near = closestParameters(op, name, 3).map((m) => m.name);
    ctx.report.add(
      "tdn-unknown-parameter",
      at,
      { type: op.type, name },
      { help: [...didYouMean(near), `'svc kb show ${op.type}' lists its parameters`] },
    );
    return;
  }
  const read = readParamValue(value);
  if (!read.ok) {
    ctx.report.add("tdn-field-type", at, { expected: "a number, string, boolean or null", actual: read.actual });
    return;
  }
  if (read.state.mode === "bind" && !isWritableBind(read.state.expr ?? "")) {
    ctx.report.add(
      "tdn-bind-as-expression",
      at,
      { expr: read.state.expr ?? "" },
      {
        help: ["a .svcnet bind is parent().par.Control (bind Control) or op('node').par.name (bind node.name)"],
      },
    );
    read.state.mode = "expression";
  }
  // A number on a menu is its index, as TouchDesigner reads it: written as the entry's name.
  const ref = getParam(op, name)!;
  if (read.state.mode === "constant" && typeof read.state.value === "number" && ref.component === null) {
    const entry = menuEntryAtIndex(ref.param, read.state.value);
    if (entry !== undefined) read.state.value = entry;
  }
  node.params[name] = read.state;
}

export function readParameters(
  node: NodeState,
  op: Operator,
  value: TdnValue,
  path: FieldPath,
  ctx: FileContext,
): void {
  if (!isObject(value)) {
    ctx.report.add("tdn-field-type", where(ctx, path), {
      expected: "a mapping of parameter names",
      actual: kindOf(value),
    });
    return;
  }
  for (const [name, v] of Object.entries(value)) setParam(node, op, name, v, [...path, name], ctx);
}

export function readSequences(node: NodeState, op: Operator, value: TdnValue, path: FieldPath, ctx: FileContext): void {
  if (!isObject(value)) {
    ctx.report.add("tdn-field-type", where(ctx, path), {
      expected: "a mapping of sequence names",
      actual: kindOf(value),
    });
    return;
  }
  for (const [name, blocks] of Object.entries(value)) {
    const at = [...path, name];
    if (getSequence(op, name) === undefined) {
      ctx.report.add(
        "tdn-unknown-parameter",
        where(ctx, at),
        { type: op.type, name },
        { help: [`'svc kb show ${op.type}' lists its sequences`] },
      );
      continue;
    }
    if (!Array.isArray(blocks)) {
      ctx.report.add("tdn-field-type", where(ctx, at), { expected: "a list of blocks", actual: kindOf(blocks) });
      continue;
    }
    node.params[name] = { mode: "constant", value: blocks.length };
    blocks.forEach((block, i) => {
      if (!isObject(block)) {
        ctx.report.add("tdn-field-type", where(ctx, [...at, i]), {
          expected: "a mapping of block parameters",
          actual: kindOf(block),
        });
        return;
      }
      for (const [base, v] of Object.entries(block)) setParam(node, op, `${name}${i}${base}`, v, [...at, i, base], ctx);
    });
  }
}
