/**
 * Arguments for a recipe given as JSON (a tool's `settings`, `apply_recipe`'s `arguments`), checked
 * against the recipe's declared parameters before anything is built: the name exists, the value has
 * the parameter's type, and a number lies in the parameter's declared range (the tools refuse what
 * the recipe's author did not offer, rather than build a picture nobody tuned). Each becomes a
 * `.svcnet` value for the recipe use.
 */
import type * as A from "../../../../grammar/ast.js";
import { NO_RANGE } from "../../../../diagnostics/source-range.js";
import type { RecipeParamInfo } from "./recipe-catalog.js";

export type ArgumentValue = number | boolean | string | number[];

export interface ArgumentProblem {
  argument: string;
  message: string;
}

const r = NO_RANGE;
const num = (value: number): A.NumberValue => ({ kind: "Number", value, range: r });
const HEX = /^#([0-9a-fA-F]{6})([0-9a-fA-F]{2})?$/;
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const SIZES: Record<string, number> = { xy: 2, wh: 2, xyz: 3, rgb: 3, xyzw: 4, rgba: 4 };

function inRange(p: RecipeParamInfo, n: number): string | undefined {
  if (!Number.isFinite(n)) return `'${p.name}' must be a finite number`;
  if (p.range && (n < p.range[0] || n > p.range[1]))
    return `'${p.name}' is ${n}, outside its range ${p.range[0]}..${p.range[1]}`;
  return undefined;
}

type Converted = { value: A.Value } | { problem: string };

function convert(p: RecipeParamInfo, v: ArgumentValue): Converted {
  const wrong = (expected: string): Converted => ({
    problem: `'${p.name}' takes ${expected}, not ${JSON.stringify(v)}`,
  });
  switch (p.type) {
    case "float":
    case "int": {
      if (typeof v !== "number") return wrong(p.type === "int" ? "a whole number" : "a number");
      if (p.type === "int" && !Number.isInteger(v)) return wrong("a whole number");
      const bad = inRange(p, v);
      return bad ? { problem: bad } : { value: num(v) };
    }
    case "toggle":
      return typeof v === "boolean" ? { value: { kind: "Boolean", value: v, range: r } } : wrong("true or false");
    case "string":
    case "text":
      return typeof v === "string" ? { value: { kind: "String", value: v, range: r } } : wrong("a string");
    case "menu": {
      if (typeof v !== "string") return wrong(`one of ${p.entries?.join(", ") ?? "its menu entries"}`);
      if (p.entries && !p.entries.includes(v)) return wrong(`one of ${p.entries.join(", ")}`);
      return { value: NAME.test(v) ? { kind: "Name", name: v, range: r } : { kind: "String", value: v, range: r } };
    }
    case "op":
      if (typeof v !== "string" || v === "") return wrong("an operator path");
      return {
        value: v.includes("/") ? { kind: "OperatorRef", path: v, range: r } : { kind: "Name", name: v, range: r },
      };
    default: {
      const size = SIZES[p.type];
      if (size === undefined) return { problem: `'${p.name}' has the type ${p.type}, which a tool cannot set` };
      const colour = p.type === "rgb" || p.type === "rgba";
      if (colour && typeof v === "string") {
        const m = HEX.exec(v);
        if (m && (p.type === "rgba" || m[2] === undefined))
          return { value: { kind: "Color", hex: v.slice(1).toLowerCase(), range: r } };
        return wrong(`a colour like "#ff8800"${p.type === "rgba" ? ' or "#ff880080"' : ""}`);
      }
      if (!Array.isArray(v) || v.length !== size)
        return wrong(colour ? `a colour like "#ff8800" or ${size} numbers from 0 to 1` : `${size} numbers`);
      if (colour && v.some((c) => c < 0 || c > 1)) return wrong(`${size} numbers from 0 to 1`);
      if (p.type === "wh" && v.some((c) => !Number.isInteger(c) || c < 1))
        return wrong("two whole numbers of at least 1");
      return { value: { kind: "Tuple", items: v.map(num), form: "paren", range: r } };
    }
  }
}

/** The recipe use's parameters, or every problem found (all arguments are checked, not the first only). */
export function recipeArguments(
  recipe: { name: string; params: readonly RecipeParamInfo[] },
  args: Readonly<Record<string, ArgumentValue>>,
): { params: A.Param[] } | { problems: ArgumentProblem[] } {
  const params: A.Param[] = [];
  const problems: ArgumentProblem[] = [];
  const declared = new Map(recipe.params.map((p) => [p.name, p]));
  for (const [name, value] of Object.entries(args)) {
    const p = declared.get(name);
    if (p === undefined) {
      const valid = recipe.params.map((q) => q.name).join(", ") || "none";
      problems.push({
        argument: name,
        message: `recipe '${recipe.name}' has no parameter '${name}' (its parameters: ${valid})`,
      });
      continue;
    }
    const c = convert(p, value);
    if ("problem" in c) problems.push({ argument: name, message: c.problem });
    else params.push({ kind: "Param", name: { kind: "Identifier", name, range: r }, value: c.value, range: r });
  }
  return problems.length ? { problems } : { params };
}
