/**
 * The typed syntax tree of a `.svcnet` file.
 *
 * Produced by `parse()` (grammar/parse.ts), consumed by the compiler, and printed back by `print()`
 * (grammar/print.ts). Exporters build it from a live network, so every field the printer reads is
 * plain data: ranges and comments may be placeholders (`NO_RANGE`, no comments) and the printer
 * still produces canonical text.
 *
 * Conventions:
 * - Every node has `kind` (a discriminant) and `range` (where it was written; `NO_RANGE` when built).
 *   Range objects may be shared between nodes that start or end at the same place: read-only.
 * - Names that a diagnostic may point at are `Identifier`s, so the checker has their exact range.
 * - When the parse reported errors the tree is best effort: a missing name is an `Identifier`
 *   whose `name` is "" and incomplete parts are left out.
 * - Statement order in the source carries no meaning, so bodies group their statements by kind.
 *   The one exception is controls and recipe parameters: their order is the order of the panel.
 */
import type { SourceRange } from "../diagnostics/source-range.js";

export type { SourceRange };

// ── comments ─────────────────────────────────────────────────────────────────

/** A `# ...` comment. `text` is what follows "# " (the first space is not part of the text). */
export interface Comment {
  text: string;
  range: SourceRange;
}

/** Comments kept with the node they belong to, so printing never loses them. */
export interface Comments {
  /** Whole-line comments just above the node. */
  leading?: Comment[];
  /** A comment at the end of the node's (last) line. */
  trailing?: Comment[];
  /** Comments inside a block with nothing after them (printed before the closing brace). */
  dangling?: Comment[];
}

interface Base {
  range: SourceRange;
  comments?: Comments;
}

/** A name as written: node names, parameter names, operator types, flag names. */
export interface Identifier {
  kind: "Identifier";
  name: string;
  range: SourceRange;
}

// ── file ─────────────────────────────────────────────────────────────────────

export interface Program extends Base {
  kind: "Program";
  /** `svcnet 1`; null when missing (a `missing-version-header` diagnostic was reported). */
  version: VersionHeader | null;
  imports: Import[];
  networks: Network[];
  recipes: Recipe[];
  /** Pinned positions; several `layout` blocks in a file are merged into one. */
  layout: LayoutBlock | null;
}

/** `svcnet 1`: the language version the file is written in. */
interface VersionHeader extends Base {
  kind: "VersionHeader";
  version: number;
}

/** `import "lib/feedback.svcnet"`: the path is relative to the importing file. */
export interface Import extends Base {
  kind: "Import";
  path: StringValue;
}

// ── networks ─────────────────────────────────────────────────────────────────

/** What a network holds: the inside of a COMP. */
export interface NetworkBody {
  /** Custom parameter pages of the COMP this body is the inside of, in panel order. */
  controls: ControlsBlock[];
  nodes: NodeDecl[];
  wires: Wire[];
}

/** `network tunnel { ... }`: a named top-level network (a COMP whose inside is the body). */
export interface Network extends Base, NetworkBody {
  kind: "Network";
  name: Identifier;
}

/** `network { ... }` inside a COMP node's body: the COMP's own network. */
export interface InnerNetwork extends Base, NetworkBody {
  kind: "InnerNetwork";
}

/**
 * `recipe feedbackTunnel { params { ... } ...network... }`: a parameterised network. A node whose
 * type is the recipe's name instantiates it; the node's params are the recipe's arguments.
 */
export interface Recipe extends Base, NetworkBody {
  kind: "Recipe";
  name: Identifier;
  /** The `params { ... }` block (several blocks are merged); null when the recipe takes none. */
  params: ParamsBlock | null;
  /** Library metadata beside the name: `[summary: "...", tags: (...), difficulty: beginner]`. */
  metadata: Flag[];
}

// ── declarations: controls and recipe parameters ────────────────────────────

/** `controls "Look" { ... }`: one page of custom parameters; `page` is null for the default page. */
export interface ControlsBlock extends Base {
  kind: "ControlsBlock";
  page: StringValue | null;
  declarations: Declaration[];
}

/** `params { ... }` in a recipe: its typed parameters. */
export interface ParamsBlock extends Base {
  kind: "ParamsBlock";
  declarations: Declaration[];
}

/** The types a control (custom parameter) can have; each maps to a TouchDesigner parameter style. */
export const CONTROL_TYPES = [
  "float",
  "int",
  "toggle",
  "pulse",
  "momentary",
  "string",
  "menu",
  "strmenu",
  "rgb",
  "rgba",
  "xy",
  "xyz",
  "xyzw",
  "uv",
  "uvw",
  "wh",
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
  "file",
  "folder",
  "python",
  "header",
] as const;
export type ControlType = (typeof CONTROL_TYPES)[number];

