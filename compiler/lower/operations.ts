/**
 * The operation IR: the ordered steps that build a compiled network in TouchDesigner.
 *
 * It is svc's own typed list, independent of any wire format; `batch-json.ts` maps it to the
 * bridge's `/api/batch` request. Every operation addresses its operator by absolute path and
 * carries the source `origin` it came from, so an error the live environment reports for an
 * operation can be shown at the line that produced it.
 */
import type { Origin } from "../model.js";

/** A constant a parameter can hold. Tuplets are lowered to one operation per scalar component. */
export type ConstantValue = number | string | boolean;

/** A flag TouchDesigner keeps on an operator. */
export type OperatorFlag = "display" | "render" | "viewer" | "bypass" | "lock";

/** The styles a custom parameter is created with (TouchDesigner's `appendFloat`, `appendMenu`...). */
export type CustomParamStyle =
  | "Float"
  | "Int"
  | "Toggle"
  | "Pulse"
  | "Str"
  | "Menu"
  | "RGB"
  | "RGBA"
  | "XY"
  | "XYZ"
  | "XYZW"
  | "WH"
  | "UV"
  | "UVW"
  | "TOP"
  | "CHOP"
  | "SOP"
  | "DAT"
  | "MAT"
  | "COMP"
  | "OP"
  | "File"
  | "Folder";

export interface CustomParamSpec {
  /** The tuplet name (`Color`); TouchDesigner adds component suffixes (`Colorr`...). */
  name: string;
  style: CustomParamStyle;
  label: string;
  /** Help text (Par.help); absent when none. */
  help?: string;
  /** One value per component for multi-component styles. */
  default?: ConstantValue | ConstantValue[];
  min?: number;
  max?: number;
  /** Values outside min..max are refused, not only off the slider. */
  clamp?: boolean;
  menuNames?: string[];
  menuLabels?: string[];
}

interface Base {
  /** Absolute path of the operator the operation acts on. */
  path: string;
  origin: Origin;
}

/**
 * Create `type` named `name` inside the COMP `parent` (`path` = parent + "/" + name), with its
 * tags. The tags always include `svc`, the ownership mark, so no node svc makes is ever unmarked.
 */
interface CreateOp extends Base {
  kind: "create";
  parent: string;
  name: string;
  type: string;
  tags: string[];
  /** The node's previous name (`was:`), so a plan renames the live node rather than replacing it. */
  renamedFrom?: string;
}
/** Set a scalar parameter to a constant. */
interface SetParamOp extends Base {
  kind: "set-param";
  param: string;
  value: ConstantValue;
}
/** Put a scalar parameter in expression mode. */
interface SetExpressionOp extends Base {
  kind: "set-expression";
  param: string;
  expression: string;
}
/** Put a scalar parameter in bind mode (`expression` is the bind expression, e.g. `parent().par.Zoom`). */
interface SetBindOp extends Base {
  kind: "set-bind";
  param: string;
  expression: string;
}
/** Export a CHOP channel onto a scalar parameter. `chop` is the CHOP's absolute path. */
interface SetExportOp extends Base {
  kind: "set-export";
  param: string;
  chop: string;
  channel: string;
}
/** Replace a DAT's text. */
interface SetTextOp extends Base {
  kind: "set-text";
  text: string;
  /** The file the text was read from with file("..."), when it was (origin is then the `text:` entry). */
  textFile?: string;
}
/** Wire output `fromIndex` of `path` to input `toIndex` of `to`. */
interface ConnectOp extends Base {
  kind: "connect";
  fromIndex: number;
  to: string;
  toIndex: number;
}
/** Set the listed flags; flags not listed are left as they are. */
interface SetFlagsOp extends Base {
  kind: "set-flags";
  flags: Partial<Record<OperatorFlag, boolean>>;
}
/** Append a custom parameter page with its parameters to a COMP. */
interface AddCustomPageOp extends Base {
  kind: "add-custom-page";
  page: string;
  params: CustomParamSpec[];
}
/** Place the node in the network editor (TouchDesigner units, Y grows upward). */
export interface SetPositionOp extends Base {
  kind: "set-position";
  x: number;
  y: number;
}
interface SetCommentOp extends Base {
  kind: "set-comment";
  comment: string;
}
/** Node colour, components 0..1. */
interface SetColorOp extends Base {
  kind: "set-color";
  color: [number, number, number];
}
/** Replace the operator's tags (always includes `svc`); for changing an existing node (lowering puts tags in `create`). */
interface SetTagsOp extends Base {
  kind: "set-tags";
  tags: string[];
}
/** Store svc's record of what it applied, inside the network COMP (travels with the .toe). */
interface StoreMetadataOp extends Base {
  kind: "store-metadata";
  key: string;
  value: unknown;
}

export type Operation =
  | CreateOp
  | SetParamOp
  | SetExpressionOp
  | SetBindOp
  | SetExportOp
  | SetTextOp
  | ConnectOp
  | SetFlagsOp
  | AddCustomPageOp
  | SetPositionOp
  | SetCommentOp
  | SetColorOp
  | SetTagsOp
  | StoreMetadataOp;

export type OperationKind = Operation["kind"];

/**
 * The phase each kind runs in; lowering emits phases in this order so that parents exist before
 * children, custom parameters before the binds that read them, nodes before wires, and the
 * record of what was applied last.
 */
export const PHASE_OF: Record<OperationKind, number> = {
  create: 0,
  "add-custom-page": 1,
  "set-param": 2,
  "set-expression": 2,
  "set-bind": 2,
  "set-export": 2,
  "set-text": 2,
  connect: 3,
  "set-flags": 4,
  "set-comment": 5,
  "set-color": 5,
  "set-tags": 5,
  "set-position": 6,
  "store-metadata": 7,
};

/** The ownership tag every node svc creates carries. */
export const OWNER_TAG = "svc";
