/**
 * Binding a recipe use's arguments to the recipe's typed parameters: unknown, missing and
 * duplicate arguments, values of the wrong type and values outside a declared range are
 * diagnostics; defaults fill what the use leaves out. Arguments are read where the recipe is used
 * (an `op` argument names an operator of the using network).
 */
import type * as ast from "../../grammar/ast.js";
import { diagnostic } from "../../diagnostics/index.js";
import type { ComponentModel, Value } from "../model.js";
import { closestNames, didYouMean } from "../util/closest.js";
import { describeValue, formatNumber } from "../util/describe.js";
import { convertValue, originOf, type ValueContext } from "./values.js";

const TUPLE_SIZES: Partial<Record<ast.RecipeParamType, number>> = { xy: 2, wh: 2, xyz: 3, xyzw: 4 };

const EXPECTED: Record<ast.RecipeParamType, string> = {
  float: "a number",
  int: "a whole number",
  toggle: "on or off",
  string: "a string",
  menu: "a menu entry",
  rgb: "a colour (#rrggbb or 3 numbers)",
  rgba: "a colour (#rrggbbaa or 4 numbers)",
  xy: "2 numbers",
  wh: "2 numbers",
  xyz: "3 numbers",
  xyzw: "4 numbers",
  op: "an operator name or path",
  text: 'a string, text block or file("...")',
};

function numbersTuple(v: Value, size: number): boolean {
  return (
    v.kind === "tuple" &&
    v.items.length === size &&
    v.items.every((i) => i.kind === "number" || i.kind === "expression")
  );
}

/**
 * Checks `v` against a parameter type and returns the value the recipe body receives (a name
 * becomes a menu entry or an operator reference), or undefined when it does not fit.
 */
function coerceRecipeValue(type: ast.RecipeParamType, v: Value, entries: readonly string[] | null): Value | undefined {
  // An expression is evaluated by TouchDesigner, so it can stand for any plain value.
  if (v.kind === "expression" && type !== "op" && type !== "text") return v;
  switch (type) {
    case "float":
      return v.kind === "number" ? v : undefined;
    case "int":
      return v.kind === "number" && v.integer ? v : undefined;
    case "toggle":
      return v.kind === "bool" ? v : undefined;
    case "string":
      return v.kind === "string" ? v : undefined;
    case "menu": {
      const entry =
        v.kind === "name" ? v.name : v.kind === "string" ? v.value : v.kind === "menu" ? v.entry : undefined;
      if (entry === undefined || (entries !== null && !entries.includes(entry))) return undefined;
      return { kind: "menu", entry, origin: v.origin };
    }
    case "rgb":
    case "rgba": {
      const size = type === "rgb" ? 3 : 4;
      if (v.kind === "colour") return v;
      return numbersTuple(v, size) ? v : undefined;
    }
    case "xy":
    case "wh":
    case "xyz":
    case "xyzw":
      return numbersTuple(v, TUPLE_SIZES[type]!) ? v : undefined;
    case "op":
      if (v.kind === "name") {
        const ref: Value = { kind: "op-ref", path: v.name, origin: v.origin };
        if (v.scope !== undefined) ref.scope = v.scope;
        return ref;
      }
      return v.kind === "op-ref" ? v : undefined;
    case "text":
      return v.kind === "string" || v.kind === "text" ? v : undefined;
  }
}

export interface RecipeUse {
  recipe: ast.Recipe;
  /** The file and text the recipe is declared in (its defaults are read there). */
  recipeCtx: ValueContext;
  use: ast.NodeDecl;
  /** The file and recipe frame of the use (arguments are read there). */
  useCtx: ValueContext;
  /** The network the recipe is used in: arguments' operator names are read there. */
  useScope: ComponentModel;
}

