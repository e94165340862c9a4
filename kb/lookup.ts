/**
 * Exact lookups: an operator by type or label, a family's operators, a parameter by scalar or tuplet
 * name, and tuplet resolution in both directions.
 */
import { indexEntries, loadFamily, loadOperator } from "./loader.js";
import { compactKey } from "./normalize.js";
import { matchSequenceName } from "./sequence-names.js";
import { FAMILIES, type Family, type IndexEntry, type Operator, type Param } from "./types.js";

/** Order used when a bare label ("noise") matches operators of several families. */
export const FAMILY_PRECEDENCE: readonly Family[] = FAMILIES;

interface LabelMaps {
  byType: Map<string, IndexEntry>;
  byAlias: Map<string, IndexEntry>;
  byLabelFamily: Map<string, IndexEntry>;
  byLabel: Map<string, IndexEntry[]>;
}

let maps: { source: readonly IndexEntry[]; value: LabelMaps } | undefined;

function labelMaps(): LabelMaps {
  const entries = indexEntries();
  if (maps?.source === entries) return maps.value;
  const value: LabelMaps = { byType: new Map(), byAlias: new Map(), byLabelFamily: new Map(), byLabel: new Map() };
  for (const e of entries) {
    value.byType.set(e.type.toLowerCase(), e);
    for (const alias of e.aliases ?? []) value.byAlias.set(alias, e);
    value.byLabelFamily.set(compactKey(e.label + e.family), e);
    const key = compactKey(e.label);
    const list = value.byLabel.get(key) ?? [];
    list.push(e);
    value.byLabel.set(key, list);
  }
  for (const list of value.byLabel.values()) {
    list.sort((a, b) => FAMILY_PRECEDENCE.indexOf(a.family) - FAMILY_PRECEDENCE.indexOf(b.family));
  }
  maps = { source: entries, value };
  return value;
}

export function isFamily(name: string): name is Family {
  return (FAMILIES as readonly string[]).includes(name);
}

/**
 * The index entry for a type ("noiseTOP"), a label with family ("Noise TOP") or a bare label ("noise"),
 * case-insensitive. A bare label shared by several families resolves to `family` when given, otherwise to
 * the first in FAMILY_PRECEDENCE; `findOperatorsByLabel` lists them all.
 */
export function findIndexEntry(name: string, family?: Family): IndexEntry | undefined {
  const m = labelMaps();
  const key = compactKey(name);
  const hit = m.byType.get(name.toLowerCase()) ?? m.byType.get(key) ?? m.byLabelFamily.get(key);
  if (hit) return family && hit.family !== family ? undefined : hit;
  const byLabel = m.byLabel.get(key) ?? [];
  return family ? byLabel.find((e) => e.family === family) : byLabel[0];
}

/** Every operator whose label matches, across families (in FAMILY_PRECEDENCE order). */
export function findOperatorsByLabel(label: string): IndexEntry[] {
  return [...(labelMaps().byLabel.get(compactKey(label)) ?? [])];
}

/** The full operator entry (reads its family file on first use). */
export function getOperator(name: string, family?: Family): Operator | undefined {
  const entry = findIndexEntry(name, family);
  return entry ? loadOperator(entry.family, entry.type) : undefined;
}

/** Operator by exact type only ("noiseTOP"), the form a compiled network uses. */
export function getOperatorByType(type: string): Operator | undefined {
  const entry = labelMaps().byType.get(type.toLowerCase());
  return entry && entry.type === type ? loadOperator(entry.family, type) : undefined;
}

/**
 * The type an older name now denotes (`freedCHOP` → `freedinCHOP`: the docs' name and the real
 * build's), exact and case-sensitive; undefined when `type` is no alias.
 */
export function typeForAlias(type: string): string | undefined {
  return labelMaps().byAlias.get(type)?.type;
}

export function listFamily(family: Family): Operator[] {
  return [...loadFamily(family).values()];
}

export function listFamilyEntries(family: Family): IndexEntry[] {
  return indexEntries().filter((e) => e.family === family);
}

export function allOperatorEntries(): readonly IndexEntry[] {
  return indexEntries();
}

/** A parameter found by name; `component` is the index within a tuplet when a scalar component name was used. */
export interface ParamRef {
  param: Param;
  /** Index of the component for a tuplet's scalar name (`resolutionh` → 1); null for the tuplet or a plain param. */
  component: number | null;
}

const paramMaps = new WeakMap<Operator, Map<string, ParamRef>>();

function paramMap(op: Operator): Map<string, ParamRef> {
  let map = paramMaps.get(op);
  if (!map) {
    map = new Map();
    for (const param of op.params) {
      param.components?.forEach((c, i) => map!.set(c, { param, component: i }));
    }
    // Plain params win over tuplet names of the same spelling: they are real scalar Pars.
    for (const param of op.params) if (!param.components) map.set(param.name, { param, component: null });
    for (const param of op.params)
      if (param.components && !map.has(param.name)) map.set(param.name, { param, component: null });
    paramMaps.set(op, map);
  }
  return map;
}

function resolveOp(op: Operator | string): Operator | undefined {
  return typeof op === "string" ? getOperator(op) : op;
}

/**
 * A parameter by its scalar Python name (`resolutionw`), plain name (`period`) or tuplet name
 * (`resolution`); a sequence block parameter of any block (`vec3name`, `vec3valuex`) too.
 */
export function getParam(op: Operator | string, name: string): ParamRef | undefined {
  const operator = resolveOp(op);
  if (!operator) return undefined;
  const listed = paramMap(operator).get(name);
  if (listed !== undefined) return listed;
  const block = matchSequenceName(operator, name);
  return block?.kind === "block" ? { param: block.param, component: block.component } : undefined;
}

/** Every scalar Python name the operator exposes, in page order. */
export function scalarNames(op: Operator | string): string[] {
  const operator = resolveOp(op);
  if (!operator) return [];
  return operator.params.flatMap((p) => p.components ?? [p.name]);
}

export interface TupletRef {
  tuplet: string;
  components: string[];
  /** Which component a scalar name denotes; null when the tuplet name itself was given. */
  index: number | null;
}

/** `resolution` → its components; `resolutionh` → tuplet `resolution`, index 1. undefined for non-tuplets. */
export function resolveTuplet(op: Operator | string, name: string): TupletRef | undefined {
  const ref = getParam(op, name);
  if (!ref?.param.components) return undefined;
  return { tuplet: ref.param.name, components: [...ref.param.components], index: ref.component };
}
