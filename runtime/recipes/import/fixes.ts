/**
 * What an import does with a node parameter it cannot use as written (an unknown name, a menu value
 * that is not an entry): with `--fix`, an unambiguous did-you-mean is applied and reported; otherwise
 * the assignment is left out, kept as a comment above its node, and reported. The rest of the recipe
 * still converts.
 */
import { closestParameters, getParam, resolveTuplet, validateValue, type Operator } from "../../../kb/index.js";
import type { JsonValue } from "./json-source.js";
import type { NodeEntry } from "./node-table.js";

const AXES = ["x", "y", "z", "w"];

/**
 * The one parameter a wrong name surely means, or undefined when it is not clear. A stem with an
 * axis suffix names that component of a numbered tuplet (`displaceweightx` → `displaceweight1`);
 * otherwise the closest name must stand out (no other candidate within 10 points of its score).
 */
export function unambiguousParameter(op: Operator, name: string): string | undefined {
  const axis = AXES.indexOf(name.slice(-1));
  if (axis >= 0) {
    const tuplet = resolveTuplet(op, name.slice(0, -1));
    if (tuplet !== undefined && tuplet.index === null && axis < tuplet.components.length)
      return tuplet.components[axis];
  }
  const [best, next] = closestParameters(op, name, 2);
  if (best === undefined || best.score < 60) return undefined;
  return next === undefined || best.score - next.score >= 10 ? best.name : undefined;
}

/** Whether `value` is refused by the parameter's menu on the strength of a fact (not an assumption). */
export function notInMenu(
  op: Operator,
  param: string,
  value: string,
): { suggestion?: string; entries: string[] } | undefined {
  const ref = getParam(op, param);
  if (ref === undefined || ref.param.menuIncomplete || ref.param.assumed?.includes("menu")) return undefined;
  const check = validateValue(op, param, value);
  if (check.ok || check.problem.kind !== "not-in-menu") return undefined;
  const suggestions = check.problem.suggestions ?? [];
  return {
    entries: check.problem.menu?.names ?? [],
    ...(suggestions.length === 1 ? { suggestion: suggestions[0] } : {}),
  };
}

/** A JSON value as written (compact), for the comment that keeps a left-out assignment. */
function jsonText(v: JsonValue): string {
  switch (v.kind) {
    case "object":
      return `{${v.entries.map((e) => `${JSON.stringify(e.key)}: ${jsonText(e.value)}`).join(", ")}}`;
    case "array":
      return `[${v.items.map(jsonText).join(", ")}]`;
    case "null":
      return "null";
    default:
      return JSON.stringify(v.value);
  }
}

/** The assignments left out, by node, as the comments printed above each node. */
export class LeftOut {
  private readonly byNode = new Map<NodeEntry, string[]>();

  add(node: NodeEntry, param: string, value: JsonValue, reason: string): void {
    const list = this.byNode.get(node) ?? [];
    list.push(`left out by svc import-recipe: "${param}": ${jsonText(value)} (${reason})`);
    this.byNode.set(node, list);
  }

  of(node: NodeEntry): readonly string[] {
    return this.byNode.get(node) ?? [];
  }

  get count(): number {
    return [...this.byNode.values()].reduce((n, l) => n + l.length, 0);
  }
}
