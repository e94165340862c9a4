/** Plain words for values in messages ("takes a whole number, not a string"). */
import type { Value } from "../model.js";

export function describeValue(v: Value): string {
  switch (v.kind) {
    case "number":
      return v.integer ? `the number ${v.value}` : `the number ${v.value}`;
    case "string":
      return v.block ? "a text block" : "a string";
    case "bool":
      return v.value ? "'on'" : "'off'";
    case "name":
      return `the name '${v.name}'`;
    case "menu":
      return `the menu entry '${v.entry}'`;
    case "tuple":
      return `${v.items.length} values`;
    case "colour":
      return "a colour";
    case "op-ref":
      return `the operator path '${v.path}'`;
    case "expression":
      return "an expression";
    case "bind":
      return "a bind";
    case "export":
      return "an export";
    case "text":
      return "the text of a file";
  }
}

/** Shortest source-like rendering of a constant, for messages and readable listings. */
export function formatNumber(n: number): string {
  return Number.isInteger(n) ? String(n) : String(Number(n.toPrecision(12)));
}
