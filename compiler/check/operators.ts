/** The operator type exists, and the flags written on it are ones its family has. */
import { closestOperators } from "../../kb/index.js";
import { diagnostic } from "../../diagnostics/index.js";
import { FLAG_NAMES, type Family, type FlagName, type NodeModel } from "../model.js";
import { at } from "../resolve/references.js";
import { closestNames, didYouMean } from "../util/closest.js";
import type { CheckContext } from "./context.js";

/**
 * Flags a family does not have. UNVERIFIED beyond the well-known cases: only TOPs, CHOPs, SOPs,
 * POPs, DATs and COMPs show a display flag, only geometry (SOP, POP, COMP) has a render flag, and
 * lock applies to operators that hold data (not COMPs or MATs).
 */
const MISSING_FLAGS: Partial<Record<FlagName, Family[]>> = {
  render: ["TOP", "CHOP", "DAT", "MAT"],
  display: ["MAT"],
  lock: ["COMP", "MAT"],
};

export function checkOperatorType(node: NodeModel, ctx: CheckContext): boolean {
  if (node.recipe !== undefined || ctx.operatorOf(node) !== undefined) return true;
  const close = closestOperators(node.type, 3).map((m) => m.type);
  const recipes = closestNames(node.type, ctx.program.recipes);
  const names = [...recipes, ...close].slice(0, 3);
  const help = didYouMean(names);
  if (help.length === 0) help.push("'svc kb search <words>' finds operator types");
  ctx.diagnostics.push(
    diagnostic("unknown-operator-type", node.typeRange, { type: node.type }, at(node.origin, {
      help,
      suggestions: names.slice(0, 1).map((n) => ({ title: `replace with '${n}'`, replacement: n })),
    })),
  );
  return false;
}

export function checkFlags(node: NodeModel, ctx: CheckContext): void {
  const family = ctx.operatorOf(node)?.family ?? node.family;
  if (family === undefined) return;
  for (const flag of FLAG_NAMES) {
    if (node.flags[flag] !== true) continue;
    if (!(MISSING_FLAGS[flag] ?? []).includes(family)) continue;
    ctx.diagnostics.push(diagnostic("flag-not-supported", node.nameRange, { family, flag }, at(node.origin, { help: [`remove '${flag}' from '${node.name}'`] })));
  }
}