/** The types a recipe parameter can have (values known when the recipe is expanded). */
export const RECIPE_PARAM_TYPES = [
  "float",
  "int",
  "toggle",
  "string",
  "menu",
  "rgb",
  "rgba",
  "xy",
  "xyz",
  "xyzw",
  "wh",
  "op",
  "text",
] as const;
export type RecipeParamType = (typeof RECIPE_PARAM_TYPES)[number];

/**
 * `Gain: float = 0.96 range 0..1 clamp label "Feedback Gain"` or
 * `Mode: menu = add entries (add "Add", multiply "Multiply")`.
 * The same shape declares controls and recipe parameters.
 */
export interface Declaration extends Base {
  kind: "Declaration";
  name: Identifier;
  /** One of CONTROL_TYPES or RECIPE_PARAM_TYPES (the parser reports other names). */
  type: Identifier;
  default: Value | null;
  /** `range min..max`: the slider range. */
  valueRange: { min: NumberValue; max: NumberValue; range: SourceRange } | null;
  /** `clamp`: values outside `valueRange` are not allowed. */
  clamp: boolean;
  label: StringValue | null;
  /** `help "..."`: the help text TouchDesigner shows for the control; absent or null when none. */
  help?: StringValue | null;
  /** `entries (...)` of a menu, in menu order; null when not given. */
  entries: MenuEntry[] | null;
}

/** One menu entry: `add` or `add "Add"` (a name that is not an identifier is a string: `"4x"`). */
export interface MenuEntry extends Base {
  kind: "MenuEntry";
  name: string;
  label: StringValue | null;
}

// ── nodes ────────────────────────────────────────────────────────────────────

/**
 * `noise1: noiseTOP [display] { period: 3, mono: on }`.
 * `type` is an operator type (`noiseTOP`) or a recipe name; the resolver tells which.
 */
export interface NodeDecl extends Base {
  kind: "Node";
  name: Identifier;
  type: Identifier;
  /** Flags and metadata written in `[ ... ]` after the type. */
  flags: Flag[];
  /** Non-default parameters (or recipe arguments), in written order. */
  params: Param[];
  /** The COMP's inside, written as `network { ... }` in the body; null when absent. */
  network: InnerNetwork | null;
}

/** `period: 3`: a parameter by its TouchDesigner Python name (or a recipe argument by name). */
export interface Param extends Base {
  kind: "Param";
  name: Identifier;
  value: Value;
}

// ── flags and metadata ───────────────────────────────────────────────────────

export const BOOLEAN_FLAGS = ["display", "render", "viewer", "bypass", "lock"] as const;
export type BooleanFlagName = (typeof BOOLEAN_FLAGS)[number];
/** Every word allowed in a node's `[ ... ]`. */
export const FLAG_NAMES = [...BOOLEAN_FLAGS, "was", "color", "tags", "comment"] as const;

/** What may stand in `[ ]` beside a recipe's name. */
export const RECIPE_METADATA_NAMES = ["summary", "tags", "difficulty"] as const;
export const RECIPE_DIFFICULTIES = ["beginner", "intermediate", "advanced"] as const;

export type Flag =
  BooleanFlag | ColorFlag | TagsFlag | NodeCommentFlag | RenamedFromFlag | SummaryFlag | DifficultyFlag;

/** `was: noise1`: the node is the one that was called `noise1` (a rename, not a new node). */
interface RenamedFromFlag extends Base {
  kind: "RenamedFromFlag";
  name: Identifier;
}

/** A recipe's one-line summary. */
export interface SummaryFlag extends Base {
  kind: "SummaryFlag";
  text: StringValue;
}

/** A recipe's difficulty: beginner, intermediate or advanced. */
interface DifficultyFlag extends Base {
  kind: "DifficultyFlag";
  level: Identifier;
}

/** `display` (on) or `display: off`. */
export interface BooleanFlag extends Base {
  kind: "BooleanFlag";
  name: BooleanFlagName;
  value: boolean;
}

/** `color: #ff8800`: the node's colour in the network editor. */
export interface ColorFlag extends Base {
  kind: "ColorFlag";
  color: ColorValue;
}

/** `tags: ("live", "fx")` or `tags: "fx"`. */
export interface TagsFlag extends Base {
  kind: "TagsFlag";
  tags: StringValue[];
}

