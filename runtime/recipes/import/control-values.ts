/**
 * Control types and defaults: which control type drives a parameter of a given style (a bind
 * needs matching kinds and component counts), and a JSON default written as a value of that type.
 */
import type * as A from "../../../grammar/ast.js";
import { CONTROL_TYPES, type ControlType } from "../../../grammar/ast.js";
import type { ParamRef, ParStyle } from "../../../kb/index.js";
import { astBuild } from "../../engine/index.js";
import { jsonKind, type JsonValue } from "./json-source.js";
import type { NodeTable } from "./node-table.js";
import type { Located, Report, Where } from "./report.js";
const { bool, colour, name: nameValue, num, opRef, str, tuple } = astBuild;

const BY_STYLE: Partial<Record<ParStyle, ControlType>> = {
  Float: "float",
  Int: "int",
  Toggle: "toggle",
  Pulse: "pulse",
  Momentary: "momentary",
  Menu: "menu",
  StrMenu: "strmenu",
  Str: "string",
  XY: "xy",
  XYZ: "xyz",
  XYZW: "xyzw",
  RGB: "rgb",
  RGBA: "rgba",
  WH: "wh",
  UV: "uv",
  UVW: "uvw",
  TOP: "top",
  CHOP: "chop",
  SOP: "sop",
  POP: "pop",
  DAT: "dat",
  MAT: "mat",
  COMP: "comp",
  OBJ: "obj",
  OP: "op",
  PanelCOMP: "panelcomp",
  Object: "op",
  File: "file",
  FileSave: "file",
  Folder: "folder",
  Python: "python",
};

const SIZES: Partial<Record<ControlType, number>> = { xy: 2, uv: 2, wh: 2, xyz: 3, uvw: 3, rgb: 3, xyzw: 4, rgba: 4 };
const WHOLE: ReadonlySet<ControlType> = new Set(["int", "wh"]);
const TEXTUAL: ReadonlySet<ControlType> = new Set(["string", "strmenu", "file", "folder", "python"]);
const REFERENCE: ReadonlySet<ControlType> = new Set([
  "op",
  "comp",
  "top",
  "chop",
  "sop",
  "dat",
  "mat",
  "pop",
  "obj",
  "panelcomp",
]);
const NO_VALUE: ReadonlySet<ControlType> = new Set(["pulse", "momentary", "header"]);
const COLOUR = /^#([0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

function isControlType(t: string): t is ControlType {
  return (CONTROL_TYPES as readonly string[]).includes(t);
}

/** The control type that can drive this parameter; a tuplet's single component takes a number. */
export function controlTypeFor(ref: ParamRef | undefined): ControlType | undefined {
  if (ref === undefined) return "string"; // a DAT's text
  const style = ref.param.style;
  if (style === null) return undefined;
  if (ref.component !== null) return style === "Int" || style === "WH" ? "int" : "float";
  return BY_STYLE[style];
}

/** A control type guessed from a default alone, for a control with neither type nor target. */
export function controlTypeOfValue(v: JsonValue): ControlType | undefined {
  switch (v.kind) {
    case "number":
      return Number.isInteger(v.value) ? "int" : "float";
    case "boolean":
      return "toggle";
    case "string":
      return COLOUR.test(v.value) ? "rgb" : "string";
    case "array":
      return v.items.every((i) => i.kind === "number")
        ? ({ 2: "xy", 3: "xyz", 4: "xyzw" } as Record<number, ControlType>)[v.items.length]
        : undefined;
    default:
      return undefined;
  }
}

function describeType(type: ControlType): string {
  const size = SIZES[type];
  if (type === "rgb" || type === "rgba") return `a colour ("#rrggbb" or [r, g, b${type === "rgba" ? ", a" : ""}])`;
  if (size !== undefined) return `an array of ${size} ${WHOLE.has(type) ? "whole numbers" : "numbers"}`;
  if (type === "float") return "a number";
  if (type === "int") return "a whole number";
  if (type === "toggle") return "true or false";
  if (type === "menu") return "a menu entry name";
  return "a string";
}

/**
 * A JSON default as a value of the control's type. Operator-type controls take the name of a node
 * of the recipe, written as its path from the recipe's top level.
 */
export function controlDefault(
  type: ControlType,
  field: { value: JsonValue; at: Where },
  table: NodeTable,
  report: Report,
): A.Value | undefined {
  const v = field.value;
  const wrong = () => {
    report.add("import-field-type", field.at, { expected: describeType(type), actual: jsonKind(v) });
    return undefined;
  };
  if (NO_VALUE.has(type)) {
    report.add("import-field-ignored", field.at, { where: `for a ${type} control` });
    return undefined;
  }
  const size = SIZES[type];
  if (size !== undefined) {
    if ((type === "rgb" || type === "rgba") && v.kind === "string" && COLOUR.test(v.value))
      return colour(v.value.slice(1).toLowerCase());
    if (v.kind !== "array" || v.items.length !== size || !v.items.every((i) => i.kind === "number")) return wrong();
    const items = v.items.map((i) => (i as { value: number }).value);
    if (WHOLE.has(type) && !items.every(Number.isInteger)) return wrong();
    return tuple(items.map(num));
  }
  switch (type) {
    case "float":
      return v.kind === "number" ? num(v.value) : wrong();
    case "int":
      return v.kind === "number" && Number.isInteger(v.value) ? num(v.value) : wrong();
    case "toggle":
      if (v.kind === "boolean") return bool(v.value);
      return v.kind === "number" && (v.value === 0 || v.value === 1) ? bool(v.value === 1) : wrong();
    case "menu":
      if (v.kind !== "string") return wrong();
      return NAME.test(v.value) ? nameValue(v.value) : str(v.value);
    default:
      if (v.kind !== "string") return wrong();
      if (REFERENCE.has(type)) {
        const node = table.get(v.value);
        if (node === undefined)
          return v.value.includes("/") ? opRef(v.value) : NAME.test(v.value) ? nameValue(v.value) : str(v.value);
        const path = [...table.ancestors(node), node].map((n) => n.name).join("/");
        return path.includes("/") ? opRef(path) : nameValue(path);
      }
      return TEXTUAL.has(type) ? str(v.value) : wrong();
  }
}

/** A control type named in the JSON, or a diagnostic listing the valid ones. */
export function readControlType(type: Located<string>, report: Report): ControlType | undefined {
  if (isControlType(type.value)) return type.value;
  report.add(
    "import-invalid-value",
    type.at,
    { value: JSON.stringify(type.value), expected: "a control type" },
    { help: [`control types: ${CONTROL_TYPES.join(", ")}`] },
  );
  return undefined;
}

/** Whether an AST value already fits a control type (a node's constant reused as a default). */
export function fitsControl(type: ControlType, v: A.Value): boolean {
  const size = SIZES[type];
  if (size !== undefined)
    return v.kind === "Color"
      ? type === "rgb" || type === "rgba"
      : v.kind === "Tuple" && v.items.length === size && v.items.every((i) => i.kind === "Number");
  if (type === "float") return v.kind === "Number";
  if (type === "int") return v.kind === "Number" && Number.isInteger(v.value);
  if (type === "toggle") return v.kind === "Boolean";
  if (type === "menu") return v.kind === "Name" || v.kind === "String";
  if (REFERENCE.has(type)) return false;
  return TEXTUAL.has(type) && v.kind === "String";
}
