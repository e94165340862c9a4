/**
 * A node parameter named in the JSON, checked against the knowledge base, and its JSON value
 * written as a .svcnet value of the parameter's kind: toggles as on/off, menu entries as names, a
 * reference to another node of the recipe as its path, colours as `#rrggbb`. Values that fit no
 * kind are left for the compiler, whose diagnostics the importer maps back to the JSON field.
 */
import type * as A from "../../../grammar/ast.js";
import { closestParameters, getParam, menuEntryAtIndex, type ParamRef, type ParStyle } from "../../../kb/index.js";
import { didYouMean } from "../../../compiler/util/closest.js";
import { astBuild } from "../../engine/index.js";
import { jsonKind, type JsonValue } from "./json-source.js";
import type { NodeEntry, NodeTable } from "./node-table.js";
import type { Located, Report, Where } from "./report.js";
const { bool, colour, name: nameValue, num, opRef, str, tuple } = astBuild;

/** Styles whose value names an operator. */
const REFERENCE_STYLES: ReadonlySet<ParStyle> = new Set([
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
const MENU_STYLES: ReadonlySet<ParStyle> = new Set(["Menu", "StrMenu"]);
const COLOUR = /^#([0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The resolved parameter, or undefined for a DAT's `text` (its contents, not a parameter). */
export interface KnownParam {
  name: string;
  ref?: ParamRef;
}

/** A DAT's contents are written `text:` (xmlDAT has a real parameter of that name, found first). */
export function isDatText(node: NodeEntry, param: string): boolean {
  return param === "text" && node.operator.family === "DAT";
}

/** The parameter `name` of `node`, or an `import-unknown-parameter` diagnostic with the closest names. */
export function knownParam(node: NodeEntry, name: Located<string>, report: Report): KnownParam | undefined {
  const ref = getParam(node.operator, name.value);
  if (ref !== undefined) return { name: name.value, ref };
  if (isDatText(node, name.value)) return { name: name.value };
  const near = closestParameters(node.operator, name.value, 3).map((m) => m.name);
  report.add(
    "import-unknown-parameter",
    name.at,
    { type: node.operator.type, name: name.value },
    {
      help: [...didYouMean(near), `'svc kb show ${node.operator.type}' lists its parameters`],
      ...(near[0] ? { suggestions: [{ title: `use '${near[0]}'`, replacement: JSON.stringify(near[0]) }] } : {}),
    },
  );
  return undefined;
}

/** The style that applies to one value of the parameter (a tuplet's component has the tuplet's style). */
function styleOf(param: KnownParam): ParStyle | null {
  return param.ref?.param.style ?? null;
}

export function referenceValue(owner: NodeEntry, text: string, table: NodeTable): A.Value {
  const target = table.get(text);
  if (target !== undefined) {
    const path = table.relativePath(owner, target);
    return path.includes("/") ? opRef(path) : nameValue(path);
  }
  // Not a node of the recipe: a path outside it, or a mistake the compiler reports at this field.
  return text.includes("/") ? opRef(text) : NAME.test(text) ? nameValue(text) : str(text);
}

function scalar(owner: NodeEntry, style: ParStyle | null, v: JsonValue, table: NodeTable): A.Value | undefined {
  switch (v.kind) {
    case "boolean":
      return bool(v.value);
    case "number":
      // TouchDesigner reads 0/1 as a toggle's off/on; the language writes them as such.
      return style === "Toggle" && (v.value === 0 || v.value === 1) ? bool(v.value === 1) : num(v.value);
    case "string":
      if (style !== null && REFERENCE_STYLES.has(style))
        return v.value === "" ? str("") : referenceValue(owner, v.value, table);
      if (style !== null && MENU_STYLES.has(style)) return NAME.test(v.value) ? nameValue(v.value) : str(v.value);
      if ((style === "RGB" || style === "RGBA") && COLOUR.test(v.value)) return colour(v.value.slice(1).toLowerCase());
      return str(v.value);
    default:
      return undefined;
  }
}

/** The .svcnet value of a JSON parameter value, or a diagnostic when its JSON type fits no parameter. */
export function parameterValue(
  owner: NodeEntry,
  param: KnownParam,
  v: { value: JsonValue; at: Where },
  table: NodeTable,
  report: Report,
): A.Value | undefined {
  const style = styleOf(param);
  let actual = jsonKind(v.value);
  if (v.value.kind === "array") {
    const items = v.value.items.map((item) => scalar(owner, style, item, table));
    if (items.length > 0 && items.every((i) => i !== undefined)) return tuple(items as A.Value[]);
    const bad = v.value.items.find((_, i) => items[i] === undefined);
    actual = bad === undefined ? "an empty array" : `an array holding ${jsonKind(bad)}`;
  } else {
    // A number on a menu is its index, as TouchDesigner reads it: written as the entry's name.
    const entry =
      v.value.kind === "number" && param.ref !== undefined && param.ref.component === null
        ? menuEntryAtIndex(param.ref.param, v.value.value)
        : undefined;
    if (entry !== undefined) return NAME.test(entry) ? nameValue(entry) : str(entry);
    const one = scalar(owner, style, v.value, table);
    if (one !== undefined) return one;
  }
  report.add("import-field-type", v.at, { expected: "a number, string, boolean or an array of them", actual });
  return undefined;
}
