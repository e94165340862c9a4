/** What every check reads: the program, the knowledge base (through a cache) and the diagnostics list. */
import { getOperatorByType, type Operator, type Param, type ParStyle } from "../../kb/index.js";
import type { Diagnostic } from "../../diagnostics/index.js";
import type { AnyNode, CustomParamModel, ProgramModel } from "../model.js";
import type { ExpressionPolicy } from "./python/policy.js";
import { CONTROL_SUFFIXES } from "./styles.js";

export interface CheckContext {
  program: ProgramModel;
  diagnostics: Diagnostic[];
  /** The knowledge-base entry of a node's type; undefined for an unknown type. */
  operatorOf(node: AnyNode): Operator | undefined;
  /** `safe`: Python must be of the bridge's safe subset. */
  expressions: ExpressionPolicy;
}

export function createContext(
  program: ProgramModel,
  diagnostics: Diagnostic[],
  expressions: ExpressionPolicy = "open",
): CheckContext {
  const cache = new Map<string, Operator | undefined>();
  return {
    program,
    diagnostics,
    expressions,
    operatorOf(node) {
      if (!cache.has(node.type)) cache.set(node.type, getOperatorByType(node.type));
      return cache.get(node.type);
    },
  };
}

const CONTROL_STYLES: Record<CustomParamModel["type"], ParStyle> = {
  float: "Float",
  int: "Int",
  toggle: "Toggle",
  pulse: "Pulse",
  momentary: "Momentary",
  string: "Str",
  menu: "Menu",
  strmenu: "StrMenu",
  rgb: "RGB",
  rgba: "RGBA",
  xy: "XY",
  xyz: "XYZ",
  xyzw: "XYZW",
  uv: "UV",
  uvw: "UVW",
  wh: "WH",
  op: "OP",
  comp: "COMP",
  top: "TOP",
  chop: "CHOP",
  sop: "SOP",
  dat: "DAT",
  mat: "MAT",
  pop: "POP",
  obj: "OBJ",
  panelcomp: "PanelCOMP",
  file: "File",
  folder: "Folder",
  python: "Python",
  header: "Header",
};

export function controlStyle(control: CustomParamModel): ParStyle {
  return CONTROL_STYLES[control.type];
}

/** A control described as a knowledge-base parameter, so a COMP's own controls are checked like built-in ones. */
export function controlAsParam(control: CustomParamModel): Param {
  const suffixes = CONTROL_SUFFIXES[control.type];
  const param: Param = {
    name: control.name,
    label: control.label ?? control.name,
    page: control.page,
    style: controlStyle(control),
    default: null,
    defaultSource: null,
    min: control.min ?? null,
    max: control.max ?? null,
    clampMin: control.clamp && control.min !== undefined ? true : null,
    clampMax: control.clamp && control.max !== undefined ? true : null,
  };
  if (suffixes !== undefined) param.components = suffixes.map((s) => control.name + s);
  if (control.entries !== undefined) {
    param.menuNames = control.entries.map((e) => e.name);
    param.menuLabels = control.entries.map((e) => e.label);
  }
  return param;
}

/** The controls declared on a COMP (its body's `controls` blocks), by name. */
export function controlsOf(node: AnyNode): Map<string, CustomParamModel> {
  const out = new Map<string, CustomParamModel>();
  for (const page of node.customPages) for (const c of page.params) out.set(c.name, c);
  return out;
}
