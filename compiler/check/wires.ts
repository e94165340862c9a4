/**
 * Wire checks for one network level: both ends of a wire are of the same family, connector indices
 * exist, an input takes one wire, required inputs are connected, and wires form no loop.
 */
import { getOperatorByType, UNBOUNDED_INPUTS } from "../../kb/index.js";
import { diagnostic } from "../../diagnostics/index.js";
import type { ComponentModel, Family, NodeModel } from "../model.js";
import { at } from "../resolve/references.js";
import type { CheckContext } from "./context.js";
import { findWireCycles } from "./graph.js";

const IN_TYPES = new Set(["inTOP", "inCHOP", "inSOP", "inDAT", "inPOP"]);
const OUT_TYPES = new Set(["outTOP", "outCHOP", "outSOP", "outDAT", "outPOP"]);

/** Connector counts: a COMP with a body has one input per in-operator inside it and one output per out-operator. */
function connectors(node: NodeModel, ctx: CheckContext, side: "in" | "out"): number | undefined {
  if (node.body !== undefined)
    return node.body.nodes.filter((n) => (side === "in" ? IN_TYPES : OUT_TYPES).has(n.type)).length;
  const op = ctx.operatorOf(node);
  if (op === undefined) return undefined;
  if (side === "out") return op.outputs ?? undefined;
  const max = op.inputs?.max;
  return max === null || max === undefined || max >= UNBOUNDED_INPUTS ? undefined : max;
}

function familyOf(node: NodeModel, ctx: CheckContext): Family | undefined {
  return ctx.operatorOf(node)?.family ?? node.family;
}

/** How to get from one family to another: a converter operator when the knowledge base has one. */
function conversionHelp(from: Family, to: Family): string[] {
  const converter = `${from.toLowerCase()}to${to}`;
  const help = ["wires join operators of one family"];
  help.push(
    getOperatorByType(converter) !== undefined
      ? `convert with a ${converter}, which reads the ${from} through a parameter`
      : "pass the operator through a parameter reference instead",
  );
  return help;
}

export function checkWires(comp: ComponentModel, ctx: CheckContext): void {
  const taken = new Map<string, NodeModel>();
  const connected = new Set<string>();
  for (const w of comp.body.wires) {
    const from = w.from.node;
    const to = w.to.node;
    const ff = familyOf(from, ctx);
    const tf = familyOf(to, ctx);
    if (ff !== undefined && tf !== undefined && ff !== "COMP" && tf !== "COMP" && ff !== tf) {
      ctx.diagnostics.push(
        diagnostic(
          "wire-family-mismatch",
          w.origin.range,
          { fromFamily: ff, from: from.name, toFamily: tf, to: to.name },
          at(w.origin, {
            help: conversionHelp(ff, tf),
          }),
        ),
      );
    }
    const outputs = connectors(from, ctx, "out");
    if (outputs !== undefined && w.from.index >= outputs) {
      ctx.diagnostics.push(
        diagnostic(
          "output-index-out-of-range",
          w.from.range,
          { node: from.name, type: from.type, count: outputs, index: w.from.index },
          at(w.origin, {
            help: [
              outputs === 0
                ? from.body !== undefined
                  ? "add an out operator inside the COMP to give it an output"
                  : `a ${from.type} has no outputs`
                : outputs === 1
                  ? "its only output is 0"
                  : `outputs are numbered from 0 to ${outputs - 1}`,
            ],
          }),
        ),
      );
    }
    const inputs = connectors(to, ctx, "in");
    if (inputs !== undefined && w.to.index >= inputs) {
      ctx.diagnostics.push(
        diagnostic(
          "input-index-out-of-range",
          w.to.range,
          { node: to.name, type: to.type, count: inputs, index: w.to.index },
          at(w.origin, {
            help: [
              inputs === 0
                ? to.body !== undefined
                  ? "add an in operator inside the COMP to give it an input"
                  : `a ${to.type} takes no inputs`
                : inputs === 1
                  ? "its only input is 0"
                  : `inputs are numbered from 0 to ${inputs - 1}`,
            ],
          }),
        ),
      );
    }
    const key = `${to.name}[${w.to.index}]`;
    if (taken.has(key)) {
      ctx.diagnostics.push(
        diagnostic(
          "input-connected-twice",
          w.to.range,
          { index: w.to.index, node: to.name },
          at(w.origin, {
            help: [
              `'${taken.get(key)!.name}' is already wired there; use another input index or a merge/composite operator`,
            ],
          }),
        ),
      );
    } else taken.set(key, from);
    connected.add(key);
  }

  for (const node of comp.body.nodes) {
    if (node.body !== undefined) continue;
    const min = ctx.operatorOf(node)?.inputs?.min;
    if (min === null || min === undefined) continue;
    for (let i = 0; i < min; i++) {
      if (connected.has(`${node.name}[${i}]`)) continue;
      ctx.diagnostics.push(
        diagnostic(
          "required-input-unconnected",
          node.nameRange,
          { node: node.name, type: node.type, index: i },
          at(node.origin, {
            help: [
              `a ${node.type} filters its input; wire something into it: 'source -> ${node.name}${i === 0 ? "" : `[${i}]`}'`,
            ],
          }),
        ),
      );
    }
  }

  for (const cycle of findWireCycles(comp)) {
    ctx.diagnostics.push(
      diagnostic(
        "wire-cycle",
        cycle.closing.origin.range,
        { cycle: cycle.nodes.join(" -> ") },
        at(cycle.closing.origin, {
          help: [
            "TouchDesigner cannot cook a loop of wires; for feedback, end the loop in a feedbackTOP whose 'top' names the last TOP of the loop",
          ],
        }),
      ),
    );
  }
}
