/**
 * The resolved network model: what a `.svcnet` program means once imports are read, recipes are
 * expanded and names are bound. Every later phase (check, layout, lower) reads this, never the AST.
 *
 * Every element keeps its `origin` (file + range) so a diagnostic, an operation, or an error reported
 * later by the live environment can point back at the line that produced it. An element produced by
 * a recipe also remembers the instantiation site (`origin.via`).
 */
import type { SourceRange } from "./diagnostics/index.js";

/** Where an element came from. `via` is the recipe use that expanded it, when there is one. */
export interface Origin {
  file: string;
  range: SourceRange;
  via?: Origin;
}

export const FAMILIES = ["TOP", "CHOP", "SOP", "POP", "DAT", "MAT", "COMP"] as const;
export type Family = (typeof FAMILIES)[number];

/** The family an operator type names by its suffix (`noiseTOP` → TOP), or undefined. */
export function familyOfType(type: string): Family | undefined {
  for (const f of FAMILIES) if (type.length > f.length && type.endsWith(f)) return f;
  return undefined;
}

// ── values ──────────────────────────────────────────────────────────────────

interface ValueBase {
  origin: Origin;
}

export interface NumberValue extends ValueBase {
  kind: "number";
  value: number;
  /** True when written without a fraction or exponent (`3`, not `3.0`): an Int parameter needs it. */
  integer: boolean;
}
export interface StringValue extends ValueBase {
  kind: "string";
  value: string;
}
export interface BoolValue extends ValueBase {
  kind: "bool";
  value: boolean;
}
/** A menu entry by its name (`operand: add`). */
export interface MenuValue extends ValueBase {
  kind: "menu";
  entry: string;
}
/** One value per tuplet component (`resolution: 1280x720`). */
export interface TupleValue extends ValueBase {
  kind: "tuple";
  items: Value[];
}
/** Components from 0 to 1 (`#ff8800` → 1, 0.533, 0). */
export interface ColourValue extends ValueBase {
  kind: "colour";
  rgba: [number, number, number, number];
  /** True when the source wrote an alpha component (`#ff880080`). */
  hasAlpha: boolean;
}
/**
 * A reference to another operator, by the name written in the source. `target` is the referenced
 * node, filled by resolve when the name is found in scope.
 */
export interface OpRefValue extends ValueBase {
  kind: "op-ref";
  name: string;
  target?: NodeModel;
}
/** A Python expression, evaluated by TouchDesigner every cook. */
export interface ExpressionValue extends ValueBase {
  kind: "expression";
  python: string;
  /** Operators the expression names with `op('name')`, resolved against the node's scope. */
  refs: ExpressionRef[];
}
export interface ExpressionRef {
  name: string;
  /** Offset of the name inside `python`. */
  offset: number;
  target?: NodeModel;
}
/**
 * A bind to a custom parameter of an enclosing COMP (`bind Zoom`). Resolve finds the COMP that
 * declares it and fills `owner`/`param`; `python` is the bind expression TouchDesigner gets.
 */
export interface BindValue extends ValueBase {
  kind: "bind";
  name: string;
  owner?: ComponentModel;
  param?: CustomParamModel;
  python?: string;
}
/** A CHOP channel exported onto the parameter (`export lfo1/chan1`). */
export interface ExportValue extends ValueBase {
  kind: "export";
  chop: string;
  channel: string;
  target?: NodeModel;
}
/** DAT text or a shader: inline block or the contents of `file("...")`. */
export interface TextValue extends ValueBase {
  kind: "text";
  text: string;
  /** The file the text was read from, when it came from `file("...")`. */
  path?: string;
}

export type Value =
  | NumberValue
  | StringValue
  | BoolValue
  | MenuValue
  | TupleValue
  | ColourValue
  | OpRefValue
  | ExpressionValue
  | BindValue
  | ExportValue
  | TextValue;

export type ValueKind = Value["kind"];

// ── nodes ───────────────────────────────────────────────────────────────────

/** A parameter assignment as written (`resolution: 1280x720`). */
export interface ParamModel {
  /** The name as written: a scalar Python name or a tuplet name. */
  name: string;
  value: Value;
  origin: Origin;
  nameRange: SourceRange;
  /**
   * The scalar TouchDesigner parameters the assignment sets, in order, filled by check from the
   * knowledge base (`resolution` → [resolutionw, resolutionh]). Empty until checked.
   */
  scalars: string[];
}

