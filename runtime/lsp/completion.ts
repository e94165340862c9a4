/**
 * Completion from the knowledge base and the file: operator types by family and recipes after
 * `name:`, a node type's parameters (style, default, range and menu in the detail; sequence blocks
 * continued), menu entries, node names for wires and operator parameters, controls for `bind`,
 * recipe arguments, flags and declaration types.
 */
import { CompletionItemKind, InsertTextFormat, type CompletionItem, type CompletionList } from "vscode-languageserver";
import { allOperatorEntries, getOperatorByType } from "../../kb/index.js";
import type { Operator, Param } from "../../kb/types.js";
import { BOOLEAN_FLAGS, CONTROL_TYPES, RECIPE_PARAM_TYPES, type Program } from "../../grammar/ast.js";
import { familyOfType } from "../../compiler/model.js";
import { completionContext } from "./completion-context.js";
import { declarationText, paramDetail, paramMarkdown, recipeMarkdown } from "./kb-docs.js";

/** What a parameter's completion item carries, to be resolved into its documentation on demand. */
interface ParamItemData {
  operator: string;
  param: string;
}

/**
 * A parameter item as the editor shows it selected: with the same text as its hover (page, every
 * menu entry with its label, the docs page). Resolved one at a time, so a list of a GLSL TOP's
 * hundreds of parameters stays small.
 */
export function resolveCompletion(item: CompletionItem): CompletionItem {
  const data = item.data as Partial<ParamItemData> | undefined;
  if (typeof data?.operator !== "string" || typeof data.param !== "string") return item;
  const op = getOperatorByType(data.operator);
  const param = op?.params.find((p) => p.name === data.param);
  return op === undefined || param === undefined
    ? item
    : { ...item, documentation: { kind: "markdown", value: paramMarkdown(op, param) } };
}
import { bodyAt, type Scope } from "./locate.js";
import type { VisibleRecipe } from "./visible-recipes.js";

/** Styles whose value is another operator, and the family it must have (undefined: any). */
const OPERATOR_STYLES: Record<string, string | undefined> = {
  TOP: "TOP",
  CHOP: "CHOP",
  SOP: "SOP",
  POP: "POP",
  DAT: "DAT",
  MAT: "MAT",
  COMP: "COMP",
  PanelCOMP: "COMP",
  OBJ: "COMP",
  OP: undefined,
};

export interface CompletionInput {
  text: string;
  offset: number;
  ast: Program;
  recipes: VisibleRecipe[];
}

const FAMILY_ORDER = ["TOP", "CHOP", "SOP", "POP", "DAT", "MAT", "COMP"];

function operatorTypeItems(recipes: VisibleRecipe[]): CompletionItem[] {
  const items: CompletionItem[] = allOperatorEntries().map((e) => ({
    label: e.type,
    kind: CompletionItemKind.Class,
    labelDetails: { description: `${e.label} ${e.family}` },
    detail: `${e.label} ${e.family}`,
    // Most used first, then family by family.
    sortText: `${e.common === true ? "0" : "1"}${FAMILY_ORDER.indexOf(e.family)}${e.type}`,
    filterText: `${e.type} ${e.label}`,
  }));
  for (const { recipe, file } of recipes) {
    items.push({
      label: recipe.name.name,
      kind: CompletionItemKind.Module,
      detail: "recipe",
      labelDetails: { description: "recipe" },
      documentation: { kind: "markdown", value: recipeMarkdown(recipe, file) },
      sortText: `00${recipe.name.name}`,
    });
  }
  return items;
}

/** The highest sequence block written for each sequence, so the next block can be offered. */
function sequenceBlocks(op: Operator, written: readonly string[]): Map<string, number> {
  const highest = new Map<string, number>();
  for (const p of op.params) {
    if (p.sequence === undefined || p.blockIndex !== 0) continue;
    const stem = p.name.startsWith(`${p.sequence}0`) ? p.name.slice(p.sequence.length + 1) : undefined;
    if (stem === undefined) continue;
    for (const name of written) {
      const m = new RegExp(`^${p.sequence}(\\d+)${stem}$`).exec(name);
      if (m !== null) highest.set(p.sequence, Math.max(highest.get(p.sequence) ?? 0, Number(m[1])));
    }
  }
  return highest;
}

function paramNameItems(op: Operator, written: readonly string[]): CompletionItem[] {
  const items: CompletionItem[] = [];
  const taken = new Set(written);
  const add = (name: string, p: Param, sort: string, extra = "") => {
    if (taken.has(name)) return;
    items.push({
      label: name,
      kind: CompletionItemKind.Property,
      detail: `${p.label ?? p.name}: ${paramDetail(p)}${extra}`,
      // Its hover's text (every menu label, the docs page) is filled in when the item is shown.
      data: { operator: op.type, param: p.name } satisfies ParamItemData,
      insertText: `${name}: `,
      sortText: sort,
      command: { title: "suggest", command: "editor.action.triggerSuggest" },
    });
  };
  op.params.forEach((p, i) => {
    if (p.readOnly === true || p.isSequenceHeader === true || p.style === "Header") return;
    const order = String(i).padStart(4, "0");
    add(p.name, p, `0${order}`);
    p.components?.forEach((c, k) => add(c, p, `1${order}${k}`, ` (component ${k + 1})`));
  });
  // A sequence grows by blocks: offer the block after the highest one written.
  for (const [sequence, highest] of sequenceBlocks(op, written)) {
    for (const p of op.params) {
      if (p.sequence !== sequence || p.blockIndex !== 0 || !p.name.startsWith(`${sequence}0`)) continue;
      add(`${sequence}${highest + 1}${p.name.slice(sequence.length + 1)}`, p, `2${sequence}`, `, block ${highest + 1}`);
    }
  }
  return items;
}

