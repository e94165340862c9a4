/**
 * `.svcnet` syntax for live state that has no source to reuse: a node's flags, parameters (tuplets
 * folded, values spelled by their style from the knowledge base), a COMP's controls, and wires.
 */
import { getOperatorByType, getParam, getSequence, impliedBlockCount } from "../../../kb/index.js";
import type * as A from "../../../grammar/ast.js";
import { BOOLEAN_FLAGS } from "../../../grammar/ast.js";
import {
  OWNER_TAG,
  isDefaultColour,
  type CustomPageState,
  type JsonValue,
  type NodeState,
  type ParamState,
  type WireState,
} from "../plan/network-state.js";
import * as B from "./ast-build.js";

const REFERENCE_STYLES = new Set([
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
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

export const nameOf = (path: string) => path.slice(path.lastIndexOf("/") + 1);
export const parentOf = (path: string) => path.slice(0, path.lastIndexOf("/")) || "/";

function styleOf(type: string, scalar: string): string | null {
  const ref = getParam(type, scalar);
  return ref?.param.style ?? null;
}

/** `a/b/../c` → `a/c` (an absolute path). */
function normalizePath(path: string): string {
  const out: string[] = [];
  for (const seg of path.split("/")) {
    if (seg === "" || seg === ".") continue;
    if (seg === "..") out.pop();
    else out.push(seg);
  }
  return "/" + out.join("/");
}

/**
 * A reference parameter's live text as svc writes it. TouchDesigner reads a relative path from the
 * network its owner sits in, and `./x` from the owner itself; svc reads it in `scope` (the node's
 * network, or for a COMP's control the network inside it).
 */
function referenceValue(value: string, ownerPath: string, scope: string): A.Value {
  let absolute: string;
  if (value.startsWith("/")) {
    // An absolute path into the scope's network reads as a name; anything else stays absolute.
    const rest = value.startsWith(scope + "/") ? value.slice(scope.length + 1) : undefined;
    return rest !== undefined && IDENTIFIER.test(rest)
      ? B.name(rest)
      : IDENTIFIER.test(value)
        ? B.name(value)
        : B.opRef(value);
  }
  if (value === "." || value.startsWith("../../export/")) absolute = normalizePath(`${ownerPath}/${value}`);
  else absolute = normalizePath(`${parentOf(ownerPath)}/${value}`);
  const from = scope.split("/").filter(Boolean);
  const to = absolute.split("/").filter(Boolean);
  let common = 0;
  while (common < from.length && common < to.length && from[common] === to[common]) common++;
  const relative = [...Array<string>(from.length - common).fill(".."), ...to.slice(common)].join("/") || ".";
  return IDENTIFIER.test(relative) ? B.name(relative) : B.opRef(relative);
}

function constantValue(
  value: JsonValue | undefined,
  style: string | null,
  ownerPath: string,
  scope = parentOf(ownerPath),
): A.Value {
  if (typeof value === "boolean") return B.bool(value);
  if (typeof value === "number") return style === "Toggle" ? B.bool(value !== 0) : B.num(value);
  if (typeof value === "string") {
    if (style === "Toggle") return B.bool(value !== "0" && value !== "" && value.toLowerCase() !== "false");
    if ((style === "Menu" || style === "StrMenu") && IDENTIFIER.test(value)) return B.name(value);
    if (style !== null && REFERENCE_STYLES.has(style) && value !== "") return referenceValue(value, ownerPath, scope);
    return B.str(value);
  }
  if (Array.isArray(value)) return B.tuple(value.map((v) => constantValue(v, null, ownerPath)));
  return B.str(value === null || value === undefined ? "" : JSON.stringify(value));
}

/** `parent().par.Gain` and `parent(2).par.Gain` are binds to a control of an enclosing network. */
function bindValue(expr: string): A.Value {
  const control = /^parent\((\d*)\)\.par\.([A-Za-z_][A-Za-z0-9_]*)$/.exec(expr.trim());
  if (control) return B.bind(control[2]!);
  const other = /^op\((['"])([^'"]+)\1\)\.par\.([A-Za-z_][A-Za-z0-9_]*)$/.exec(expr.trim());
  if (other) return B.bind(other[3]!, other[2]!);
  return B.expression(expr);
}

/**
 * A tuplet bound component by component to one multi-part control (`colorr: bind Tintr`, ...) is
 * the single bind `color: bind Tint`: returns that control's name.
 */
function boundControl(components: readonly string[], parts: ReadonlyArray<ParamState | undefined>): string | undefined {
  const names = parts.map((p) =>
    p?.mode === "bind" ? /^parent\(\d*\)\.par\.([A-Za-z_][A-Za-z0-9_]*)$/.exec((p.expr ?? "").trim())?.[1] : undefined,
  );
  if (names.some((n) => n === undefined || n.length < 2)) return undefined;
  const stem = names[0]!.slice(0, -1);
  const sameStem = names.every((n) => n!.slice(0, -1) === stem);
  // Each control part must end like its component (colorr <- Tintr), or it is a plain bind per part.
  const matching = names.every((n, i) => n!.slice(-1) === components[i]!.slice(-1));
  return sameStem && matching ? stem : undefined;
}

function paramValue(p: ParamState, style: string | null, ownerPath: string): A.Value {
  switch (p.mode) {
    case "expression":
    case "export":
      return B.expression(p.expr ?? "");
    case "bind":
      return bindValue(p.expr ?? "");
    default:
      return constantValue(p.value, style, ownerPath);
  }
}

/** A sequence's block count that the block parameters written imply: svc adds it back when it compiles. */
function isImpliedCount(node: NodeState, name: string): boolean {
  const p = node.params[name]!;
  if (p.mode !== "constant" || getSequence(node.type, name) === undefined) return false;
  return impliedBlockCount(node.type, name, Object.keys(node.params)) === p.value;
}

/**
 * A width and height: the WH style, or (as the real build styles `resolution`) two whole-number
 * components named ...w and ...h.
 */
function isSizeTuplet(style: string | null, components: readonly string[]): boolean {
  if (components.length !== 2) return false;
  return style === "WH" || (style === "Int" && components[0]!.endsWith("w") && components[1]!.endsWith("h"));
}

/** Parameters as written: a tuplet whose components are all set constants becomes one tuple. */
export function synthesizeParams(node: NodeState, skip: ReadonlySet<string>): A.Param[] {
  const out: A.Param[] = [];
  const done = new Set<string>();
  const known = getOperatorByType(node.type) !== undefined;
  for (const scalar of Object.keys(node.params).sort()) {
    if (done.has(scalar) || skip.has(scalar)) continue;
    if (known && isImpliedCount(node, scalar)) continue;
    const p = node.params[scalar]!;
    const ref = known ? getParam(node.type, scalar) : undefined;
    const components = ref?.param.components;
    if (components && components.every((c) => node.params[c]?.mode === "constant")) {
      const style = ref!.param.style;
      const items = components.map((c) =>
        constantValue(node.params[c]!.value, style === "Toggle" ? "Toggle" : null, node.path),
      );
      const size = B.tuple(items);
      // Whole-number sizes read as 1280x720, as people write them.
      if (
        isSizeTuplet(style, components) &&
        items.every((i) => i.kind === "Number" && Number.isInteger(i.value) && i.value >= 0)
      )
        size.form = "x";
      out.push(B.param(ref!.param.name, size));
      for (const c of components) done.add(c);
      continue;
    }
    const tupletBind = components
      ? boundControl(
          components,
          components.map((c) => node.params[c]),
        )
      : undefined;
    if (components && tupletBind !== undefined) {
      out.push(B.param(ref!.param.name, B.bind(tupletBind)));
      for (const c of components) done.add(c);
      continue;
    }
    done.add(scalar);
    out.push(
      B.param(scalar, paramValue(p, ref?.param.style ?? (known ? styleOf(node.type, scalar) : null), node.path)),
    );
  }
  if (node.text !== undefined && node.text !== "" && node.type.endsWith("DAT"))
    out.push(B.param("text", B.str(node.text)));
  return out;
}

export function synthesizeFlags(node: NodeState): A.Flag[] {
  const flags: A.Flag[] = [];
  for (const f of BOOLEAN_FLAGS) if (node.flags[f] === true) flags.push(B.booleanFlag(f));
  if (node.color && !isDefaultColour(node.color)) flags.push(B.colorFlag(B.hexColour(node.color)));
  const tags = node.tags.filter((t) => t !== OWNER_TAG).sort();
  if (tags.length > 0) flags.push(B.tagsFlag(tags));
  if (node.comment) flags.push(B.commentFlag(node.comment));
  return flags;
}

const CONTROL_TYPE: Record<string, string> = {
  Float: "float",
  Int: "int",
  Toggle: "toggle",
  Pulse: "pulse",
  Momentary: "momentary",
  Str: "string",
  Menu: "menu",
  StrMenu: "strmenu",
  RGB: "rgb",
  RGBA: "rgba",
  XY: "xy",
  XYZ: "xyz",
  XYZW: "xyzw",
  UV: "uv",
  UVW: "uvw",
  WH: "wh",
  OP: "op",
  COMP: "comp",
  TOP: "top",
  CHOP: "chop",
  SOP: "sop",
  DAT: "dat",
  MAT: "mat",
  POP: "pop",
  Object: "obj",
  PanelCOMP: "panelcomp",
  File: "file",
  Folder: "folder",
  Python: "python",
  Header: "header",
};

/** The compiler's page name for `controls { }` written without one. */
const DEFAULT_CONTROLS_PAGE = "Custom";

function controlDefault(style: string, value: JsonValue | undefined): A.Value | null {
  if (value === undefined || value === null) return null;
  if ((style === "RGB" || style === "RGBA") && Array.isArray(value) && value.length === 3) {
    return B.colour(B.hexColour(value as number[]));
  }
  if (Array.isArray(value)) return B.tuple(value.map((v) => constantValue(v, null, "/")));
  if (style === "Toggle") return B.bool(value === true || value === 1);
  if (style === "Menu" && typeof value === "string" && IDENTIFIER.test(value)) return B.name(value);
  // A control's reference to a node of its own network is stored from the COMP: `./noise1`.
  if (
    REFERENCE_STYLES.has(style) &&
    typeof value === "string" &&
    value.startsWith("../../export/") &&
    value.length > 2
  ) {
    const inner = value.slice(2);
    return IDENTIFIER.test(inner) ? B.name(inner) : B.opRef(inner);
  }
  return constantValue(value, style, "/");
}

export function synthesizeControls(pages: readonly CustomPageState[]): A.ControlsBlock[] {
  return pages.map((page) => ({
    kind: "ControlsBlock",
    page: page.name === DEFAULT_CONTROLS_PAGE ? null : B.str(page.name),
    declarations: page.pars.map((p): A.Declaration => ({
      kind: "Declaration",
      name: B.ident(p.name),
      type: B.ident(CONTROL_TYPE[p.style] ?? p.style.toLowerCase()),
      default: controlDefault(p.style, p.default),
      // A clamped control needs its range written even when it is TouchDesigner's 0..1.
      valueRange:
        p.min !== undefined && p.max !== undefined
          ? { min: B.num(p.min), max: B.num(p.max), range: B.num(0).range }
          : p.clamp === true
            ? { min: B.num(0), max: B.num(1), range: B.num(0).range }
            : null,
      clamp: p.clamp === true,
      label: p.label !== undefined && p.label !== p.name ? B.str(p.label) : null,
      help: p.help ? B.str(p.help) : null,
      entries: p.menuNames
        ? p.menuNames.map((n, i) => ({
            kind: "MenuEntry",
            name: n,
            label: p.menuLabels && p.menuLabels[i] !== n ? B.str(p.menuLabels[i]!) : null,
            range: B.num(0).range,
          }))
        : null,
      range: B.num(0).range,
    })),
    range: B.num(0).range,
  }));
}

export function synthesizeWires(level: string, wires: readonly WireState[]): A.Wire[] {
  return wires
    .filter((w) => parentOf(w.to) === level && parentOf(w.from) === level)
    .map((w) => B.wire(nameOf(w.from), w.fromOutput, nameOf(w.to), w.toInput));
}