/** `comment: "why this exists"`: the node's comment in TouchDesigner (not a source comment). */
export interface NodeCommentFlag extends Base {
  kind: "NodeCommentFlag";
  text: StringValue;
}

// ── values ───────────────────────────────────────────────────────────────────

export type Value =
  | NumberValue
  | StringValue
  | BooleanValue
  | NameValue
  | TupleValue
  | ColorValue
  | OperatorRef
  | ExpressionValue
  | BindValue
  | ExportValue
  | FileValue
  | RecipeParamRef;

/** `3`, `-0.5`, `1e-3`. */
export interface NumberValue extends Base {
  kind: "Number";
  value: number;
}

/**
 * `"text"` or a ``` text block (for DAT text and shaders). Both are strings; the printer writes a
 * block when the text has several lines and ends with a newline.
 */
export interface StringValue extends Base {
  kind: "String";
  value: string;
  /** The word after the opening ``` of a text block (`glsl`, `python`): for editors only. */
  language?: string;
}

/** `on` / `off`. */
export interface BooleanValue extends Base {
  kind: "Boolean";
  value: boolean;
}

/**
 * A bare name: a menu entry (`operand: add`) or a sibling operator (`top: level1`).
 * Which one depends on the parameter's style, so the checker decides.
 */
export interface NameValue extends Base {
  kind: "Name";
  name: string;
}

/** `(1280, 720)` or `1280x720` (form "x", whole numbers only). */
export interface TupleValue extends Base {
  kind: "Tuple";
  items: Value[];
  /** How it is written: "paren" (the default) or "x" (`1280x720`). */
  form?: "paren" | "x";
}

/** `#ff8800` or `#ff880080`. */
export interface ColorValue extends Base {
  kind: "Color";
  /** 6 or 8 lowercase hex digits, without the '#'. */
  hex: string;
}

/** An operator path: `../level1`, `/project1/out1`, `comp1/out1`; or a name in bind/export. */
export interface OperatorRef extends Base {
  kind: "OperatorRef";
  path: string;
}

/** `= absTime.seconds * 10`: a Python expression, kept as written (trimmed). */
export interface ExpressionValue extends Base {
  kind: "Expression";
  python: string;
}

/**
 * `bind Gain` (a control of an enclosing network) or `bind lfo1.Speed` (a parameter of an operator).
 */
export interface BindValue extends Base {
  kind: "Bind";
  operator: OperatorRef | null;
  parameter: Identifier;
}

/** `export lfo1.chan1`: the parameter follows a CHOP channel. */
export interface ExportValue extends Base {
  kind: "Export";
  operator: OperatorRef;
  channel: string;
}

/** `file("shaders/tunnel.glsl")`: text read from a file relative to this one. */
interface FileValue extends Base {
  kind: "File";
  path: StringValue;
}

/** `$gain`: a recipe parameter, replaced by its value when the recipe is expanded. */
interface RecipeParamRef extends Base {
  kind: "RecipeParamRef";
  name: string;
}

// ── wires ────────────────────────────────────────────────────────────────────

/**
 * `a -> b -> c[1]`: a chain of at least two endpoints. On the first endpoint an index is the
 * output; on any later endpoint it is the input (outputs of later endpoints are 0).
 * `wireEdges()` (grammar/wires.ts) expands a chain into single connections.
 */
export interface Wire extends Base {
  kind: "Wire";
  chain: WireEndpoint[];
}

export interface WireEndpoint extends Base {
  kind: "WireEndpoint";
  node: Identifier;
  /** The connector index in `[ ]`, null when not written (0). */
  index: number | null;
}

// ── layout ───────────────────────────────────────────────────────────────────

/** `layout { tunnel/noise1: (0, 200) }`: positions the artist pinned; everything else is computed. */
export interface LayoutBlock extends Base {
  kind: "LayoutBlock";
  entries: LayoutEntry[];
}

export interface LayoutEntry extends Base {
  kind: "LayoutEntry";
  /** The node's path from the file's top: `network/node` or `network/comp/node`. */
  path: string;
  x: number;
  y: number;
}

/** Every AST node type, for generic walkers. */
export type AstNode =
  | Program
  | VersionHeader
  | Import
  | Network
  | InnerNetwork
  | Recipe
  | ControlsBlock
  | ParamsBlock
  | Declaration
  | MenuEntry
  | NodeDecl
  | Param
  | Flag
  | Value
  | Wire
  | WireEndpoint
  | LayoutBlock
  | LayoutEntry
  | Identifier;
