/**
 * `op('name')` in a JSON expression names a node of the recipe. In the .svcnet the call must reach
 * that node from where the expression runs, so the name becomes the node's path relative to the
 * expression's owner (`op('noise1')`, `op('../noise1')`, `op('fx/blur1')`). A name that is no node
 * of the recipe is an error; a path (with '/') points outside the recipe and is kept as written.
 */
import type { NodeEntry, NodeTable } from "./node-table.js";
import type { Located, Report } from "./report.js";

const OP_CALL = /\bop\(\s*(['"])([^'"\\]*)\1\s*\)/g;

export function rewriteOpReferences(
  owner: NodeEntry,
  expr: Located<string>,
  table: NodeTable,
  report: Report,
): string | undefined {
  let ok = true;
  const out = expr.value.replace(OP_CALL, (whole, quote: string, name: string) => {
    if (name.includes("/") || name === "") return whole;
    const target = table.get(name);
    if (target === undefined) {
      if (!table.has(name)) {
        report.add(
          "import-unknown-op-reference",
          expr.at,
          { name },
          {
            help: [
              "op('<name>') in a recipe expression names one of the recipe's nodes",
              "a path such as op('/project1/x') is kept as written",
            ],
          },
        );
      }
      ok = false;
      return whole;
    }
    return `op(${quote}${table.relativePath(owner, target)}${quote})`;
  });
  return ok ? out : undefined;
}
