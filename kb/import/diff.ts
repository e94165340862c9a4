/**
 * What a running build's operator dump says differently from the knowledge base: types the build lacks
 * or adds, and per type the parameters it lacks or adds and the styles, defaults and menus where both
 * sides know a value and they differ. A value only one side knows (the kb's unknown default, a style
 * the build does not report) is not a difference: `svc kb sync --live` fills those in.
 */
import type { Operator, Param } from "../types.js";
import type { Dump } from "./dump-schema.js";
import { paramsFromDump } from "./dump-params.js";

interface ValueDifference {
  param: string;
  kb: unknown;
  build: unknown;
}

interface TypeDifference {
  type: string;
  family: string;
  missingParams: string[];
  extraParams: string[];
  styles: ValueDifference[];
  defaults: ValueDifference[];
  menus: ValueDifference[];
}

export interface KbDiff {
  build: string;
  typesInBuild: number;
  typesInKb: number;
  /** kb types the build does not list (neither read nor failed). */
  missingTypes: string[];
  /** types the build lists that the kb does not know. */
  extraTypes: string[];
  /** types the build listed but could not make. */
  failedTypes: string[];
  types: TypeDifference[];
}

const known = (v: unknown) => v !== null && v !== undefined;

/** Equal where both know the value: a tuplet component one side does not know is not a difference. */
function sameValue(a: unknown, b: unknown): boolean {
  if (typeof a === "number" && typeof b === "number") return Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(a));
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((v, i) => !known(v) || !known(b[i]) || sameValue(v, b[i]));
  return JSON.stringify(a) === JSON.stringify(b);
}

/** A parameter of a sequence block after the first: how many blocks a fresh operator has is not the kb's to list. */
const laterBlock = (p: Param) => Boolean(p.sequence) && (p.blockIndex ?? 0) > 0;

function diffParams(kbParams: readonly Param[], fresh: readonly Param[], out: TypeDifference): void {
  const kbByName = new Map(kbParams.map((p) => [p.name, p]));
  const freshNames = new Set(fresh.map((p) => p.name));
  const freshScalars = new Set(fresh.flatMap((p) => p.components ?? [p.name]));
  for (const p of fresh) {
    const k = kbByName.get(p.name);
    if (!k) {
      if (!laterBlock(p)) out.extraParams.push(p.name);
      continue;
    }
    if (known(k.style) && known(p.style) && k.style !== p.style)
      out.styles.push({ param: p.name, kb: k.style, build: p.style });
    if (known(k.default) && known(p.default) && !sameValue(k.default, p.default))
      out.defaults.push({ param: p.name, kb: k.default, build: p.default });
    if (k.menuNames && p.menuNames && !sameValue(k.menuNames, p.menuNames))
      out.menus.push({ param: p.name, kb: k.menuNames, build: p.menuNames });
  }
  for (const k of kbParams) {
    if (freshNames.has(k.name) || k.onlyInOlderDocsSnapshot || laterBlock(k)) continue;
    if ((k.components ?? [k.name]).some((n) => freshScalars.has(n))) continue;
    out.missingParams.push(k.name);
  }
}

export function diffDump(
  dump: Dump,
  kbTypes: readonly string[],
  operator: (type: string) => Operator | undefined,
): KbDiff {
  const listed = new Set([...dump.operators.map((o) => o.type), ...dump.failures.map((f) => f.type)]);
  const kbSet = new Set(kbTypes);
  const types: TypeDifference[] = [];
  for (const d of dump.operators) {
    const k = operator(d.type);
    if (!k) continue;
    const out: TypeDifference = {
      type: d.type,
      family: d.family,
      missingParams: [],
      extraParams: [],
      styles: [],
      defaults: [],
      menus: [],
    };
    diffParams(k.params, paramsFromDump(d.pars), out);
    if (out.missingParams.length + out.extraParams.length + out.styles.length + out.defaults.length + out.menus.length)
      types.push(out);
  }
  return {
    build: dump.build,
    typesInBuild: listed.size,
    typesInKb: kbSet.size,
    missingTypes: kbTypes.filter((t) => !listed.has(t)).sort(),
    extraTypes: [...listed].filter((t) => !kbSet.has(t)).sort(),
    failedTypes: dump.failures.map((f) => f.type).sort(),
    types,
  };
}
