/**
 * Names of sequence block parameters, read against an operator's sequence templates: `vec3name` is
 * block 3's `name` in sequence `vec`, `vec3valuez` the third component of its `value`. Pure functions
 * of an Operator (no data loading), so the parameter lookup can use them.
 */
import type { Operator, Param, SequenceBlockParam, SequenceDef } from "./types.js";

/** A name that is a parameter of one block of a sequence. */
export interface BlockParamMatch {
  kind: "block";
  sequence: SequenceDef;
  block: number;
  /** The template entry (suffix `value` for `vec3valuez`). */
  template: SequenceBlockParam;
  /** The block's parameter (`vec3value`, with `vec3valuex`... as components). */
  param: Param;
  /** Index of the component when a tuplet component's name was given, else null. */
  component: number | null;
}

export type MalformedReason = "unknown-suffix" | "missing-index" | "leading-zero" | "beyond-max";

/** A name that reads as a block parameter of a sequence but is not one. */
export interface MalformedBlockName {
  kind: "malformed";
  sequence: SequenceDef;
  reason: MalformedReason;
  /** The index as written, when there is one. */
  block: number | null;
  /** The well-formed name that was probably meant, when one can be told. */
  suggestion?: string;
}

export type SequenceNameMatch = BlockParamMatch | MalformedBlockName;

/** `<name><block><suffix>`: the Python name of a block parameter. */
export function blockParamName(sequence: string, block: number, suffix: string): string {
  return `${sequence}${block}${suffix}`;
}

const blockParamCache = new WeakMap<Operator, Map<string, Param>>();

function templateParam(op: Operator, t: SequenceBlockParam): Param | undefined {
  return op.params.find((p) => p.name === t.param);
}

/** Block `block`'s parameter for a template entry: the listed one when the docs list it, else derived from block 0's. */
export function blockParam(
  op: Operator,
  sequence: SequenceDef,
  block: number,
  t: SequenceBlockParam,
): Param | undefined {
  const name = blockParamName(sequence.name, block, t.suffix);
  let cache = blockParamCache.get(op);
  if (cache === undefined) blockParamCache.set(op, (cache = new Map()));
  const hit = cache.get(name);
  if (hit !== undefined) return hit;
  const listed = op.params.find((p) => p.name === name && p.sequence === sequence.name);
  const base = templateParam(op, t);
  if (base === undefined) return undefined;
  const param: Param = listed ?? {
    ...base,
    name,
    ...(t.componentSuffixes === undefined
      ? {}
      : { components: t.componentSuffixes.map((c) => blockParamName(sequence.name, block, c)) }),
    sequence: sequence.name,
    blockIndex: block,
  };
  cache.set(name, param);
  return param;
}

/** The operator's sequences, longest name first so `acx` is tried before `ac`. */
function sequencesByLength(op: Operator): SequenceDef[] {
  return [...(op.sequences ?? [])].sort((a, b) => b.name.length - a.name.length);
}

function readSuffix(
  sequence: SequenceDef,
  rest: string,
): { template: SequenceBlockParam; component: number | null } | undefined {
  for (const t of sequence.blockParams) {
    if (t.suffix === rest) return { template: t, component: null };
    const c = t.componentSuffixes?.indexOf(rest) ?? -1;
    if (c >= 0) return { template: t, component: c };
  }
  return undefined;
}

/**
 * Reads `name` against the operator's sequences: a block parameter, a malformed block name
 * (`vec01name`, `vecname`, `vec2nmae`, a block past the maximum), or undefined when the name does
 * not look like a block parameter at all.
 */
export function matchSequenceName(op: Operator, name: string): SequenceNameMatch | undefined {
  for (const sequence of sequencesByLength(op)) {
    if (!name.startsWith(sequence.name) || name.length === sequence.name.length) continue;
    const m = /^(\d+)(.*)$/.exec(name.slice(sequence.name.length));
    if (m === null) {
      const rest = name.slice(sequence.name.length);
      const read = readSuffix(sequence, rest);
      if (read !== undefined) {
        return {
          kind: "malformed",
          sequence,
          reason: "missing-index",
          block: null,
          suggestion: blockParamName(sequence.name, 0, rest),
        };
      }
      continue;
    }
    const digits = m[1]!;
    const rest = m[2]!;
    const block = Number(digits);
    const read = readSuffix(sequence, rest);
    if (read === undefined) return { kind: "malformed", sequence, reason: "unknown-suffix", block };
    const wellFormed = blockParamName(sequence.name, block, rest);
    if (digits.length > 1 && digits.startsWith("0"))
      return { kind: "malformed", sequence, reason: "leading-zero", block, suggestion: wellFormed };
    if (sequence.maxBlocks !== null && block >= sequence.maxBlocks)
      return { kind: "malformed", sequence, reason: "beyond-max", block };
    const param = blockParam(op, sequence, block, read.template);
    if (param === undefined) continue;
    return { kind: "block", sequence, block, template: read.template, param, component: read.component };
  }
  return undefined;
}
