/**
 * Checks a value against what the knowledge base knows about a parameter. Unknown facts never reject:
 * a parameter of unknown style accepts any value, an unknown range any number.
 */
import { getOperator, getParam } from "./lookup.js";
import { closestOperators, closestParameters } from "./search.js";
import type { Operator, Param, ParStyle, ParValue, ScalarValue } from "./types.js";

export type ValueProblemKind =
  "wrong-type" | "not-in-menu" | "out-of-range" | "wrong-size" | "unknown-parameter" | "unknown-operator";

/** What a parameter accepts, as a plain word for messages and completion. */
export type ExpectedType =
  "number" | "integer" | "boolean" | "string" | "menu-name" | "operator-path" | "tuple" | "none";

export interface ValueProblem {
  kind: ValueProblemKind;
  message: string;
  /** The parameter as found (tuplet name for tuplets). */
  param?: string;
  /** For a tuplet value: which component failed. */
  component?: number;
  expected?: ExpectedType;
  /** not-in-menu: the valid entries. */
  menu?: { names: string[]; labels: string[] };
  /** out-of-range: the limits; a null bound is not limited. */
  range?: { min: number | null; max: number | null; clampMin: boolean | null; clampMax: boolean | null };
  /** wrong-size: the number of components expected. */
  size?: number;
  /** Names that were probably meant (menu entry, parameter or operator). */
  suggestions?: string[];
}

export type ValidationResult = { ok: true } | { ok: false; problem: ValueProblem };

const NUMERIC_TUPLET_STYLES: ReadonlySet<string> = new Set(["XY", "XYZ", "XYZW", "RGB", "RGBA", "WH", "UV", "UVW"]);
const OP_REF_STYLES: ReadonlySet<string> = new Set([
  "TOP",
  "CHOP",
  "SOP",
  "POP",
  "DAT",
  "MAT",
  "COMP",
  "OBJ",
  "OP",
  "PanelCOMP",
  "Object",
]);
const STRING_STYLES: ReadonlySet<string> = new Set(["Str", "StrMenu", "File", "Folder", "FileSave", "Python"]);

/** What a scalar of this style accepts. */
export function expectedType(style: ParStyle | null): ExpectedType | null {
  if (style === null) return null;
  if (style === "Float" || NUMERIC_TUPLET_STYLES.has(style)) return "number";
  if (style === "Int" || style === "Sequence") return "integer";
  if (style === "Toggle" || style === "Pulse" || style === "Momentary") return "boolean";
  if (style === "Menu") return "menu-name";
  if (STRING_STYLES.has(style)) return "string";
  if (OP_REF_STYLES.has(style)) return "operator-path";
  if (style === "Header") return "none";
  return null;
}

function fail(problem: ValueProblem): ValidationResult {
  return { ok: false, problem };
}

function describe(v: unknown): string {
  return Array.isArray(v) ? `a list of ${v.length}` : typeof v === "string" ? `"${v}"` : String(v);
}

function checkScalar(p: Param, value: ScalarValue, component: number | null): ValidationResult {
  const expected = expectedType(p.style);
  const where = component === null ? p.name : p.components![component]!;
  const base = { param: p.name, ...(component === null ? {} : { component }) };
  if (expected === null) return { ok: true };
  const wrongType = () =>
    fail({ kind: "wrong-type", message: `${where} expects ${expected}, got ${describe(value)}`, expected, ...base });
  switch (expected) {
    case "none":
      return wrongType();
    case "boolean":
      // A toggle also takes 0 and 1, as in TouchDesigner.
      return typeof value === "boolean" || value === 0 || value === 1 ? { ok: true } : wrongType();
    case "string":
    case "operator-path":
      return typeof value === "string" ? { ok: true } : wrongType();
    case "menu-name":
      return typeof value === "string" ? checkMenu(p, value, base) : wrongType();
    case "integer":
    case "number":
      if (typeof value !== "number" || !Number.isFinite(value)) return wrongType();
      if (expected === "integer" && !Number.isInteger(value)) return wrongType();
      return checkRange(p, value, where, base);
    case "tuple":
      return { ok: true };
  }
}

