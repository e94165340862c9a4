/**
 * Merges a dump of a running TouchDesigner into knowledge-base operators. Where the dump speaks it wins;
 * what it does not mention is kept and flagged, never deleted.
 */
import {
  UNBOUNDED_INPUTS,
  type AssumedField,
  type Family,
  type IndexEntry,
  type Operator,
  type Param,
  type SequenceDef,
} from "../types.js";
import { paramsFromDump } from "./dump-params.js";
import type { Dump, DumpOperator } from "./dump-schema.js";

export interface ImportReport {
  build: string;
  operatorsInDump: number;
  operatorsAdded: string[];
  operatorsChanged: number;
  operatorsUnchanged: number;
  paramsAdded: number;
  paramsChanged: number;
  /** Known params the dump did not report for an operator it did dump. */
  paramsAbsentInDump: number;
  failures: { type: string; error: string }[];
}

// Fields a dump can speak for; everything else on a param (sequence, groups, flags) is kept from before.
const DUMP_FIELDS = [
  "label",
  "page",
  "style",
  "components",
  "menuNames",
  "menuLabels",
  "default",
  "defaultSource",
  "min",
  "max",
  "clampMin",
  "clampMax",
  "rangeSource",
  "styleSource",
  "readOnly",
] as const;

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function mergeParam(old: Param, fresh: Param): Param {
  const merged: Param = { ...old };
  for (const key of DUMP_FIELDS) {
    const value = fresh[key];
    if (value === undefined) {
      if (key === "components" || key === "menuNames" || key === "menuLabels" || key === "readOnly") delete merged[key];
      continue;
    }
    (merged as unknown as Record<string, unknown>)[key] = value;
  }
  if (old.label && fresh.label && old.label !== fresh.label) merged.liveLabel = fresh.label;
  delete merged.absentInLiveDump;
  delete merged.menuIncomplete;
  // What the running build reported is a fact now: it replaces the assumptions about it.
  const spoken: Record<AssumedField, boolean> = {
    style: fresh.style !== undefined && fresh.style !== null,
    default: fresh.defaultSource === "dump",
    range: fresh.rangeSource === "dump",
    menu: fresh.menuNames !== undefined,
  };
  const assumed = (old.assumed ?? []).filter((f) => !spoken[f]);
  if (assumed.length > 0) merged.assumed = assumed;
  else delete merged.assumed;
  return merged;
}

function mergeParams(
  old: readonly Param[],
  dumped: readonly DumpOperator["pars"][number][],
  counts: { added: number; changed: number; absent: number },
): Param[] {
  const fresh = paramsFromDump(dumped);
  const oldByName = new Map(old.map((p) => [p.name, p]));
  const freshScalars = new Set(fresh.flatMap((p) => p.components ?? [p.name]));
  const out: Param[] = [];
  for (const p of fresh) {
    const prior = oldByName.get(p.name);
    if (!prior) {
      counts.added++;
      out.push(p);
      continue;
    }
    const merged = mergeParam(prior, p);
    if (!same(merged, prior)) counts.changed++;
    out.push(merged);
  }
  const freshNames = new Set(fresh.map((p) => p.name));
  for (const p of old) {
    if (freshNames.has(p.name)) continue;
    // A param regrouped by the live build (scalars now inside a tuplet) is replaced, not kept twice.
    if ((p.components ?? [p.name]).some((n) => freshScalars.has(n))) continue;
    counts.absent += p.absentInLiveDump ? 0 : 1;
    out.push({ ...p, absentInLiveDump: true });
  }
  return out;
}

