/**
 * What TouchDesigner parameter styles accept, in svc's terms. Unknown facts never reject: a
 * parameter of unknown style takes any value (the knowledge base marks what it does not know).
 */
import type { ParStyle } from "../../kb/index.js";
import type { ControlType, Family } from "../model.js";

export type StyleClass =
  "number" | "integer" | "toggle" | "pulse" | "menu" | "strmenu" | "string" | "operator" | "none" | "unknown";

const OP_STYLES: Partial<Record<ParStyle, Family | "any">> = {
  TOP: "TOP",
  CHOP: "CHOP",
  SOP: "SOP",
  POP: "POP",
  DAT: "DAT",
  MAT: "MAT",
  COMP: "COMP",
  PanelCOMP: "COMP",
  OBJ: "COMP",
  Object: "COMP",
  OP: "any",
};

/** The family an operator-reference style needs ("any" for OP), or undefined for other styles. */
export function referencedFamily(style: ParStyle | null): Family | "any" | undefined {
  return style === null ? undefined : OP_STYLES[style];
}

export function styleClass(style: ParStyle | null): StyleClass {
  if (style === null) return "unknown";
  if (referencedFamily(style) !== undefined) return "operator";
  switch (style) {
    case "Float":
    case "XY":
    case "XYZ":
    case "XYZW":
    case "RGB":
    case "RGBA":
    case "WH":
    case "UV":
    case "UVW":
      return "number";
    case "Int":
    case "Sequence":
      return "integer";
    case "Toggle":
      return "toggle";
    case "Pulse":
    case "Momentary":
      return "pulse";
    case "Menu":
      return "menu";
    case "StrMenu":
      return "strmenu";
    case "Str":
    case "File":
    case "Folder":
    case "FileSave":
    case "Python":
      return "string";
    case "Header":
      return "none";
    default:
      return "unknown";
  }
}

export function expectedWords(cls: StyleClass, family?: Family | "any"): string {
  switch (cls) {
    case "number":
      return "a number";
    case "integer":
      return "a whole number";
    case "toggle":
      return "on or off";
    case "pulse":
      return "on (a pulse)";
    case "menu":
      return "a menu entry";
    case "strmenu":
      return "a string or menu entry";
    case "string":
      return "a string";
    case "operator":
      return family === undefined || family === "any" ? "an operator" : `a ${family}`;
    case "none":
      return "no value (it is a header)";
    case "unknown":
      return "any value";
  }
}

/** The value class of a control type, for bind compatibility. */
export function controlClass(type: ControlType): StyleClass {
  switch (type) {
    case "float":
    case "rgb":
    case "rgba":
    case "xy":
    case "xyz":
    case "xyzw":
    case "uv":
    case "uvw":
    case "wh":
      return "number";
    case "int":
      return "integer";
    case "toggle":
      return "toggle";
    case "pulse":
    case "momentary":
      return "pulse";
    case "menu":
      return "menu";
    case "strmenu":
      return "strmenu";
    case "string":
    case "file":
    case "folder":
    case "python":
      return "string";
    case "header":
      return "none";
    default:
      return "operator";
  }
}

export { CONTROL_SUFFIXES } from "../model.js";

/** Can a parameter of class `param` follow a value of class `source` through a bind? */
export function bindCompatible(param: StyleClass, source: StyleClass): boolean {
  if (param === "unknown" || source === "unknown") return true;
  const numeric = (c: StyleClass) => c === "number" || c === "integer" || c === "toggle";
  const textual = (c: StyleClass) => c === "string" || c === "menu" || c === "strmenu";
  switch (param) {
    case "number":
    case "integer":
      return numeric(source);
    case "toggle":
      return source === "toggle" || source === "integer";
    case "pulse":
      return source === "pulse" || source === "toggle";
    case "menu":
    case "strmenu":
      return textual(source) || source === "integer";
    case "string":
      return textual(source);
    case "operator":
      return source === "operator" || source === "string";
    case "none":
      return false;
  }
}
