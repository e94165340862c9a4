/**
 * A TDN parameter value and the mode it puts the parameter in. The specification's shorthand: a
 * string starting with `=` is an expression, with `~` a bind, and a constant string that starts
 * with either is written with the character doubled (`==foo` is the text `=foo`).
 */
import type { JsonValue, ParamState } from "../engine/index.js";
import type { TdnValue } from "./document.js";

/** The bind expressions `.svcnet` writes as `bind`: a control of an enclosing COMP, or an operator's parameter. */
const CONTROL_BIND = /^parent\(\d*\)\.par\.[A-Za-z_][A-Za-z0-9_]*$/;
const OPERATOR_BIND = /^op\((['"])[^'"]+\1\)\.par\.[A-Za-z_][A-Za-z0-9_]*$/;

export function isWritableBind(expr: string): boolean {
  return CONTROL_BIND.test(expr.trim()) || OPERATOR_BIND.test(expr.trim());
}

export type ReadValue = { ok: true; state: ParamState } | { ok: false; actual: string };

/** The parameter state a TDN value stands for; objects and lists are no parameter value. */
export function readParamValue(v: TdnValue): ReadValue {
  if (v === null) return { ok: true, state: { mode: "constant", value: "" } };
  if (typeof v === "number" || typeof v === "boolean") return { ok: true, state: { mode: "constant", value: v } };
  if (typeof v === "string") {
    if (v.startsWith("==") || v.startsWith("~~")) return { ok: true, state: { mode: "constant", value: v.slice(1) } };
    if (v.startsWith("=")) return { ok: true, state: { mode: "expression", expr: v.slice(1).trim() } };
    if (v.startsWith("~")) return { ok: true, state: { mode: "bind", expr: v.slice(1).trim() } };
    return { ok: true, state: { mode: "constant", value: v } };
  }
  return { ok: false, actual: Array.isArray(v) ? "a list" : "a mapping" };
}

/** Floats as the specification serialises them: whole numbers as integers, others to 10 decimals. */
export function tdnNumber(n: number): number {
  return Number.isInteger(n) ? n : Number(n.toFixed(10));
}

/** A parameter state as a TDN value (the reverse of readParamValue). */
export function writeParamValue(p: ParamState): TdnValue {
  switch (p.mode) {
    case "expression":
    case "export":
      return `=${p.expr ?? ""}`;
    case "bind":
      return `~${p.expr ?? ""}`;
    default:
      return writeConstant(p.value);
  }
}

export function writeConstant(value: JsonValue | undefined): TdnValue {
  if (typeof value === "string") return value.startsWith("=") || value.startsWith("~") ? value[0] + value : value;
  if (typeof value === "number") return tdnNumber(value);
  if (value === undefined || value === null) return "";
  return value as TdnValue;
}
