/** Operator references: the referenced node exists (for bare names) and is of the family the parameter needs. */
import { diagnostic } from "../../diagnostics/index.js";
import type { AnyNode, Family, NodeModel, Origin } from "../model.js";
import { at } from "../resolve/references.js";
import { closestNames, didYouMean } from "../util/closest.js";
import type { CheckContext } from "./context.js";

export interface ReferenceUse {
  node: AnyNode;
  /** The parameter the reference is written in. */
  name: string;
  family: Family | "any";
  target: NodeModel | undefined;
  path: string;
  origin: Origin;
  /**
   * Report a missing target. Resolve already reported paths that lead nowhere; a bare name is only
   * known to be a reference once the parameter's style says so, so its absence is reported here.
   */
  missingIsError?: boolean;
}

/** False when the reference is wrong (a diagnostic was reported). */
export function checkReference(use: ReferenceUse, ctx: CheckContext): boolean {
  if (use.target === undefined) {
    if (use.missingIsError !== true) return true;
    const siblings = (use.node.parent?.body.nodes ?? [])
      .filter((n) => use.family === "any" || n.family === use.family)
      .map((n) => n.name);
    const close = closestNames(use.path, siblings);
    const help = didYouMean(close);
    if (help.length === 0 && siblings.length > 0 && siblings.length <= 8)
      help.push(`${use.family === "any" ? "operators" : `${use.family}s`} in this network: ${siblings.join(", ")}`);
    const suggestions = close.slice(0, 1).map((c) => ({ title: `replace with '${c}'`, replacement: c }));
    ctx.diagnostics.push(
      diagnostic(
        "unknown-operator-reference",
        use.origin.range,
        { path: use.path, node: use.node.name },
        at(use.origin, { help, suggestions }),
      ),
    );
    return false;
  }
  if (use.family === "any" || use.target.family === undefined || use.target.family === use.family) return true;
  ctx.diagnostics.push(
    diagnostic(
      "operator-reference-family",
      use.origin.range,
      { name: use.name, type: use.node.type, expected: use.family, path: use.path, actual: use.target.family },
      at(use.origin, {
        help:
          use.family === "TOP" && use.node.type === "feedbackTOP"
            ? ["a feedbackTOP's 'top' names the TOP whose previous frame it reads, usually the end of the loop"]
            : [],
      }),
    ),
  );
  return false;
}
