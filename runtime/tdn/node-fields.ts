/**
 * A TDN operator's colour and flags. Colours: `.svcnet` writes `#rrggbb`, so a component is kept to
 * 1/255 (reported when that changes it). Flags: the five `.svcnet` flags; `expose` and
 * `allowCooking` have no `.svcnet` meaning.
 */
import { BOOLEAN_FLAGS } from "../../grammar/ast.js";
import { hexColour, type NodeState } from "../engine/index.js";
import { kindOf, type TdnValue } from "./document.js";
import { where, type FieldPath, type FileContext } from "./context.js";

/** The specification's default node colour, and its tolerance per channel. */
const TDN_DEFAULT_COLOUR = [0.545, 0.545, 0.545];
const COLOUR_TOLERANCE = 0.01;

function isTdnDefaultColour(c: readonly number[]): boolean {
  return c.every((x, i) => Math.abs(x - TDN_DEFAULT_COLOUR[i]!) <= COLOUR_TOLERANCE);
}

/** A colour channel as `.svcnet` keeps it, rounded to 4 decimals as TDN writes colours. */
export function channel(x: number): number {
  return Number((Math.round(Math.min(1, Math.max(0, x)) * 255) / 255).toFixed(4));
}

export function readColour(node: NodeState, v: TdnValue, path: FieldPath, ctx: FileContext): void {
  if (!(Array.isArray(v) && v.length === 3 && v.every((x) => typeof x === "number"))) {
    ctx.report.add("tdn-field-type", where(ctx, path), { expected: "[r, g, b]", actual: kindOf(v) });
    return;
  }
  const rgb = v as [number, number, number];
  if (isTdnDefaultColour(rgb)) return;
  const kept = rgb.map(channel) as [number, number, number];
  if (kept.some((x, i) => Math.abs(x - Number(rgb[i]!.toFixed(4))) > 1e-9)) {
    ctx.report.add("tdn-normalised", where(ctx, path), {
      what: `the colour is kept as #${hexColour(rgb)} (${kept.join(", ")})`,
    });
  }
  node.color = kept;
}

const SVC_FLAGS: ReadonlySet<string> = new Set(BOOLEAN_FLAGS);
/** Flags TouchDesigner has that `.svcnet` does not write, with their defaults. */
const OTHER_FLAGS: Record<string, boolean> = { expose: true, allowCooking: true };

export function readFlags(node: NodeState, v: TdnValue, path: FieldPath, ctx: FileContext): void {
  if (!(Array.isArray(v) && v.every((f) => typeof f === "string"))) {
    ctx.report.add("tdn-field-type", where(ctx, path), { expected: "a list of flag names", actual: kindOf(v) });
    return;
  }
  (v as string[]).forEach((raw, i) => {
    const off = raw.startsWith("-");
    const flag = off ? raw.slice(1) : raw;
    if (SVC_FLAGS.has(flag)) {
      if (!off) node.flags[flag] = true;
    } else if (flag in OTHER_FLAGS) {
      if (OTHER_FLAGS[flag] === off)
        ctx.report.add("tdn-no-meaning", where(ctx, [...path, i]), { what: `the flag '${raw}'` });
    } else {
      ctx.report.add("tdn-unknown-flag", where(ctx, [...path, i]), { flag: raw });
    }
  });
}
