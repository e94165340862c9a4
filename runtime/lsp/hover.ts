/** Hover: operator and parameter documentation from the knowledge base, recipes' summaries and parameters, controls. */
import type { Hover } from "vscode-languageserver";
import { getOperatorByType, getParam } from "../../kb/index.js";
import type * as ast from "../../grammar/ast.js";
import { toLspRange } from "./convert.js";
import { declarationText, operatorMarkdown, paramMarkdown, recipeMarkdown } from "./kb-docs.js";
import { spotAt, type Scope } from "./locate.js";
import type { VisibleRecipe } from "./visible-recipes.js";

const markdown = (value: string, range: ast.SourceRange): Hover => ({
  contents: { kind: "markdown", value },
  range: toLspRange(range),
});
const code = (text: string) => ["```svcnet", text, "```"].join("\n");

function typeDoc(type: string, recipes: VisibleRecipe[]): string | undefined {
  const op = getOperatorByType(type);
  if (op !== undefined) return operatorMarkdown(op);
  const recipe = recipes.find((r) => r.recipe.name.name === type);
  return recipe === undefined ? undefined : recipeMarkdown(recipe.recipe, recipe.file);
}

function nodeDoc(name: string, scope: Scope, recipes: VisibleRecipe[]): string | undefined {
  const node = scope.bodies[scope.bodies.length - 1]?.nodes.find((n) => n.name.name === name);
  if (node === undefined) return undefined;
  const about = typeDoc(node.type.name, recipes);
  return [code(`${node.name.name}: ${node.type.name}`), ...(about === undefined ? [] : ["", about])].join("\n");
}

function controlDoc(name: string, scope: Scope): string | undefined {
  for (const body of [...scope.bodies].reverse()) {
    const d = body.controls.flatMap((c) => c.declarations).find((x) => x.name.name === name);
    if (d !== undefined) return `control of the enclosing network\n\n${code(declarationText(d))}`;
  }
  return undefined;
}

export function hover(program: ast.Program, offset: number, recipes: VisibleRecipe[]): Hover | null {
  const spot = spotAt(program, offset);
  if (spot === undefined) return null;
  switch (spot.kind) {
    case "node-type": {
      const doc = typeDoc(spot.node.type.name, recipes);
      return doc === undefined ? null : markdown(doc, spot.node.type.range);
    }
    case "node-name": {
      const doc = nodeDoc(spot.node.name.name, spot.scope, recipes);
      return doc === undefined ? null : markdown(doc, spot.node.name.range);
    }
    case "wire-end": {
      const doc = nodeDoc(spot.endpoint.node.name, spot.scope, recipes);
      return doc === undefined ? null : markdown(doc, spot.endpoint.node.range);
    }
    case "param-name": {
      const name = spot.param.name.name;
      const op = getOperatorByType(spot.node.type.name);
      if (op !== undefined) {
        const ref = getParam(op, name);
        if (ref === undefined) return null;
        const component = ref.component === null ? "" : `\n\ncomponent ${ref.component + 1} of \`${ref.param.name}\``;
        return markdown(paramMarkdown(op, ref.param) + component, spot.param.name.range);
      }
      const recipe = recipes.find((r) => r.recipe.name.name === spot.node.type.name);
      const d = recipe?.recipe.params?.declarations.find((x) => x.name.name === name);
      return d === undefined
        ? null
        : markdown(
            `parameter of recipe \`${recipe!.recipe.name.name}\`\n\n${code(declarationText(d))}`,
            spot.param.name.range,
          );
    }
    case "param-value": {
      const v = spot.value;
      if (v.kind === "Bind" && v.operator === null) {
        const doc = controlDoc(v.parameter.name, spot.scope);
        return doc === undefined ? null : markdown(doc, v.parameter.range);
      }
      if (v.kind === "Name" || v.kind === "OperatorRef") {
        const name = v.kind === "Name" ? v.name : v.path;
        const node = nodeDoc(name, spot.scope, recipes);
        if (node !== undefined) return markdown(node, v.range);
        const p =
          getOperatorByType(spot.node.type.name) === undefined
            ? undefined
            : getParam(spot.node.type.name, spot.param.name.name)?.param;
        const i = p?.menuNames?.indexOf(name) ?? -1;
        if (p !== undefined && i >= 0)
          return markdown(`menu entry \`${name}\` of \`${p.name}\`: ${p.menuLabels?.[i] ?? name}`, v.range);
      }
      return null;
    }
    case "declaration":
      return markdown(code(declarationText(spot.declaration)), spot.declaration.name.range);
    case "recipe-name":
      return markdown(recipeMarkdown(spot.recipe, "this file"), spot.recipe.name.range);
    case "import":
      return null;
  }
}
