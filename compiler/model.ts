/**
 * The resolved network model: what a `.svcnet` program means once imports are read, recipes are
 * expanded and names are bound. Every later phase (check, layout, lower) reads this, never the AST.
 *
 * Every element keeps its `origin` (file + range) so a diagnostic, an operation, or an error reported
 * later by the live environment can point back at the line that produced it. An element produced by
 * a recipe also remembers the instantiation site (`origin.via`).
 */
import type { ControlType } from "../grammar/ast.js";
import type { SourceRange } from "../diagnostics/index.js";

export type { ControlType };

/** Components of a multi-value control and the suffix TouchDesigner gives each (`Color` → `Colorr`...). */
export const CONTROL_SUFFIXES: Partial<Record<ControlType, string[]>> = {
  rgb: ["r", "g", "b"],
  rgba: ["r", "g", "b", "a"],
  xy: ["x", "y"],
  xyz: ["x", "y", "z"],
  xyzw: ["x", "y", "z", "w"],
  uv: ["u", "v"],
  uvw: ["u", "v", "w"],
  wh: ["w", "h"],
};

/** Where an element came from. `via` is the recipe use that expanded it, when there is one. */
export interface Origin {
  file: string;
  range: SourceRange;
  via?: Origin;
}

const FAMILIES = ["TOP", "CHOP", "SOP", "POP", "DAT", "MAT", "COMP"] as const;
export type Family = (typeof FAMILIES)[number];

/** The family an operator type names by its suffix (`noiseTOP` → TOP), or undefined. */
export function familyOfType(type: string): Family | undefined {
  for (const f of FAMILIES) if (type.length > f.length && type.endsWith(f)) return f;
  return undefined;
}

// ── values ──────────────────────────────────────────────────────────────────

interface ValueBase {
  origin: Origin;
  /**
   * The network the value's operator names are read in, when it is not the node's own: a recipe
   * argument is read where the recipe is used, not inside the recipe.
   */
  scope?: ComponentModel;
}

interface NumberValue extends ValueBase {
  kind: "number";
  value: number;
  /** True when written without a fraction or exponent (`3`, not `3.0`): an Int parameter needs it. */
  integer: boolean;
}
interface StringValue extends ValueBase {
  kind: "string";
  value: string;
  /** Written as a text block (DAT text, shaders). */
  block: boolean;
}
interface BoolValue extends ValueBase {
  kind: "bool";
  value: boolean;
}
/**
 * A bare name: a menu entry (`operand: add`) or a sibling operator (`top: level1`). The parameter's
 * style decides; check replaces it with a `menu` or an `op-ref` value. `target` is the sibling of
 * that name, when there is one.
 */
interface NameValue extends ValueBase {
  kind: "name";
  name: string;
  target?: NodeModel;
}
/** A menu entry by its name (`operand: add`). */
interface MenuValue extends ValueBase {
  kind: "menu";
  entry: string;
}
/** One value per tuplet component (`resolution: 1280x720`). */
interface TupleValue extends ValueBase {
  kind: "tuple";
  items: Value[];
}
/** Components from 0 to 1 (`#ff8800` → 1, 0.533, 0). */
interface ColourValue extends ValueBase {
  kind: "colour";
  rgba: [number, number, number, number];
  /** True when the source wrote an alpha component (`#ff880080`). */
  hasAlpha: boolean;
}
/**
 * A reference to another operator: a bare sibling name (`top: level1`) or a path relative to the
 * node's network (`comp1/out1`, `../level1`) or absolute. `target` is the node found by resolve;
 * absent when the path leaves what svc builds (an absolute path outside the network).
 */
interface OpRefValue extends ValueBase {
  kind: "op-ref";
  path: string;
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
  path: string;
  /** Offset of the path's first character inside `python`. */
  offset: number;
  target?: NodeModel;
}
/**
 * A bind: `bind Gain` follows a control (custom parameter) of an enclosing COMP; `bind lfo1.Speed`
 * follows a parameter of another operator. Resolve fills `owner` (the COMP or operator) and, for a
 * control, `control`.
 */
export interface BindValue extends ValueBase {
  kind: "bind";
  /** The operator path when written (`lfo1` in `bind lfo1.Speed`). */
  operator?: string;
  parameter: string;
  owner?: AnyNode;
  control?: CustomParamModel;
  /** When the bind reads one component of a multi-value control (`bind Tintr` of `Tint`): its name. */
  controlComponent?: string;
}
/** A CHOP channel exported onto the parameter (`export lfo1.chan1`). */
interface ExportValue extends ValueBase {
  kind: "export";
  operator: string;
  channel: string;
  target?: NodeModel;
}
/** Text from `file("...")` (DAT text or a shader), read when the program is resolved. */
interface TextValue extends ValueBase {
  kind: "text";
  text: string;
  /** The file the text was read from, as written. */
  path: string;
  /** That file as the compiler host resolved it (where diagnostics about its lines point). */
  file: string;
}

export type Value =
  | NumberValue
  | StringValue
  | BoolValue
  | NameValue
  | MenuValue
  | TupleValue
  | ColourValue
  | OpRefValue
  | ExpressionValue
  | BindValue
  | ExportValue
  | TextValue;

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
  /** Added by check, not written: the block count a sequence needs for the blocks that were set. */
  implicit?: true;
}

interface Flags {
  display?: boolean;
  render?: boolean;
  viewer?: boolean;
  bypass?: boolean;
  lock?: boolean;
}
export const FLAG_NAMES = ["display", "render", "viewer", "bypass", "lock"] as const;
export type FlagName = (typeof FLAG_NAMES)[number];

/** Network-editor annotations on a node. */
interface NodeMeta {
  comment?: string;
  /** Node colour, components 0..1. */
  color?: [number, number, number];
  tags: string[];
}

/** One custom parameter on a COMP (a control in an artist's panel). */
export interface CustomParamModel {
  /** TouchDesigner's rule: an uppercase letter, then lowercase letters and digits. */
  name: string;
  type: ControlType;
  label?: string;
  /** Help text (Par.help). */
  help?: string;
  default?: Value;
  min?: number;
  max?: number;
  /** Values outside min..max are not allowed. */
  clamp: boolean;
  /** Entries of a menu control, in order. */
  entries?: { name: string; label: string }[];
  /** The page the control is on. */
  page: string;
  origin: Origin;
  nameRange: SourceRange;
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
  /** A DAT's contents (`text: ...` on a DAT), set by check; `file` when they were read with `file("...")`. */
  text?: { text: string; origin: Origin; file?: string };
  /** Pinned position from the layout block, in TouchDesigner units (Y up). */
  pinned?: { x: number; y: number; origin: Origin };
  /** The name this node had before, declared with `was:`: plan renames the live node instead of replacing it. */
  renamedFrom?: string;
}

interface WireEnd {
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
  /** Every recipe name read (for "did you mean" on unknown types). */
  recipes: string[];
}

/** A node or a network root (which has no parent). */
export type AnyNode = NodeModel | ComponentModel;

export function isComponent(node: NodeModel | ComponentModel): node is ComponentModel {
  return node.body !== undefined;
}

/** Every component from `comp` down, `comp` first. */
export function* walkComponents(comp: ComponentModel): Generator<ComponentModel> {
  yield comp;
  for (const node of comp.body.nodes) if (node.body !== undefined) yield* walkComponents(node as ComponentModel);
}
