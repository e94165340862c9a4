/**
 * The JSON written by kb/dump/td_dump_operators.py inside a running TouchDesigner (format "svc-td-dump").
 * Validated with zod so a damaged or foreign file yields a readable message, not a crash.
 */
import { z } from "zod";

const scalar = z.union([z.number(), z.string(), z.boolean()]);

const dumpParSchema = z.object({
  name: z.string().min(1),
  label: z.string().nullable().optional(),
  page: z.string().nullable().optional(),
  style: z.string().nullable().optional(),
  default: scalar.nullable().optional(),
  menuNames: z.array(z.string()).nullable().optional(),
  menuLabels: z.array(z.string()).nullable().optional(),
  min: z.number().nullable().optional(),
  max: z.number().nullable().optional(),
  clampMin: z.boolean().nullable().optional(),
  clampMax: z.boolean().nullable().optional(),
  /** Name of the tuplet (ParGroup) when it has more than one component. */
  tupletName: z.string().nullable().optional(),
  vecIndex: z.number().int().nullable().optional(),
  readOnly: z.boolean().nullable().optional(),
  sequence: z.string().nullable().optional(),
  blockIndex: z.number().int().nullable().optional(),
});
export type DumpPar = z.infer<typeof dumpParSchema>;

const dumpOperatorSchema = z.object({
  type: z.string().min(1),
  family: z.enum(["TOP", "CHOP", "SOP", "POP", "DAT", "MAT", "COMP"]),
  label: z.string().nullable().optional(),
  minInputs: z.number().int().nullable().optional(),
  maxInputs: z.number().int().nullable().optional(),
  isMultiInputs: z.boolean().nullable().optional(),
  isFilter: z.boolean().nullable().optional(),
  inputConnectors: z.number().int().nullable().optional(),
  outputConnectors: z.number().int().nullable().optional(),
  pars: z.array(dumpParSchema),
});
export type DumpOperator = z.infer<typeof dumpOperatorSchema>;

const dumpSchema = z.object({
  format: z.literal("svc-td-dump"),
  version: z.literal(1),
  /** e.g. "2025.33070" */
  build: z.string().min(1),
  createdBy: z.string().optional(),
  operators: z.array(dumpOperatorSchema),
  /** Types that could not be created or read, with the reason. */
  failures: z
    .array(z.object({ type: z.string(), family: z.string().nullable().optional(), error: z.string() }))
    .default([]),
});
export type Dump = z.infer<typeof dumpSchema>;

/** Parses dump text; returns the problems (path: message) instead of throwing. */
export function parseDump(text: string): { ok: true; dump: Dump } | { ok: false; problems: string[] } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    return { ok: false, problems: [`not JSON: ${(err as Error).message}`] };
  }
  const result = dumpSchema.safeParse(raw);
  if (result.success) return { ok: true, dump: result.data };
  return {
    ok: false,
    problems: result.error.issues.slice(0, 10).map((i) => `${i.path.join(".") || "(top)"}: ${i.message}`),
  };
}
