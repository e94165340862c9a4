/** Turns the flat Par list of a dump into knowledge-base Params: one entry per tuplet, like the generated data. */
import type { DefaultValue, Param, ParStyle, ScalarValue } from "../types.js";
import type { DumpPar } from "./dump-schema.js";

// Only numeric parameters have a meaningful slider range; TD reports 0..1 for the others.
const NUMERIC_STYLES = new Set(["Float", "Int", "XY", "XYZ", "XYZW", "RGB", "RGBA", "WH", "UV", "UVW"]);

function scalarParam(p: DumpPar): Param {
  const numeric = NUMERIC_STYLES.has(p.style ?? "");
  const param: Param = {
    name: p.name,
    label: p.label ?? null,
    page: p.page ?? null,
    style: (p.style ?? null) as ParStyle | null,
    default: p.default ?? null,
    defaultSource: p.default === undefined || p.default === null ? null : "dump",
    min: numeric ? (p.min ?? null) : null,
    max: numeric ? (p.max ?? null) : null,
    clampMin: numeric ? (p.clampMin ?? null) : null,
    clampMax: numeric ? (p.clampMax ?? null) : null,
    styleSource: "dump",
  };
  if (p.menuNames && p.menuNames.length) {
    param.menuNames = [...p.menuNames];
    param.menuLabels =
      p.menuLabels && p.menuLabels.length === p.menuNames.length ? [...p.menuLabels] : [...p.menuNames];
  }
  if (numeric) param.rangeSource = "dump";
  if (p.readOnly) param.readOnly = true;
  if (p.sequence) {
    param.sequence = p.sequence;
    if (p.blockIndex !== null && p.blockIndex !== undefined) param.blockIndex = p.blockIndex;
  }
  return param;
}

/** Consecutive pars sharing a tupletName become one tuplet Param named after it. */
export function paramsFromDump(pars: readonly DumpPar[]): Param[] {
  const out: Param[] = [];
  let i = 0;
  while (i < pars.length) {
    const first = pars[i]!;
    const tuplet = first.tupletName;
    if (!tuplet || tuplet === first.name) {
      out.push(scalarParam(first));
      i++;
      continue;
    }
    const members: DumpPar[] = [];
    while (i < pars.length && pars[i]!.tupletName === tuplet) members.push(pars[i++]!);
    const param = scalarParam({ ...first, name: tuplet });
    param.components = members.map((m) => m.name);
    const defaults = members.map((m) => m.default);
    const allKnown = defaults.every((d): d is ScalarValue => d !== null && d !== undefined);
    param.default = allKnown ? (defaults as DefaultValue) : null;
    param.defaultSource = allKnown ? "dump" : null;
    out.push(param);
  }
  return out;
}