export function bindRecipeArgs({
  recipe,
  recipeCtx,
  use,
  useCtx,
  useScope,
}: RecipeUse): Map<string, Value | undefined> {
  const recipeName = recipe.name.name;
  const declarations = recipe.params?.declarations ?? [];
  const declared = new Map(declarations.map((d) => [d.name.name, d]));
  const given = new Map<string, ast.Param>();
  for (const p of use.params) {
    const name = p.name.name;
    if (!declared.has(name)) {
      const close = closestNames(name, declared.keys());
      useCtx.diagnostics.push(
        diagnostic(
          "recipe-unknown-argument",
          p.name.range,
          { recipe: recipeName, name },
          {
            file: useCtx.file,
            help:
              close.length > 0
                ? didYouMean(close)
                : declared.size === 0
                  ? [`recipe '${recipeName}' takes no parameters`]
                  : [`its parameters: ${[...declared.keys()].join(", ")}`],
            suggestions: close.slice(0, 1).map((c) => ({ title: `replace with '${c}'`, replacement: c })),
          },
        ),
      );
      continue;
    }
    if (given.has(name)) {
      useCtx.diagnostics.push(
        diagnostic(
          "duplicate-parameter",
          p.name.range,
          { name, node: use.name.name },
          { file: useCtx.file, help: ["keep one of them"] },
        ),
      );
      continue;
    }
    given.set(name, p);
  }

  const args = new Map<string, Value | undefined>();
  for (const decl of declarations) {
    const name = decl.name.name;
    const type = decl.type.name as ast.RecipeParamType;
    const entries = decl.entries?.map((e) => e.name) ?? null;
    const arg = given.get(name);
    let value: Value | undefined;
    let ctx: ValueContext;
    if (arg !== undefined) {
      ctx = useCtx;
      value = convertValue(arg.value, useCtx, useScope);
    } else if (decl.default !== null) {
      ctx = recipeCtx;
      value = convertValue(decl.default, recipeCtx);
    } else {
      useCtx.diagnostics.push(
        diagnostic(
          "recipe-missing-argument",
          use.name.range,
          { recipe: recipeName, name },
          {
            file: useCtx.file,
            help: [`add '${name}: <${EXPECTED[type] ?? type}>' to '${use.name.name}'`],
          },
        ),
      );
      args.set(name, undefined);
      continue;
    }
    if (value === undefined) {
      args.set(name, undefined);
      continue;
    }
    const fitted = EXPECTED[type] === undefined ? value : coerceRecipeValue(type, value, entries);
    const range = arg?.value.range ?? decl.default!.range;
    if (fitted === undefined) {
      const help =
        type === "menu" && entries !== null
          ? [`the entries: ${entries.join(", ")}`]
          : type === "string" && value.kind === "name"
            ? [`write it in quotes: "${value.name}"`]
            : [];
      if (arg !== undefined) {
        ctx.diagnostics.push(
          diagnostic(
            "recipe-argument-type",
            range,
            { name, recipe: recipeName, expected: EXPECTED[type], actual: describeValue(value) },
            { file: ctx.file, help },
          ),
        );
      } else {
        ctx.diagnostics.push(
          diagnostic(
            "declaration-default-type",
            range,
            { name, expected: EXPECTED[type], actual: describeValue(value) },
            { file: ctx.file, help },
          ),
        );
      }
      args.set(name, undefined);
      continue;
    }
    if (decl.valueRange !== null && fitted.kind === "number") {
      const min = decl.valueRange.min.value;
      const max = decl.valueRange.max.value;
      if (fitted.value < min || fitted.value > max) {
        ctx.diagnostics.push(
          diagnostic(
            "recipe-argument-range",
            range,
            {
              name,
              recipe: recipeName,
              value: formatNumber(fitted.value),
              min: formatNumber(min),
              max: formatNumber(max),
            },
            {
              file: ctx.file,
              help: [
                decl.clamp
                  ? `the recipe clamps '${name}' to ${formatNumber(min)}..${formatNumber(max)}`
                  : `the recipe is made for ${formatNumber(min)}..${formatNumber(max)}; values outside are allowed but untested`,
              ],
              severity: decl.clamp ? "error" : "warning",
            },
          ),
        );
        if (decl.clamp) {
          args.set(name, undefined);
          continue;
        }
      }
    }
    args.set(name, fitted);
  }
  return args;
}

/** A value of each type that fits any use of it, for checking a recipe nobody uses. */
function neutralValue(decl: ast.Declaration, origin: Value["origin"]): Value {
  const type = decl.type.name as ast.RecipeParamType;
  const low = decl.valueRange?.min.value ?? 0;
  const number = (value: number): Value => ({ kind: "number", value, integer: true, origin });
  const numbers = (n: number): Value => ({ kind: "tuple", items: Array.from({ length: n }, () => number(0)), origin });
  switch (type) {
    case "float":
    case "int":
      return number(type === "int" ? Math.ceil(low) : low);
    case "toggle":
      return { kind: "bool", value: false, origin };
    case "menu":
      return { kind: "menu", entry: decl.entries?.[0]?.name ?? "", origin };
    case "rgb":
    case "rgba":
      return { kind: "colour", rgba: [0, 0, 0, 1], hasAlpha: type === "rgba", origin };
    case "xy":
    case "wh":
    case "xyz":
    case "xyzw":
      return numbers(TUPLE_SIZES[type]!);
    case "op":
      // Names nothing: a reference that leads outside the recipe is not checked.
      return { kind: "op-ref", path: "/", origin };
    default:
      return { kind: "string", value: "", block: type === "text", origin };
  }
}

/** Arguments for checking a recipe on its own: defaults, or a neutral value per type. */
export function standaloneArgs(recipe: ast.Recipe, ctx: ValueContext): Map<string, Value | undefined> {
  const args = new Map<string, Value | undefined>();
  for (const decl of recipe.params?.declarations ?? []) {
    const type = decl.type.name as ast.RecipeParamType;
    const entries = decl.entries?.map((e) => e.name) ?? null;
    const given = decl.default === null ? undefined : convertValue(decl.default, ctx);
    if (given === undefined) {
      args.set(decl.name.name, decl.default === null ? neutralValue(decl, originOf(ctx, decl.range)) : undefined);
      continue;
    }
    const fitted = EXPECTED[type] === undefined ? given : coerceRecipeValue(type, given, entries);
    if (fitted === undefined) {
      ctx.diagnostics.push(
        diagnostic(
          "declaration-default-type",
          decl.default!.range,
          { name: decl.name.name, expected: EXPECTED[type], actual: describeValue(given) },
          { file: ctx.file },
        ),
      );
    }
    args.set(decl.name.name, fitted);
  }
  return args;
}
