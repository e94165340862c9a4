/**
 * Sequence block counts in planning. The bridge reports a sequence header (`vec`) with the
 * sequence's block count as its value; only the kb knows how many blocks a fresh operator has, so a
 * count at that default is left out of the live state, as a default parameter is. A change of count
 * takes its blocks along: resetting a parameter of a block the new count removes is nothing to do.
 */
import { getOperatorByType, getSequence, readSequenceName } from "../../../kb/index.js";
import type { JsonValue, ParamState } from "./network-state.js";

/** Is `value` of header `name` the block count a fresh operator of `type` has (per the kb)? */
export function isDefaultBlockCount(type: string, name: string, value: JsonValue | undefined): boolean {
  const op = getOperatorByType(type);
  const seq = op === undefined ? undefined : getSequence(op, name);
  return seq !== undefined && seq.defaultBlocks !== null && value === seq.defaultBlocks;
}

interface ParamChange {
  name: string;
  to: ParamState | undefined;
}

/**
 * The changes of one node as the bridge must receive them: a reset block count becomes the kb's
 * default count, and resets of parameters in blocks the new count removes are dropped.
 */
export function sequenceAwareChanges<C extends ParamChange>(type: string, changes: readonly C[]): C[] {
  const op = getOperatorByType(type);
  if (op?.sequences === undefined) return [...changes];
  const counts = new Map<string, number>();
  const out: C[] = [];
  for (const c of changes) {
    const seq = getSequence(op, c.name);
    if (seq === undefined) continue;
    if (c.to === undefined && seq.defaultBlocks !== null) {
      counts.set(seq.name, seq.defaultBlocks);
      out.push({ ...c, to: { mode: "constant", value: seq.defaultBlocks } });
    } else if (c.to?.mode === "constant" && typeof c.to.value === "number") counts.set(seq.name, c.to.value);
  }
  for (const c of changes) {
    if (getSequence(op, c.name) !== undefined) {
      if (!out.some((o) => o.name === c.name)) out.push(c);
      continue;
    }
    const m = c.to === undefined ? readSequenceName(op, c.name) : undefined;
    const count = m?.kind === "block" ? counts.get(m.sequence.name) : undefined;
    if (m?.kind === "block" && count !== undefined && m.block >= count) continue;
    out.push(c);
  }
  // Headers before block parameters, otherwise in the plan's (name) order.
  const rank = (c: C) => (getSequence(op, c.name) !== undefined ? 0 : 1);
  return out
    .map((c, i) => [c, i] as const)
    .sort((a, b) => rank(a[0]) - rank(b[0]) || a[1] - b[1])
    .map(([c]) => c);
}
