/**
 * Types of the knowledge-base data files (kb/data/), as described by the shared data contract.
 * The generator (kb/generate/) writes them; nothing here changes them at run time.
 */

export const FAMILIES = ["TOP", "CHOP", "SOP", "POP", "DAT", "MAT", "COMP"] as const;
export type Family = (typeof FAMILIES)[number];

export type ParStyle =
  | "Float"
  | "Int"
  | "Toggle"
  | "Menu"
  | "StrMenu"
  | "Str"
  | "Pulse"
  | "Momentary"
  | "XY"
  | "XYZ"
  | "XYZW"
  | "RGB"
  | "RGBA"
  | "WH"
  | "UV"
  | "UVW"
  | "TOP"
  | "CHOP"
  | "SOP"
  | "POP"
  | "DAT"
  | "MAT"
  | "COMP"
  | "OBJ"
  | "OP"
  | "PanelCOMP"
  | "Object"
  | "File"
  | "Folder"
  | "Sequence"
  | "Header"
  | "Python"
  | "FileSave";

/** A scalar value as TouchDesigner stores it. */
export type ScalarValue = number | string | boolean;
/** A parameter value: a scalar, or one scalar per component for a tuplet. */
export type ParValue = ScalarValue | readonly ScalarValue[];
/** A default as stored in the data files (tuplets: one per component). */
export type DefaultValue = ScalarValue | ScalarValue[];

export type DefaultSource = "td-live" | "curated" | "dump";

export interface Param {
  /** Python name; for a tuplet, the tuplet name (`resolution`). */
  name: string;
  label: string | null;
  page: string | null;
  /** null = unknown. */
  style: ParStyle | null;
  /** Only for tuplets: the scalar Python names in order (`resolutionw`, `resolutionh`). */
  components?: string[];
  menuNames?: string[];
  menuLabels?: string[];
  /** Tuplets: one value per component. null = unknown. */
  default: DefaultValue | null;
  defaultSource: DefaultSource | null;
  /** Soft (slider) range; null = unknown. */
  min: number | null;
  max: number | null;
  /** true = hard limit at min/max; null = unknown. */
  clampMin: boolean | null;
  clampMax: boolean | null;
  readOnly?: true;
  isSequenceHeader?: true;
  sequence?: string;
  blockIndex?: number;
  groupMembers?: string[];
  inGroupOf?: string;
  /** The running build used a menu entry the docs do not list. */
  menuIncomplete?: true;
  styleSource?: string | null;
  rangeSource?: string;
  liveLabel?: string;
  onlyInOlderDocsSnapshot?: true;
  absentInLiveDump?: true;
  /** Values not backed by a fact (curated overlay, inferred menus): svc check only warns on them. */
  assumed?: AssumedField[];
  /**
   * Not in this operator's docs page: `family-common-page` (the family's common page),
   * `family-shared-page` (a page template the family shares, instancing), `family-shared-sequence`
   * (a GLSL sequence's blocks) or `real-build` (seen in real exports).
   */
  addedFrom?: string;
  /** Documented only in the older docs snapshot: the current parameter with its label, when there is one. */
  newerName?: string;
  /** The value a new operator has, where the build reports another default (empty file paths of some POPs). */
  creationValue?: ScalarValue;
  creationValueSource?: string;
  /** A menu's entries taken from the same parameter elsewhere in the family (`family`): assumed. */
  menuFrom?: string;
  /** A sequence header whose block template no fact gives (see SequenceDef.templateAssumed). */
  templateAssumed?: true;
}

/** A parameter value the kb assumes rather than knows. */
export type AssumedField = "style" | "default" | "range" | "menu";

/** One parameter of a sequence's block template: block 0's parameter and its name without `<prefix><index>`. */
export interface SequenceBlockParam {
  /** `name` in `vec0name`; `value` in `vec0value` (a tuplet). */
  suffix: string;
  /** The block-0 parameter in `params` that is the template (`vec0name`). */
  param: string;
  /** For a tuplet: each component's name without `<prefix><index>` (`valuex`, `valuey`...). */
  componentSuffixes?: string[];
}

/** Where a block count came from: a running build (`td-live`, `dump`) or an assumption. */
export type BlockCountSource = "td-live" | "dump" | "assumed";

/**
 * A parameter sequence: blocks of parameters repeated under one header (`vec`), named
 * `<name><index><suffix>` (`vec3name`). TouchDesigner's `Sequence`: `op.seq.vec.numBlocks`.
 */
export interface SequenceDef {
  /** The header parameter's name, also the block prefix and the Sequence's name. */
  name: string;
  label: string | null;
  page: string | null;
  blockParams: SequenceBlockParam[];
  /** Blocks a fresh operator has; null = unknown. */
  defaultBlocks: number | null;
  defaultBlocksSource: BlockCountSource | null;
  /** Limits on the block count; null = unknown (no fact source gives them). */
  minBlocks: number | null;
  maxBlocks: number | null;
  /** No fact gives the block template (it is borrowed from a sibling operator): svc check only warns about other names. */
  templateAssumed?: true;
}

export interface Inputs {
  /** Required inputs; null = unknown. */
  min: number | null;
  /** Connectable inputs; UNBOUNDED_INPUTS stands for "any number"; null = unknown. */
  max: number | null;
}

/** `inputs.max` of operators that take any number of inputs. */
export const UNBOUNDED_INPUTS = 9999;

export interface Operator {
  /** TouchDesigner's OPType, unique: `noiseTOP`. */
  type: string;
  family: Family;
  /** Docs title without the family: `Noise`. */
  label: string;
  summary: string | null;
  inputs: Inputs | null;
  inputsSource?: { min: string | null; max: string | null } | null;
  inputLabels?: (string | null)[] | null;
  outputs: number | null;
  outputsSource?: string | null;
  isGenerator: boolean | null;
  namespace?: string;
  pages: string[];
  /** In page order; a tuplet is one entry with `components`. */
  params: Param[];
  /** Parameter sequences; their block parameters of the listed blocks are also in `params`. */
  sequences?: SequenceDef[];
  /** Older type names (docs) that now name this type (the real build): accepted with a warning. */
  aliases?: string[];
  /** Operator-level values not backed by a fact: `inputs`, `outputs`. */
  assumed?: ("inputs" | "outputs")[];
}

export interface FamilyFile {
  family: Family;
  operators: Operator[];
}

export interface IndexEntry {
  type: string;
  family: Family;
  label: string;
  keywords: string[];
  namespace?: string;
  /** Among the most used operators (they carry a summary). */
  common?: true;
  /** Older names of the type. */
  aliases?: string[];
}

export interface IndexFile {
  version: number;
  operators: IndexEntry[];
}