function checkMenu(p: Param, value: string, base: { param: string; component?: number }): ValidationResult {
  const names = p.menuNames;
  if (!names || p.menuIncomplete || names.includes(value)) return { ok: true };
  const labels = p.menuLabels ?? names;
  const byLabel = labels.findIndex((l) => l.toLowerCase() === value.toLowerCase());
  const byName = names.findIndex((n) => n.toLowerCase() === value.toLowerCase());
  const hit = byName >= 0 ? byName : byLabel;
  return fail({
    kind: "not-in-menu",
    message: `"${value}" is not an entry of ${p.name}'s menu`,
    expected: "menu-name",
    menu: { names: [...names], labels: [...labels] },
    ...(hit >= 0 ? { suggestions: [names[hit]!] } : {}),
    ...base,
  });
}

function checkRange(
  p: Param,
  value: number,
  where: string,
  base: { param: string; component?: number },
): ValidationResult {
  const low = p.clampMin === true && p.min !== null && value < p.min;
  const high = p.clampMax === true && p.max !== null && value > p.max;
  if (!low && !high) return { ok: true };
  return fail({
    kind: "out-of-range",
    message: `${where} must be ${low ? `at least ${p.min}` : `at most ${p.max}`}, got ${value}`,
    range: { min: p.min, max: p.max, clampMin: p.clampMin, clampMax: p.clampMax },
    ...base,
  });
}

function checkParamValue(p: Param, value: ParValue, component: number | null): ValidationResult {
  const size = p.components?.length ?? 0;
  if (size && component === null) {
    if (!Array.isArray(value)) {
      return fail({
        kind: "wrong-size",
        message: `${p.name} takes ${size} values, got ${describe(value)}`,
        expected: "tuple",
        size,
        param: p.name,
      });
    }
    if (value.length !== size) {
      return fail({
        kind: "wrong-size",
        message: `${p.name} takes ${size} values, got ${value.length}`,
        expected: "tuple",
        size,
        param: p.name,
      });
    }
    for (let i = 0; i < size; i++) {
      const r = checkScalar(p, value[i]!, i);
      if (!r.ok) return r;
    }
    return { ok: true };
  }
  if (Array.isArray(value)) {
    return fail({
      kind: "wrong-size",
      message: `${component === null ? p.name : p.components![component]} takes one value, got ${value.length}`,
      size: 1,
      param: p.name,
    });
  }
  return checkScalar(p, value as ScalarValue, component);
}

/**
 * Is `value` acceptable for parameter `parName` of `op`? `parName` may be a plain name, a tuplet name
 * (value: one per component) or a component's scalar name (one value).
 */
export function validateValue(op: Operator | string, parName: string, value: ParValue): ValidationResult {
  const operator = typeof op === "string" ? getOperator(op) : op;
  if (!operator) {
    const name = typeof op === "string" ? op : "";
    return fail({
      kind: "unknown-operator",
      message: `no operator type ${name}`,
      suggestions: closestOperators(name, 3).map((m) => m.type),
    });
  }
  const ref = getParam(operator, parName);
  if (!ref) {
    return fail({
      kind: "unknown-parameter",
      message: `${operator.type} has no parameter ${parName}`,
      suggestions: closestParameters(operator, parName, 3).map((m) => m.name),
    });
  }
  return checkParamValue(ref.param, value, ref.component);
}

/**
 * The entry a number on a menu stands for: TouchDesigner takes a menu's index (Par Class, Menu
 * Parameters: `op('geo1').par.xord = 5` sets the sixth entry). Only where the kb knows the menu's
 * entries in the build's order: a Menu (a StrMenu holds any string) whose entries are neither
 * incomplete nor assumed. Undefined otherwise, or for an index the menu does not have.
 */
export function menuEntryAtIndex(p: Param, index: number): string | undefined {
  if (p.style !== "Menu" || p.menuNames === undefined || p.menuIncomplete || p.menuFrom !== undefined) return undefined;
  if (p.assumed?.includes("menu") || !Number.isInteger(index) || index < 0) return undefined;
  return p.menuNames[index];
}
