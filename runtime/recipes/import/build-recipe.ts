/**
 * Assembles the converted recipe as a .svcnet syntax tree: nodes nested in their COMPs' networks,
 * each with its flags (`render`, `comment`) and parameters, wires in the network of their ends, and
 * the panel as `params` and `controls`. The tree is printed by the canonical printer, never
 * concatenated as text. Every part is recorded in the provenance, for diagnostics.
 */
import type * as A from "../../../grammar/ast.js";
import { NO_RANGE } from "../../../diagnostics/source-range.js";
import { astBuild } from "../../engine/index.js";
import type { ConvertContext } from "./context.js";
import type { NodeEntry } from "./node-table.js";
import { key, type Provenance } from "./provenance.js";
import type { ConnectionSpec } from "./recipe-format.js";
const { booleanFlag, commentFlag, ident, node: nodeDecl, param, wire } = astBuild;

export interface RecipeShape {
  name: string;
  metadata: A.Flag[];
  comments: A.Comment[];
}

function pathOf(ctx: ConvertContext, n: NodeEntry): string {
  return [...ctx.table.ancestors(n), n].map((x) => x.name).join("/");
}

function flagsOf(n: NodeEntry): A.Flag[] {
  const flags: A.Flag[] = [];
  if (n.spec.render !== undefined) flags.push(booleanFlag("render", n.spec.render.value));
  if (n.spec.comment !== undefined && n.spec.comment.value !== "") flags.push(commentFlag(n.spec.comment.value));
  return flags;
}

/** Connections checked and grouped by the network (the containing COMP, or undefined for the top). */
function wiresByNetwork(
  connections: readonly ConnectionSpec[],
  ctx: ConvertContext,
  provenance: Provenance,
): Map<NodeEntry | undefined, A.Wire[]> {
  const out = new Map<NodeEntry | undefined, A.Wire[]>();
  for (const c of connections) {
    const from = ctx.table.find(c.from);
    const to = ctx.table.find(c.to);
    if (from === undefined || to === undefined) continue;
    if (from.parent !== to.parent) {
      ctx.report.add(
        "import-cross-network-connection",
        c.at,
        { from: c.from.value, to: c.to.value },
        {
          help: [
            "to cross into a COMP, wire into an inTOP/inCHOP inside it, or reference the node by path (a Select operator)",
          ],
        },
      );
      continue;
    }
    const list = out.get(from.parent) ?? [];
    list.push(wire(from.name, c.fromOutput, to.name, c.toInput));
    out.set(from.parent, list);
    provenance.set(
      key.wire(from.parent ? pathOf(ctx, from.parent) : "", from.name, c.fromOutput, to.name, c.toInput),
      c.at,
    );
  }
  return out;
}

export function buildRecipe(
  shape: RecipeShape,
  connections: readonly ConnectionSpec[],
  ctx: ConvertContext,
  provenance: Provenance,
): A.Program {
  const wires = wiresByNetwork(connections, ctx, provenance);
  const children = new Map<NodeEntry | undefined, NodeEntry[]>();
  for (const n of ctx.table.entries()) {
    const list = children.get(n.parent) ?? [];
    list.push(n);
    children.set(n.parent, list);
  }

  const body = (parent: NodeEntry | undefined): A.NetworkBody => ({
    controls: [],
    nodes: (children.get(parent) ?? []).map(declare),
    wires: wires.get(parent) ?? [],
  });

  function declare(n: NodeEntry): A.NodeDecl {
    const path = pathOf(ctx, n);
    provenance.set(key.node(path), n.spec.at);
    const params = ctx.assignments.of(n).map((a) => {
      provenance.set(key.param(path, a.param), a.at);
      return param(a.param, a.value);
    });
    const inner =
      children.has(n) || wires.has(n) ? { kind: "InnerNetwork" as const, ...body(n), range: NO_RANGE } : null;
    const decl = nodeDecl(n.name, n.operator.type, flagsOf(n), params, inner);
    const leftOut = ctx.leftOut.of(n);
    return leftOut.length === 0
      ? decl
      : { ...decl, comments: { leading: leftOut.map((text) => ({ text, range: NO_RANGE })) } };
  }

  const panel = ctx.panel.blocks();
  for (const c of ctx.panel.all()) {
    provenance.set(key.control(c.name), c.at);
    provenance.set(key.recipeParam(c.name.toLowerCase()), c.at);
  }
  const recipe: A.Recipe = {
    kind: "Recipe",
    name: ident(shape.name),
    params: panel.params,
    metadata: shape.metadata,
    ...body(undefined),
    controls: panel.controls,
    range: NO_RANGE,
    ...(shape.comments.length ? { comments: { leading: shape.comments } } : {}),
  };
  return {
    kind: "Program",
    version: { kind: "VersionHeader", version: 1, range: NO_RANGE },
    imports: [],
    networks: [],
    recipes: [recipe],
    layout: null,
    range: NO_RANGE,
  };
}
