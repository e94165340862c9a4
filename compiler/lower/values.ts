/**
 * Lowering of one parameter assignment to operations: a constant per scalar, or the expression,
 * bind or export TouchDesigner puts the parameter in.
 */
import { getParam } from "../../kb/index.js";
import { CONTROL_SUFFIXES } from "../check/styles.js";
import type { AnyNode, BindValue, Origin, Value } from "../model.js";
import { relativeTdPath } from "../resolve/paths.js";
import type { Operation } from "./operations.js";

/** How many `parent()` steps lead from `node` to the COMP `owner` above it (1 = its own network). */
function levelsUp(node: AnyNode, owner: AnyNode): number {
  let n = 0;
  for (let c = node.parent; c !== undefined; c = c.parent) {
    n++;
    if (c === owner) return n;
  }
  return n;
}

/** The scalar names a bind reads from, one per scalar the assignment sets. */
function bindSources(v: BindValue): string[] {
  const owner = v.owner!;
  if (v.controlComponent !== undefined) return [v.controlComponent];
  if (v.control !== undefined) return (CONTROL_SUFFIXES[v.control.type] ?? [""]).map((s) => v.control!.name + s);
  for (const page of owner.customPages) {
    for (const c of page.params) {
      if (c.name === v.parameter) return (CONTROL_SUFFIXES[c.type] ?? [""]).map((s) => c.name + s);
    }
  }
  const ref = getParam(owner.type, v.parameter);
  if (ref?.param.components !== undefined && ref.component === null) return [...ref.param.components];
  return [v.parameter];
}

/** The Python a bind puts in the parameter, for each scalar. */
function bindExpressions(node: AnyNode, v: BindValue): string[] {
  const sources = bindSources(v);
  if (v.control !== undefined) {
    const n = levelsUp(node, v.owner!);
    const parent = n <= 1 ? "parent()" : `parent(${n})`;
    return sources.map((s) => `${parent}.par.${s}`);
  }
  const path = relativeTdPath(node, v.owner!);
  return sources.map((s) => `op('${path}').par.${s}`);
}

/** The string a reference parameter holds: relative when svc builds the target, as written otherwise. */
function referenceText(node: AnyNode, target: AnyNode | undefined, written: string): string {
  return target === undefined ? written : relativeTdPath(node, target);
}

/** Operations that give `scalars` of `node` the value `v` (already checked: shapes fit). */
export function lowerValue(node: AnyNode, scalars: string[], v: Value, origin: Origin): Operation[] {
  const path = node.path;
  const constant = (param: string, value: number | string | boolean): Operation => ({
    kind: "set-param",
    path,
    param,
    value,
    origin,
  });
  switch (v.kind) {
    case "tuple":
      return v.items.flatMap((item, i) =>
        scalars[i] === undefined ? [] : lowerValue(node, [scalars[i]!], item, origin),
      );
    case "colour":
      return scalars.map((param, i) => constant(param, Number(v.rgba[i]!.toFixed(6))));
    case "bind": {
      const expressions = bindExpressions(node, v);
      return scalars.map((param, i) => ({
        kind: "set-bind",
        path,
        param,
        expression: expressions[i] ?? expressions[0]!,
        origin,
      }));
    }
    default:
      break;
  }
  const param = scalars[0];
  if (param === undefined) return [];
  switch (v.kind) {
    case "number":
    case "bool":
    case "string":
      return [constant(param, v.value)];
    case "text":
      return [constant(param, v.text)];
    case "menu":
      return [constant(param, v.entry)];
    case "name":
      return [constant(param, v.target === undefined ? v.name : referenceText(node, v.target, v.name))];
    case "op-ref":
      return [constant(param, referenceText(node, v.target, v.path))];
    case "expression":
      return [{ kind: "set-expression", path, param, expression: v.python, origin }];
    case "export":
      return [{ kind: "set-export", path, param, chop: v.target?.path ?? v.operator, channel: v.channel, origin }];
  }
}
