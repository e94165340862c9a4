/** The operator type exists, and the flags written on it are ones its family has. */
import { closestOperators, getOperatorByType, typeForAlias } from "../../kb/index.js";
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

/**
 * "Did you mean" for an unknown type searches the whole knowledge base (milliseconds each): a
 * program gets suggestions for this many distinct unknown types, and the rest the plain help, so
 * that a machine-made file with thousands of bad types is still checked in linear time.
 */
const SUGGESTED_TYPES = 50;
const suggestionCache = new WeakMap<CheckContext, Map<string, string[]>>();

function suggestTypes(type: string, ctx: CheckContext): string[] {
  let cache = suggestionCache.get(ctx);
  if (cache === undefined) suggestionCache.set(ctx, (cache = new Map()));
  const known = cache.get(type);
  if (known !== undefined) return known;
  const recipes = closestNames(type, ctx.program.recipes);
  const names =
    cache.size < SUGGESTED_TYPES
      ? [...recipes, ...closestOperators(type, 3).map((m) => m.type)].slice(0, 3)
      : recipes.slice(0, 3);
  cache.set(type, names);
  return names;
}

export function checkOperatorType(node: NodeModel, ctx: CheckContext): boolean {
  if (node.recipe !== undefined || ctx.operatorOf(node) !== undefined) return true;
  const renamed = typeForAlias(node.type);
  if (renamed !== undefined) {
    // The docs' older name: build what the real build calls it.
    ctx.diagnostics.push(
      diagnostic(
        "renamed-operator-type",
        node.typeRange,
        { type: node.type, current: renamed },
        at(node.origin, {
          help: [`TouchDesigner's builds name this type '${renamed}'; svc builds that`],
          suggestions: [{ title: `replace with '${renamed}'`, replacement: renamed }],
        }),
      ),
    );
    node.type = renamed;
    node.family = getOperatorByType(renamed)!.family;
    return true;
  }
  const names = suggestTypes(node.type, ctx);
  const help = didYouMean(names);
  ctx.diagnostics.push(
    diagnostic(
      "unknown-operator-type",
      node.typeRange,
      { type: node.type },
      at(node.origin, {
        help,
        ...(help.length === 0 ? { nextStep: { kind: "search-operators" as const } } : {}),
        suggestions: names.slice(0, 1).map((n) => ({ title: `replace with '${n}'`, replacement: n })),
      }),
    ),
  );
  return false;
}

export function checkFlags(node: NodeModel, ctx: CheckContext): void {
  const family = ctx.operatorOf(node)?.family ?? node.family;
  if (family === undefined) return;
  for (const flag of FLAG_NAMES) {
    if (node.flags[flag] !== true) continue;
    if (!(MISSING_FLAGS[flag] ?? []).includes(family)) continue;
    ctx.diagnostics.push(
      diagnostic(
        "flag-not-supported",
        node.nameRange,
        { family, flag },
        at(node.origin, { help: [`remove '${flag}' from '${node.name}'`] }),
      ),
    );
  }
}
