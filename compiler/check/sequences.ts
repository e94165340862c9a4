/**
 * Parameter sequences on a node: `vec: 3` is the sequence's block count, `vec2name` a parameter of
 * block 2. Block names are read against the sequence template (kb), a malformed one gets its own
 * diagnostic, and the block count grows to hold the highest block written: an implicit `vec: N` is
 * added when no count was written, so lowering sets the count before any block parameter.
 */
import {
  impliedBlockCount,
  readSequenceName,
  getSequence,
  type MalformedBlockName,
  type Operator,
  type SequenceDef,
} from "../../kb/index.js";
import { diagnostic } from "../../diagnostics/index.js";
import type { NodeModel, ParamModel } from "../model.js";
import { at } from "../resolve/references.js";
import { closestNames } from "../util/closest.js";
import type { CheckContext } from "./context.js";

function problemOf(m: MalformedBlockName): string {
  const suffixes = m.sequence.blockParams.map((t) => t.suffix).join(", ");
  switch (m.reason) {
    case "unknown-suffix":
      return `a block has ${suffixes}`;
    case "missing-index":
      return "the block index is missing";
    case "leading-zero":
      return "a block index has no leading zero";
    case "beyond-max":
      return `the sequence has at most ${m.sequence.maxBlocks} blocks`;
  }
}

/**
 * A diagnostic for a name that reads as a malformed block parameter; false when it does not.
 * `"assumed"` when only the sequence's assumed template (no fact gives its blocks) refuses the
 * name: a warning, and the parameter is written as given.
 */
export function reportMalformedBlockName(
  node: NodeModel,
  op: Operator,
  p: ParamModel,
  ctx: CheckContext,
): boolean | "assumed" {
  const m = readSequenceName(op, p.name);
  if (m?.kind !== "malformed") return false;
  const assumed = m.reason === "unknown-suffix" && m.sequence.templateAssumed === true;
  if (m.reason === "unknown-suffix" && m.block !== null) {
    const written = p.name.slice(m.sequence.name.length + String(m.block).length);
    const close = closestNames(
      written,
      m.sequence.blockParams.flatMap((t) => [t.suffix, ...(t.componentSuffixes ?? [])]),
    )[0];
    if (close !== undefined) m.suggestion = `${m.sequence.name}${m.block}${close}`;
  }
  const example = `${m.sequence.name}${m.block ?? 0}${m.sequence.blockParams[0]!.suffix}`;
  const help = [
    `block parameters are named <sequence><block><parameter>, e.g. '${example}'; '${m.sequence.name}' has ${m.sequence.blockParams.map((t) => t.suffix).join(", ")}`,
  ];
  if (m.suggestion !== undefined) help.unshift(`did you mean '${m.suggestion}'?`);
  if (assumed)
    help.push(
      `svc assumes the blocks of '${m.sequence.name}' (no TouchDesigner fact gives them): check them in TouchDesigner; 'svc kb import' of a live dump replaces the assumption`,
    );
  ctx.diagnostics.push(
    diagnostic(
      "malformed-sequence-block",
      p.nameRange,
      { name: p.name, sequence: m.sequence.name, type: node.type, problem: problemOf(m) },
      at(p.origin, {
        help,
        suggestions:
          m.suggestion === undefined ? [] : [{ title: `replace with '${m.suggestion}'`, replacement: m.suggestion }],
        ...(assumed ? { severity: "warning" as const } : {}),
      }),
    ),
  );
  return assumed ? "assumed" : true;
}

/** The header assignment `vec: N` as a block count, or undefined (with a diagnostic when it is not one). */
function writtenCount(node: NodeModel, seq: SequenceDef, p: ParamModel, ctx: CheckContext): number | undefined {
  const v = p.value;
  const problem =
    v.kind !== "number"
      ? "write a whole number of blocks (an expression, bind or export cannot set it)"
      : !Number.isInteger(v.value) || v.value < 0
        ? `${v.value} is not a whole number of blocks`
        : seq.minBlocks !== null && v.value < seq.minBlocks
          ? `it has at least ${seq.minBlocks} blocks`
          : seq.maxBlocks !== null && v.value > seq.maxBlocks
            ? `it has at most ${seq.maxBlocks} blocks`
            : undefined;
  if (problem === undefined) return (v as { value: number }).value;
  ctx.diagnostics.push(
    diagnostic(
      "sequence-block-count",
      v.origin.range,
      { sequence: seq.name, type: node.type, problem },
      at(v.origin, {
        help: [`'${seq.name}: 3' gives the sequence blocks 0, 1 and 2; leave it out and svc counts the blocks you set`],
      }),
    ),
  );
  return undefined;
}

/**
 * After the parameters are checked: every block written must fit the written count, and without a
 * written count one is added when a block past the operator's default blocks is set.
 */
export function checkSequences(node: NodeModel, op: Operator, ctx: CheckContext): void {
  if (op.sequences === undefined) return;
  const highest = new Map<string, { block: number; param: ParamModel }>();
  const counts = new Map<string, { count: number | undefined; param: ParamModel }>();
  for (const p of node.params) {
    const header = getSequence(op, p.name);
    if (header !== undefined) {
      counts.set(header.name, { count: writtenCount(node, header, p, ctx), param: p });
      continue;
    }
    const m = readSequenceName(op, p.name);
    if (m?.kind !== "block") continue;
    const seen = highest.get(m.sequence.name);
    if (seen === undefined || m.block > seen.block) highest.set(m.sequence.name, { block: m.block, param: p });
  }
  for (const [name, { block, param }] of highest) {
    const seq = getSequence(op, name)!;
    const written = counts.get(name);
    if (written !== undefined) {
      if (written.count !== undefined && block >= written.count) {
        ctx.diagnostics.push(
          diagnostic(
            "sequence-block-beyond-count",
            param.nameRange,
            { name: param.name, block, sequence: name, count: written.count, last: written.count - 1 },
            at(param.origin, {
              help: [`write '${name}: ${block + 1}', or leave the count out and svc counts the blocks you set`],
            }),
          ),
        );
      }
      continue;
    }
    const implied = impliedBlockCount(
      op,
      name,
      node.params.map((p) => p.name),
    )!;
    if (implied === seq.defaultBlocks) continue;
    const origin = param.origin;
    node.params.push({
      name,
      value: { kind: "number", value: implied, integer: true, origin },
      origin,
      nameRange: param.nameRange,
      scalars: [name],
      implicit: true,
    });
  }
}
