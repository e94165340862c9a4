/**
 * What is written at a place of the syntax tree: a node's name or type, a parameter's name or
 * value, a wire's endpoint, an import, a declaration. Hover and go to definition start here.
 */
import type * as ast from "../../grammar/ast.js";
import { rangeHolds } from "./convert.js";

/** The bodies around the place, outermost first; `recipe` when the place is inside one. */
export interface Scope {
  bodies: (ast.Network | ast.InnerNetwork | ast.Recipe)[];
  recipe?: ast.Recipe;
}

export type Spot =
  | { kind: "node-name"; node: ast.NodeDecl; scope: Scope }
  | { kind: "node-type"; node: ast.NodeDecl; scope: Scope }
  | { kind: "param-name"; node: ast.NodeDecl; param: ast.Param; scope: Scope }
  | { kind: "param-value"; node: ast.NodeDecl; param: ast.Param; value: ast.Value; scope: Scope }
  | { kind: "wire-end"; endpoint: ast.WireEndpoint; scope: Scope }
  | { kind: "declaration"; declaration: ast.Declaration; scope: Scope }
  | { kind: "import"; import: ast.Import }
  | { kind: "recipe-name"; recipe: ast.Recipe };

/** The innermost value at `offset` (a tuple's item rather than the tuple). */
function valueAt(value: ast.Value, offset: number): ast.Value {
  if (value.kind === "Tuple")
    for (const item of value.items) if (rangeHolds(item.range, offset)) return valueAt(item, offset);
  return value;
}

function inBody(body: ast.Network | ast.InnerNetwork | ast.Recipe, scope: Scope, offset: number): Spot | undefined {
  const here: Scope = {
    bodies: [...scope.bodies, body],
    ...(body.kind === "Recipe" ? { recipe: body } : scope.recipe ? { recipe: scope.recipe } : {}),
  };
  if (body.kind !== "InnerNetwork" && rangeHolds(body.name.range, offset)) {
    if (body.kind === "Recipe") return { kind: "recipe-name", recipe: body };
  }
  const declarations = [
    ...body.controls.flatMap((c) => c.declarations),
    ...(body.kind === "Recipe" ? (body.params?.declarations ?? []) : []),
  ];
  for (const d of declarations)
    if (rangeHolds(d.name.range, offset)) return { kind: "declaration", declaration: d, scope: here };
  for (const node of body.nodes) {
    if (!rangeHolds(node.range, offset)) continue;
    if (rangeHolds(node.name.range, offset)) return { kind: "node-name", node, scope: here };
    if (rangeHolds(node.type.range, offset)) return { kind: "node-type", node, scope: here };
    for (const param of node.params) {
      if (rangeHolds(param.name.range, offset)) return { kind: "param-name", node, param, scope: here };
      if (rangeHolds(param.value.range, offset))
        return { kind: "param-value", node, param, value: valueAt(param.value, offset), scope: here };
    }
    if (node.network !== null && rangeHolds(node.network.range, offset)) return inBody(node.network, here, offset);
  }
  for (const wire of body.wires) {
    for (const endpoint of wire.chain)
      if (rangeHolds(endpoint.node.range, offset)) return { kind: "wire-end", endpoint, scope: here };
  }
  return undefined;
}

export function spotAt(program: ast.Program, offset: number): Spot | undefined {
  for (const imp of program.imports) if (rangeHolds(imp.path.range, offset)) return { kind: "import", import: imp };
  for (const body of [...program.networks, ...program.recipes]) {
    if (!rangeHolds(body.range, offset)) continue;
    const spot = inBody(body, { bodies: [] }, offset);
    if (spot !== undefined) return spot;
  }
  return undefined;
}

/** The innermost body holding `offset` (the network a new line would belong to), with its scope. */
export function bodyAt(
  program: ast.Program,
  offset: number,
): { body: ast.Network | ast.InnerNetwork | ast.Recipe; scope: Scope } | undefined {
  const descend = (
    body: ast.Network | ast.InnerNetwork | ast.Recipe,
    scope: Scope,
  ): { body: ast.Network | ast.InnerNetwork | ast.Recipe; scope: Scope } => {
    const here: Scope = {
      bodies: [...scope.bodies, body],
      ...(body.kind === "Recipe" ? { recipe: body } : scope.recipe ? { recipe: scope.recipe } : {}),
    };
    for (const node of body.nodes)
      if (node.network !== null && rangeHolds(node.network.range, offset)) return descend(node.network, here);
    return { body, scope: here };
  };
  for (const body of [...program.networks, ...program.recipes])
    if (rangeHolds(body.range, offset)) return descend(body, { bodies: [] });
  return undefined;
}
