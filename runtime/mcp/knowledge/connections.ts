/**
 * How an operator connects: its wired inputs and outputs, the parameters through which it reads
 * operators of other families (a CHOP To TOP reads a CHOP by reference, not by wire), and the
 * operators of other families that can read it the same way.
 */
import { FAMILIES, type Family, type Operator, type ParStyle } from "../../../kb/types.js";
import type { Kb } from "./kb-access.js";

/** Parameter styles that hold an operator reference, and the family the referenced operator has. */
const REFERENCE_STYLES: Partial<Record<ParStyle, Family | "any">> = {
  TOP: "TOP",
  CHOP: "CHOP",
  SOP: "SOP",
  POP: "POP",
  DAT: "DAT",
  MAT: "MAT",
  COMP: "COMP",
  OBJ: "COMP",
  PanelCOMP: "COMP",
  OP: "any",
};

export interface Connections {
  type: string;
  family: Family;
  inputs: { min: number | null; max: number | "any" | null; labels: (string | null)[] } | null;
  outputs: number | null;
  /** How wires work for this operator, in one sentence. */
  wiring: string;
  /** Families its wired inputs accept and its outputs feed; empty for components (see wiring). */
  wireFamilies: Family[];
  /** Its parameters that name another operator. */
  reads: { parameter: string; label: string | null; family: Family | "any" }[];
  /** Operators of other families with a parameter that can name an operator of this family. */
  readBy: { family: Family; operators: string[]; total: number }[];
}

const READ_BY_LIMIT = 25;

function wiringSentence(op: Operator): string {
  if (op.family === "COMP") {
    return "A component's input and output connectors come from the In and Out operators inside it: one connector per In or Out operator, of that operator's family.";
  }
  if (op.outputs === 0)
    return `${op.type} has no wired output; other operators use it by reference (a parameter naming it).`;
  return `Wires connect ${op.family}s to ${op.family}s only; other families reach it through reference parameters.`;
}

function referenceFamily(style: ParStyle | null): Family | "any" | undefined {
  return style ? REFERENCE_STYLES[style] : undefined;
}

/** Reads every family file once: a few megabytes of JSON, so only this resource pays for it. */
function readersOf(kb: Kb, family: Family, self: string): Connections["readBy"] {
  const out: Connections["readBy"] = [];
  for (const other of FAMILIES) {
    if (other === family) continue;
    const operators = kb
      .listFamily(other)
      .filter((op) => op.type !== self && op.params.some((p) => referenceFamily(p.style) === family))
      .map((op) => op.type)
      .sort();
    if (operators.length)
      out.push({ family: other, operators: operators.slice(0, READ_BY_LIMIT), total: operators.length });
  }
  return out;
}

export function connectionsOf(kb: Kb, op: Operator): Connections {
  const reads: Connections["reads"] = [];
  for (const p of op.params) {
    const family = referenceFamily(p.style);
    if (family) reads.push({ parameter: p.name, label: p.label, family });
  }
  const inputs = op.inputs
    ? {
        min: op.inputs.min,
        max: op.inputs.max === kb.UNBOUNDED_INPUTS ? ("any" as const) : op.inputs.max,
        labels: [...(op.inputLabels ?? [])],
      }
    : null;
  return {
    type: op.type,
    family: op.family,
    inputs,
    outputs: op.outputs,
    wiring: wiringSentence(op),
    wireFamilies: op.family === "COMP" ? [] : [op.family],
    reads,
    readBy: readersOf(kb, op.family, op.type),
  };
}
