/**
 * `python_code`: the code of a node that runs Python. A Script operator (scriptTOP, scriptCHOP,
 * scriptSOP, scriptDAT) runs the DAT named by its `callbacks` parameter, so the code goes into a new
 * Text DAT beside it, referenced there. A DAT (an Execute DAT, a Text DAT a script imports) holds
 * the code as its own text. Any other node runs no Python: the code is still kept, in a Text DAT
 * beside the node, and a warning says that nothing runs it.
 */
import { astBuild } from "../../engine/index.js";
import type { ConvertContext } from "./context.js";
import type { CodeSpec } from "./recipe-format.js";
const { name: nameValue, str } = astBuild;

/** The parameter through which an operator runs Python from a DAT. */
const CALLBACKS_PARAM = "callbacks";

export function convertPythonCode(spec: CodeSpec, ctx: ConvertContext): void {
  const node = ctx.table.find(spec.node);
  if (node === undefined) return;
  const text = { ...str(spec.code.value), language: "python" };
  const runs = node.operator.params.some((p) => p.name === CALLBACKS_PARAM && p.style === "DAT");
  if (!runs && node.operator.family === "DAT") {
    ctx.assignments.set(node, { param: "text", value: text, driver: "text", at: spec.code.at });
    return;
  }
  const dat = ctx.table.generate(`${node.name}_${runs ? "callbacks" : "python"}`, "textDAT", node, spec.code.at);
  ctx.assignments.set(dat, { param: "text", value: text, driver: "text", at: spec.code.at });
  if (runs) {
    ctx.assignments.set(node, {
      param: CALLBACKS_PARAM,
      value: nameValue(dat.name),
      driver: "reference",
      at: spec.node.at,
    });
    return;
  }
  ctx.report.add(
    "import-code-not-run",
    spec.node.at,
    { node: spec.node.value, type: node.operator.type, dat: dat.name },
    {
      help: ["python_code belongs to a Script operator (its callbacks) or to a DAT such as an Execute DAT"],
    },
  );
}