function mergeOperator(
  old: Operator | undefined,
  d: DumpOperator,
  counts: { added: number; changed: number; absent: number },
): Operator {
  const maxInputs = d.isMultiInputs ? UNBOUNDED_INPUTS : (d.maxInputs ?? d.inputConnectors ?? null);
  const minInputs = d.minInputs ?? null;
  const base: Operator = old ?? {
    type: d.type,
    family: d.family,
    label: d.label ?? d.type,
    summary: null,
    inputs: null,
    outputs: null,
    isGenerator: null,
    namespace: "main",
    pages: [],
    params: [],
  };
  const params = mergeParams(base.params, d.pars, counts);
  const sequences = sequencesFromDump(base.sequences, d.pars);
  const assumed = (base.assumed ?? []).filter((a) =>
    a === "inputs" ? minInputs === null && maxInputs === null : (d.outputConnectors ?? null) === null,
  );
  const pages: string[] = [];
  for (const p of params) if (p.page && !pages.includes(p.page)) pages.push(p.page);
  return {
    ...base,
    label: old?.label ?? d.label ?? d.type,
    inputs: minInputs === null && maxInputs === null ? base.inputs : { min: minInputs, max: maxInputs },
    inputsSource:
      minInputs === null && maxInputs === null
        ? (base.inputsSource ?? null)
        : { min: minInputs === null ? null : "dump", max: maxInputs === null ? null : "dump" },
    outputs: d.outputConnectors ?? base.outputs,
    outputsSource:
      d.outputConnectors === null || d.outputConnectors === undefined ? (base.outputsSource ?? null) : "dump",
    isGenerator: minInputs === null ? base.isGenerator : minInputs === 0,
    pages: pages.length ? pages : base.pages,
    params,
    ...(sequences === undefined ? {} : { sequences }),
    ...(assumed.length > 0 ? { assumed } : { assumed: undefined }),
  };
}

/** A fresh operator's block count per sequence is what the dump shows: its highest block + 1. */
function sequencesFromDump(
  sequences: readonly SequenceDef[] | undefined,
  pars: DumpOperator["pars"],
): SequenceDef[] | undefined {
  if (sequences === undefined) return undefined;
  return sequences.map((s) => {
    const blocks = pars
      .filter((p) => p.sequence === s.name && typeof p.blockIndex === "number")
      .map((p) => p.blockIndex as number);
    return blocks.length === 0
      ? s
      : { ...s, defaultBlocks: Math.max(...blocks) + 1, defaultBlocksSource: "dump" as const };
  });
}

export interface KbSnapshot {
  families: Record<Family, Operator[]>;
  index: IndexEntry[];
}

function keywordsFor(label: string, family: Family): string[] {
  const words: string[] = [...(label.toLowerCase().match(/[a-z0-9]+/g) ?? []), family.toLowerCase()];
  return [...new Set(words)];
}

/** Returns the merged knowledge base and what changed; the input is not modified. */
export function mergeDump(kb: KbSnapshot, dump: Dump): { kb: KbSnapshot; report: ImportReport } {
  const report: ImportReport = {
    build: dump.build,
    operatorsInDump: dump.operators.length,
    operatorsAdded: [],
    operatorsChanged: 0,
    operatorsUnchanged: 0,
    paramsAdded: 0,
    paramsChanged: 0,
    paramsAbsentInDump: 0,
    failures: dump.failures.map((f) => ({ type: f.type, error: f.error })),
  };
  const families = Object.fromEntries(
    Object.entries(kb.families).map(([f, ops]) => [f, new Map(ops.map((op) => [op.type, op]))]),
  ) as Record<Family, Map<string, Operator>>;
  const index = new Map(kb.index.map((e) => [e.type, e]));
  for (const d of dump.operators) {
    const old = families[d.family].get(d.type);
    const counts = { added: 0, changed: 0, absent: 0 };
    const merged = mergeOperator(old, d, counts);
    report.paramsAdded += counts.added;
    report.paramsChanged += counts.changed;
    report.paramsAbsentInDump += counts.absent;
    if (!old) {
      report.operatorsAdded.push(d.type);
      index.set(d.type, {
        type: d.type,
        family: d.family,
        label: merged.label,
        keywords: keywordsFor(merged.label, d.family),
      });
    } else if (same(old, merged)) report.operatorsUnchanged++;
    else report.operatorsChanged++;
    families[d.family].set(d.type, merged);
  }
  const out = Object.fromEntries(
    Object.entries(families).map(([f, ops]) => [f, [...ops.values()].sort((a, b) => cmp(a.type, b.type))]),
  ) as Record<Family, Operator[]>;
  return { kb: { families: out, index: [...index.values()].sort((a, b) => cmp(a.type, b.type)) }, report };
}

/** Code-point order, the order the generator (Python `sorted`) writes. */
function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