function nodeNames(scope: Scope | undefined, family?: string): CompletionItem[] {
  const body = scope?.bodies[scope.bodies.length - 1];
  if (body === undefined) return [];
  return body.nodes
    .filter(
      (n) =>
        n.name.name !== "" &&
        (family === undefined || familyOfType(n.type.name) === family || familyOfType(n.type.name) === undefined),
    )
    .map((n) => ({ label: n.name.name, kind: CompletionItemKind.Variable, detail: n.type.name }));
}

function controlsInReach(scope: Scope | undefined): CompletionItem[] {
  const items: CompletionItem[] = [];
  for (const body of [...(scope?.bodies ?? [])].reverse()) {
    for (const block of body.controls) {
      for (const d of block.declarations) {
        if (d.name.name !== "" && !items.some((i) => i.label === d.name.name))
          items.push({ label: d.name.name, kind: CompletionItemKind.Field, detail: declarationText(d) });
      }
    }
  }
  return items;
}

function recipeParamRefs(scope: Scope | undefined): CompletionItem[] {
  return (scope?.recipe?.params?.declarations ?? []).map((d) => ({
    label: `$${d.name.name}`,
    kind: CompletionItemKind.Variable,
    detail: declarationText(d),
  }));
}

function valueItems(
  op: Operator | undefined,
  recipe: VisibleRecipe | undefined,
  param: string,
  scope: Scope | undefined,
): CompletionItem[] {
  const items: CompletionItem[] = [
    {
      label: "bind",
      kind: CompletionItemKind.Keyword,
      insertText: "bind ",
      command: { title: "suggest", command: "editor.action.triggerSuggest" },
    },
    ...recipeParamRefs(scope),
  ];
  if (recipe !== undefined) {
    const d = recipe.recipe.params?.declarations.find((x) => x.name.name === param);
    for (const e of d?.entries ?? [])
      items.push({ label: e.name, kind: CompletionItemKind.EnumMember, detail: e.label?.value ?? "" });
    if (d?.type.name === "toggle")
      items.push(...["on", "off"].map((label) => ({ label, kind: CompletionItemKind.Value })));
    if (d?.type.name === "op") items.push(...nodeNames(scope));
    return items;
  }
  const p = op?.params.find((x) => x.name === param || x.components?.includes(param));
  if (p === undefined) return items;
  p.menuNames?.forEach((name, i) =>
    items.push({
      label: name,
      kind: CompletionItemKind.EnumMember,
      detail: p.menuLabels?.[i] ?? "",
      sortText: String(i).padStart(4, "0"),
    }),
  );
  if (p.style === "Toggle") items.push(...["on", "off"].map((label) => ({ label, kind: CompletionItemKind.Value })));
  if (p.style !== null && p.style in OPERATOR_STYLES) items.push(...nodeNames(scope, OPERATOR_STYLES[p.style]));
  return items;
}

export function complete(input: CompletionInput): CompletionList {
  const { context } = completionContext(input.text, input.offset);
  const scope = bodyAt(input.ast, input.offset)?.scope;
  const recipeNamed = (type: string) => input.recipes.find((r) => r.recipe.name.name === type);
  let items: CompletionItem[] = [];
  switch (context.kind) {
    case "top-level":
      items = ["network", "recipe", "import", "layout"].map((label) => ({ label, kind: CompletionItemKind.Keyword }));
      break;
    case "body-line":
      items = [
        ...nodeNames(scope),
        ...["controls", "network"].map((label) => ({ label, kind: CompletionItemKind.Keyword })),
      ];
      if (scope?.recipe !== undefined && scope.bodies[scope.bodies.length - 1] === scope.recipe)
        items.push({ label: "params", kind: CompletionItemKind.Keyword });
      break;
    case "node-type":
      items = operatorTypeItems(input.recipes);
      break;
    case "wire-node":
      items = nodeNames(scope);
      break;
    case "param-name": {
      const recipe = recipeNamed(context.type);
      if (recipe !== undefined) {
        items = (recipe.recipe.params?.declarations ?? [])
          .filter((d) => !context.written.includes(d.name.name))
          .map((d) => ({
            label: d.name.name,
            kind: CompletionItemKind.Property,
            detail: declarationText(d),
            insertText: `${d.name.name}: `,
          }));
        break;
      }
      const op = getOperatorByType(context.type);
      items = op === undefined ? [] : paramNameItems(op, context.written);
      // A DAT's contents are written as `text:`.
      if (op?.family === "DAT" && !context.written.includes("text") && !items.some((i) => i.label === "text")) {
        items.push({
          label: "text",
          kind: CompletionItemKind.Property,
          detail: "the DAT's contents",
          insertText: "text: ",
        });
      }
      break;
    }
    case "param-value":
      items = valueItems(getOperatorByType(context.type), recipeNamed(context.type), context.param, scope);
      break;
    case "bind-target":
      items = controlsInReach(scope);
      break;
    case "flag":
      items = [...BOOLEAN_FLAGS, "color", "tags", "comment", "was"].map((label) => ({
        label,
        kind: CompletionItemKind.Keyword,
      }));
      break;
    case "declaration-type":
      items = (context.block === "controls" ? CONTROL_TYPES : RECIPE_PARAM_TYPES).map((label) => ({
        label,
        kind: CompletionItemKind.TypeParameter,
      }));
      break;
    case "none":
      break;
  }
  return {
    isIncomplete: false,
    items: items.map((i) =>
      i.insertText !== undefined && i.insertText.includes("$")
        ? { ...i, insertTextFormat: InsertTextFormat.PlainText }
        : i,
    ),
  };
}
