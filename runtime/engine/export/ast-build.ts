/** Small constructors for AST nodes made from live state (no source, so no range). */
import { NO_RANGE } from "../../../diagnostics/source-range.js";
import type * as A from "../../../grammar/ast.js";
export { hexColour } from "../plan/network-state.js";

const r = NO_RANGE;

export const ident = (name: string): A.Identifier => ({ kind: "Identifier", name, range: r });
export const num = (value: number): A.NumberValue => ({ kind: "Number", value, range: r });
export const str = (value: string): A.StringValue => ({ kind: "String", value, range: r });
export const bool = (value: boolean): A.BooleanValue => ({ kind: "Boolean", value, range: r });
export const name = (n: string): A.NameValue => ({ kind: "Name", name: n, range: r });
export const tuple = (items: A.Value[]): A.TupleValue => ({ kind: "Tuple", items, form: "paren", range: r });
export const expression = (python: string): A.ExpressionValue => ({ kind: "Expression", python, range: r });
export const opRef = (path: string): A.OperatorRef => ({ kind: "OperatorRef", path, range: r });
export const bind = (parameter: string, operator: string | null = null): A.BindValue => ({
  kind: "Bind",
  operator: operator === null ? null : opRef(operator),
  parameter: ident(parameter),
  range: r,
});
export const param = (n: string, value: A.Value): A.Param => ({ kind: "Param", name: ident(n), value, range: r });

export function node(
  n: string,
  type: string,
  flags: A.Flag[],
  params: A.Param[],
  network: A.InnerNetwork | null = null,
): A.NodeDecl {
  return { kind: "Node", name: ident(n), type: ident(type), flags, params, network, range: r };
}

export function wire(from: string, fromOutput: number, to: string, toInput: number): A.Wire {
  return {
    kind: "Wire",
    chain: [
      { kind: "WireEndpoint", node: ident(from), index: fromOutput === 0 ? null : fromOutput, range: r },
      { kind: "WireEndpoint", node: ident(to), index: toInput, range: r },
    ],
    range: r,
  };
}

export const booleanFlag = (n: A.BooleanFlagName, value = true): A.BooleanFlag => ({
  kind: "BooleanFlag",
  name: n,
  value,
  range: r,
});
export const commentFlag = (text: string): A.NodeCommentFlag => ({
  kind: "NodeCommentFlag",
  text: str(text),
  range: r,
});
export const tagsFlag = (tags: string[]): A.TagsFlag => ({ kind: "TagsFlag", tags: tags.map(str), range: r });
export const colour = (hex: string): A.ColorValue => ({ kind: "Color", hex, range: r });
export const colorFlag = (hex: string): A.ColorFlag => ({ kind: "ColorFlag", color: colour(hex), range: r });