export interface Flags {
  display?: boolean;
  render?: boolean;
  viewer?: boolean;
  bypass?: boolean;
  lock?: boolean;
}
export const FLAG_NAMES = ["display", "render", "viewer", "bypass", "lock"] as const;
export type FlagName = (typeof FLAG_NAMES)[number];

/** Network-editor annotations on a node. */
export interface NodeMeta {
  comment?: string;
  /** Node colour, components 0..1. */
  color?: [number, number, number];
  tags: string[];
}

/** The custom parameter types a COMP's control panel can declare. */
export const CUSTOM_PARAM_TYPES = [
  "float",
  "int",
  "toggle",
  "pulse",
  "string",
  "menu",
  "rgb",
  "rgba",
  "xy",
  "xyz",
  "xyzw",
  "wh",
  "uv",
  "uvw",
  "top",
  "chop",
  "sop",
  "dat",
  "mat",
  "comp",
  "op",
  "file",
  "folder",
] as const;
export type CustomParamType = (typeof CUSTOM_PARAM_TYPES)[number];

/** One custom parameter on a COMP (a control in an artist's panel). */
export interface CustomParamModel {
  /** TouchDesigner's rule: an uppercase letter, then lowercase letters and digits. */
  name: string;
  type: CustomParamType;
  label?: string;
  default?: Value;
  min?: number;
  max?: number;
  /** Menu entries of a `menu` custom parameter. */
  menu?: string[];
  origin: Origin;
}

export interface CustomPageModel {
  name: string;
  params: CustomParamModel[];
  origin: Origin;
}

/** An operator in a network. COMPs are `ComponentModel`s (they carry a body). */
export interface NodeModel {
  name: string;
  type: string;
  /** From the type's suffix; the knowledge base confirms it in check. */
  family: Family | undefined;
  /** Absolute TouchDesigner path, e.g. `/project1/tunnel/noise1`. */
  path: string;
  params: ParamModel[];
  flags: Flags;
  meta: NodeMeta;
  /** The COMP that contains this node. */
  parent: ComponentModel;
  origin: Origin;
  /** Range of the name in its declaration (diagnostics about names point here). */
  nameRange: SourceRange;
  /** Range of the type in its declaration. */
  typeRange: SourceRange;
  /** The recipe this node is the root of, when it was declared as a recipe use. */
  recipe?: string;
  /** A body (children and wires) makes a COMP a component; absent on other operators. */
  body?: BodyModel;
  customPages: CustomPageModel[];
  /** Pinned position from the layout block, in TouchDesigner units (Y up). */
  pinned?: { x: number; y: number; origin: Origin };
}

export interface WireEnd {
  node: NodeModel;
  /** Output index for a source end, input index for a target end. */
  index: number;
  range: SourceRange;
}

export interface WireModel {
  from: WireEnd;
  to: WireEnd;
  origin: Origin;
}

/** What a COMP holds: its child operators and the wires between them. */
export interface BodyModel {
  nodes: NodeModel[];
  wires: WireModel[];
}

/** A node with a body. The network root is one too (it has no parent). */
export interface ComponentModel extends Omit<NodeModel, "parent" | "body"> {
  parent: ComponentModel | undefined;
  body: BodyModel;
}

/** One `network name { ... }`: a COMP at `rootPath` that svc owns. */
export interface NetworkModel {
  name: string;
  /** The COMP the network builds, at the configured root path. */
  root: ComponentModel;
  origin: Origin;
}

/** The whole compiled program: every network of the entry file, plus what was read to build it. */
export interface ProgramModel {
  networks: NetworkModel[];
  /** Every file read, entry first (import order), with its text: renderers need it for code frames. */
  sources: Map<string, string>;
  entry: string;
}

export function isComponent(node: NodeModel | ComponentModel): node is ComponentModel {
  return node.body !== undefined;
}

/** Every node below `comp`, depth first, parents before their children. */
export function* walkNodes(comp: ComponentModel): Generator<NodeModel> {
  for (const node of comp.body.nodes) {
    yield node;
    if (node.body !== undefined) yield* walkNodes(node as ComponentModel);
  }
}

/** Every component from `comp` down, `comp` first. */
export function* walkComponents(comp: ComponentModel): Generator<ComponentModel> {
  yield comp;
  for (const node of comp.body.nodes) if (node.body !== undefined) yield* walkComponents(node as ComponentModel);
}
