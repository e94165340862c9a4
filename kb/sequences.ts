/**
 * Parameter sequences of an operator: the templates, the parameters of any block, and how a name
 * reads against them. See kb/README.md ("Sequences").
 */
import { getOperator } from "./lookup.js";
import { blockParam, blockParamName, matchSequenceName, type SequenceNameMatch } from "./sequence-names.js";
import type { Operator, Param, SequenceDef } from "./types.js";

function resolveOp(op: Operator | string): Operator | undefined {
  return typeof op === "string" ? getOperator(op) : op;
}

/** Every sequence of the operator, in page order; [] when it has none or is unknown. */
export function getSequences(op: Operator | string): SequenceDef[] {
  return [...(resolveOp(op)?.sequences ?? [])];
}

/** The sequence named `name` (its header parameter's name: `vec`). */
export function getSequence(op: Operator | string, name: string): SequenceDef | undefined {
  return resolveOp(op)?.sequences?.find((s) => s.name === name);
}

/** The sequence whose header parameter is `name`, or whose block parameter `name` is. */
export function sequenceOf(op: Operator | string, name: string): SequenceDef | undefined {
  const operator = resolveOp(op);
  if (operator === undefined) return undefined;
  const header = getSequence(operator, name);
  if (header !== undefined) return header;
  const m = matchSequenceName(operator, name);
  return m?.kind === "block" ? m.sequence : undefined;
}

/** The parameters of block `block` of a sequence, in template order (tuplets as one entry). */
export function sequenceBlockParams(op: Operator | string, sequence: string, block: number): Param[] {
  const operator = resolveOp(op);
  const seq = operator === undefined ? undefined : getSequence(operator, sequence);
  if (operator === undefined || seq === undefined || !Number.isInteger(block) || block < 0) return [];
  return seq.blockParams.map((t) => blockParam(operator, seq, block, t)).filter((p): p is Param => p !== undefined);
}

/** How `name` reads against the operator's sequences (block parameter, malformed block name, or undefined). */
export function readSequenceName(op: Operator | string, name: string): SequenceNameMatch | undefined {
  const operator = resolveOp(op);
  return operator === undefined ? undefined : matchSequenceName(operator, name);
}

/**
 * The block count that holds every block parameter among `names` (their highest block + 1), never
 * below the operator's default; undefined when none of `names` is in the sequence. svc writes this
 * count when the source does not, and leaves it out of an export when the live count equals it.
 */
export function impliedBlockCount(
  op: Operator | string,
  sequence: string,
  names: Iterable<string>,
): number | undefined {
  const operator = resolveOp(op);
  const seq = operator === undefined ? undefined : getSequence(operator, sequence);
  if (operator === undefined || seq === undefined) return undefined;
  let highest = -1;
  for (const name of names) {
    const m = matchSequenceName(operator, name);
    if (m?.kind === "block" && m.sequence.name === sequence) highest = Math.max(highest, m.block);
  }
  return highest < 0 ? undefined : Math.max(seq.defaultBlocks ?? 0, highest + 1);
}

export { blockParamName };
export type { BlockParamMatch, MalformedBlockName, MalformedReason, SequenceNameMatch } from "./sequence-names.js";
