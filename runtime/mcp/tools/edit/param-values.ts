/**
 * A parameter value given as JSON becomes the `.svcnet` value an artist would write, spelled by
 * the parameter's style from the knowledge base: a menu entry or a sibling operator as a bare
 * name, a tuplet as a tuple, `#ff8800` as a colour, and the object forms as expression, bind or
 * export. The compiler then checks it like any source (ranges, menus, references).
 */
import { getParam } from "../../../../kb/index.js";
import { NO_RANGE } from "../../../../diagnostics/source-range.js";
import type * as A from "../../../../grammar/ast.js";
import { EditRefusal } from "./refusal.js";

type Scalar = number | boolean | string;
export type ParamInput = Scalar | Scalar[] | { expression: string } | { bind: string } | { export: string };

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
const COLOUR = /^#([0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;
/** A relative or absolute operator path: ../level1, /project1/out1, comp1/out1. */
const OP_PATH = /^(?:\.\.?\/)*(?:\/)?[A-Za-z_][A-Za-z0-9_]*(?:\/[A-Za-z_][A-Za-z0-9_]*)*$/;
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

const r = NO_RANGE;

function invalid(name: string, why: string): EditRefusal {
  return new EditRefusal("invalid-value", `parameter '${name}': ${why}`);
}

function styleOf(type: string, name: string): string | null {
  return getParam(type, name)?.param.style ?? null;
}

function scalarValue(name: string, v: Scalar, style: string | null): A.Value {
  if (typeof v === "boolean") return { kind: "Boolean", value: v, range: r };
  if (typeof v === "number") {
    if (!Number.isFinite(v)) throw invalid(name, "numbers must be finite");
    return style === "Toggle" ? { kind: "Boolean", value: v !== 0, range: r } : { kind: "Number", value: v, range: r };
  }
  if (style === "Toggle" && /^(on|off|true|false)$/i.test(v))
    return { kind: "Boolean", value: /^(on|true)$/i.test(v), range: r };
  if (COLOUR.test(v)) return { kind: "Color", hex: v.slice(1).toLowerCase(), range: r };
  if ((style === "Menu" || style === "StrMenu") && IDENTIFIER.test(v)) return { kind: "Name", name: v, range: r };
  if (style !== null && REFERENCE_STYLES.has(style) && v !== "") {
    if (IDENTIFIER.test(v)) return { kind: "Name", name: v, range: r };
    if (OP_PATH.test(v)) return { kind: "OperatorRef", path: v, range: r };
  }
  return { kind: "String", value: v, range: r };
}

/** `Gain` or `lfo1.Speed` (`../ctrl.Speed`): a control, or an operator's parameter. */
function bindValue(name: string, text: string): A.BindValue {
  const m = /^(?:(.+)\.)?([A-Za-z_][A-Za-z0-9_]*)$/.exec(text.trim());
  if (!m || (m[1] !== undefined && !OP_PATH.test(m[1])))
    throw invalid(name, `bind '${text}' is neither a control name (Gain) nor operator.Parameter (lfo1.Speed)`);
  return {
    kind: "Bind",
    operator: m[1] === undefined ? null : { kind: "OperatorRef", path: m[1], range: r },
    parameter: { kind: "Identifier", name: m[2]!, range: r },
    range: r,
  };
}

/** `lfo1.chan1`: the operator up to the first dot after its path, the channel after it. */
function exportValue(name: string, text: string): A.ExportValue {
  const m = /^((?:\.\.?\/)*\/?[A-Za-z_][A-Za-z0-9_]*(?:\/[A-Za-z_][A-Za-z0-9_]*)*)\.(.+)$/.exec(text.trim());
  if (!m) throw invalid(name, `export '${text}' must be operator.channel, e.g. lfo1.chan1`);
  return { kind: "Export", operator: { kind: "OperatorRef", path: m[1]!, range: r }, channel: m[2]!, range: r };
}

export function toValue(type: string, name: string, input: ParamInput): A.Value {
  if (Array.isArray(input)) {
    const style = styleOf(type, name);
    return {
      kind: "Tuple",
      items: input.map((item) =>
        scalarValue(name, item, style === "Toggle" ? "Toggle" : style === "Menu" ? null : style),
      ),
      form: "paren",
      range: r,
    };
  }
  if (typeof input === "object") {
    if ("expression" in input) {
      const python = input.expression.trim();
      if (/[\r\n]/.test(python))
        throw invalid(name, "an expression is one line of Python; longer code belongs in a Text DAT");
      return { kind: "Expression", python, range: r };
    }
    if ("bind" in input) return bindValue(name, input.bind);
    return exportValue(name, input.export);
  }
  return scalarValue(name, input, styleOf(type, name));
}
