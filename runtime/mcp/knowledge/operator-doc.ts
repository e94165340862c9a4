/**
 * An operator's reference as svc serves it (get_td_docs and svc://operators/{name}): identity,
 * inputs and outputs, and every parameter with its style, default, range and menu. Unknown facts
 * are left out or null, never guessed.
 */
import { z } from "zod";
import type { Operator, Param } from "../../../kb/types.js";
import type { Kb } from "./kb-access.js";

const scalar = z.union([z.number(), z.string(), z.boolean()]);

const paramDocSchema = z.object({
  name: z.string(),
  label: z.string().nullable(),
  page: z.string().nullable(),
  style: z.string().nullable(),
  components: z.array(z.string()).optional(),
  default: z.union([scalar, z.array(scalar)]).nullable(),
  min: z.number().optional(),
  max: z.number().optional(),
  clampMin: z.boolean().optional(),
  clampMax: z.boolean().optional(),
  menu: z
    .object({
      names: z.array(z.string()),
      labels: z.array(z.string()),
      /** StrMenu parameters take any text; the entries are suggestions. */
      acceptsOtherText: z.boolean(),
      /** The running build used an entry the docs do not list. */
      incomplete: z.boolean(),
    })
    .optional(),
  readOnly: z.boolean().optional(),
});
type ParamDoc = z.infer<typeof paramDocSchema>;

export const operatorDocSchema = z.object({
  type: z.string(),
  family: z.string(),
  label: z.string(),
  summary: z.string().nullable(),
  inputs: z.object({ min: z.number().nullable(), max: z.union([z.number(), z.literal("any")]).nullable() }).nullable(),
  inputLabels: z.array(z.string().nullable()).optional(),
  outputs: z.number().nullable(),
  isGenerator: z.boolean().nullable(),
  pages: z.array(z.string()),
  pythonClass: z.object({ name: z.string(), inherits: z.array(z.string()) }).nullable(),
  /** How many parameters the operator has, before any filter. */
  paramCount: z.number(),
  params: z.array(paramDocSchema),
});
export type OperatorDoc = z.infer<typeof operatorDocSchema>;

function paramDoc(p: Param): ParamDoc {
  const doc: ParamDoc = { name: p.name, label: p.label, page: p.page, style: p.style, default: p.default };
  if (p.components) doc.components = [...p.components];
  if (p.min !== null) doc.min = p.min;
  if (p.max !== null) doc.max = p.max;
  if (p.clampMin !== null) doc.clampMin = p.clampMin;
  if (p.clampMax !== null) doc.clampMax = p.clampMax;
  if (p.menuNames) {
    doc.menu = {
      names: [...p.menuNames],
      labels: [...(p.menuLabels ?? p.menuNames)],
      acceptsOtherText: p.style === "StrMenu",
      incomplete: p.menuIncomplete === true,
    };
  }
  if (p.readOnly) doc.readOnly = true;
  return doc;
}

export interface ParamFilter {
  /** Only parameters on this page (case-insensitive). */
  page?: string;
  /** Only parameters whose name, component name or label contains this text (case-insensitive). */
  match?: string;
}

function keep(p: Param, filter: ParamFilter): boolean {
  if (filter.page && p.page?.toLowerCase() !== filter.page.toLowerCase()) return false;
  if (filter.match) {
    const needle = filter.match.toLowerCase();
    const names = [p.name, ...(p.components ?? []), p.label ?? ""];
    if (!names.some((n) => n.toLowerCase().includes(needle))) return false;
  }
  return true;
}

export function operatorDoc(kb: Kb, op: Operator, filter: ParamFilter = {}): OperatorDoc {
  const cls = kb.getPythonClass(op.type);
  const inputs = op.inputs
    ? { min: op.inputs.min, max: op.inputs.max === kb.UNBOUNDED_INPUTS ? ("any" as const) : op.inputs.max }
    : null;
  const doc: OperatorDoc = {
    type: op.type,
    family: op.family,
    label: op.label,
    summary: op.summary,
    inputs,
    outputs: op.outputs,
    isGenerator: op.isGenerator,
    pages: [...op.pages],
    pythonClass: cls ? { name: cls.name, inherits: [...cls.inherits] } : null,
    paramCount: op.params.length,
    params: op.params.filter((p) => keep(p, filter)).map(paramDoc),
  };
  if (op.inputLabels && op.inputLabels.some((l) => l !== null)) doc.inputLabels = [...op.inputLabels];
  return doc;
}

/** One line for people: "noiseTOP (Noise, TOP): 0–1 inputs, 1 output, 42 parameters". */
/** One line a parameter: name, label, style, page, default, range and menu entries (for clients that read text only). */
function paramLine(p: ParamDoc): string {
  const parts = [
    p.style ?? "style unknown",
    p.page ? `page ${p.page}` : undefined,
    p.default === null ? undefined : `default ${JSON.stringify(p.default)}`,
  ];
  if (p.min !== undefined || p.max !== undefined) parts.push(`range ${p.min ?? "…"} to ${p.max ?? "…"}`);
  if (p.menu) parts.push(`menu ${p.menu.names.slice(0, 12).join("|")}${p.menu.names.length > 12 ? "|…" : ""}`);
  if (p.readOnly) parts.push("read-only");
  return `- ${p.name}${p.label ? ` (${p.label})` : ""}: ${parts.filter(Boolean).join(", ")}`;
}

/** The summary line, then every parameter shown, one a line. */
export function operatorText(doc: OperatorDoc): string {
  return [operatorLine(doc), ...doc.params.map(paramLine)].join("\n");
}

function operatorLine(doc: OperatorDoc): string {
  const ins = doc.inputs ? `${doc.inputs.min ?? "?"}–${doc.inputs.max ?? "?"} inputs` : "inputs unknown";
  const outs = doc.outputs === null ? "outputs unknown" : `${doc.outputs} output${doc.outputs === 1 ? "" : "s"}`;
  const shown =
    doc.params.length === doc.paramCount
      ? `${doc.paramCount} parameters`
      : `${doc.params.length} of ${doc.paramCount} parameters`;
  return (
    `${doc.type} (${doc.label}, ${doc.family}): ${ins}, ${outs}, ${shown}` + (doc.summary ? `. ${doc.summary}` : "")
  );
}
