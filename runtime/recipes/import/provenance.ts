/**
 * Which JSON field each part of the generated .svcnet came from, so a problem the compiler finds in
 * the generated text is reported at the field the user wrote. Parts are keyed by what they are
 * (a node by its path inside the recipe, a parameter by node and name, a control by name, a wire by
 * its two ends); after printing, the text is parsed again and a diagnostic's position is matched to
 * the innermost part that contains it.
 */
import type * as A from "../../../grammar/ast.js";
import { parse } from "../../../grammar/parse.js";
import type { SourceRange } from "../../../diagnostics/source-range.js";
import type { Where } from "./report.js";

export const key = {
  node: (path: string) => `node ${path}`,
  param: (path: string, param: string) => `param ${path} ${param}`,
  control: (name: string) => `control ${name}`,
  recipeParam: (name: string) => `recipe-param ${name}`,
  wire: (network: string, from: string, output: number, to: string, input: number) =>
    `wire ${network} ${from}[${output}]->${to}[${input}]`,
  recipe: () => "recipe",
};

export class Provenance {
  private readonly map = new Map<string, Where>();

  set(k: string, where: Where): void {
    if (!this.map.has(k)) this.map.set(k, where);
  }

  get(k: string): Where | undefined {
    return this.map.get(k);
  }
}

interface Part {
  key: string;
  range: SourceRange;
}

function inside(r: SourceRange, offset: number): boolean {
  return r.start.offset <= offset && offset < Math.max(r.end.offset, r.start.offset + 1);
}

function collect(body: A.NetworkBody, network: string, parts: Part[]): void {
  const prefix = network === "" ? "" : `${network}/`;
  for (const block of body.controls)
    for (const d of block.declarations) parts.push({ key: key.control(d.name.name), range: d.range });
  for (const node of body.nodes) {
    const path = prefix + node.name.name;
    parts.push({ key: key.node(path), range: node.range });
    for (const p of node.params) parts.push({ key: key.param(path, p.name.name), range: p.range });
    if (node.network) collect(node.network, path, parts);
  }
  for (const wire of body.wires) {
    wire.chain.forEach((to, i) => {
      if (i === 0) return;
      const from = wire.chain[i - 1]!;
      const output = i === 1 ? (from.index ?? 0) : 0;
      const k = key.wire(network, from.node.name, output, to.node.name, to.index ?? 0);
      parts.push({ key: k, range: { start: from.range.start, end: to.range.end } });
    });
  }
}

/**
 * For a generated text: the keys of the parts that contain a diagnostic's range, innermost
 * (shortest) first; parts that contain only its start come after. The whole range decides: in a
 * chain `a -> b -> c` the wire `b -> c` starts inside the wire `a -> b`.
 */
export function partLocator(text: string): (range: SourceRange) => string[] {
  const { ast } = parse(text);
  const parts: Part[] = [];
  for (const recipe of ast.recipes) {
    parts.push({ key: key.recipe(), range: recipe.range });
    for (const d of recipe.params?.declarations ?? [])
      parts.push({ key: key.recipeParam(d.name.name), range: d.range });
    collect(recipe, "", parts);
  }
  const size = (p: Part) => p.range.end.offset - p.range.start.offset;
  const contains = (p: Part, r: SourceRange) =>
    inside(p.range, r.start.offset) && r.end.offset <= Math.max(p.range.end.offset, p.range.start.offset + 1);
  return (range) => {
    const around = parts.filter((p) => inside(p.range, range.start.offset)).sort((a, b) => size(a) - size(b));
    return [...around.filter((p) => contains(p, range)), ...around.filter((p) => !contains(p, range))].map(
      (p) => p.key,
    );
  };
}
