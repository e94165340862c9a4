/**
 * A TOP's `resolution` is read only when its Output Resolution says so: custom, fit or limit. With
 * its first input wired and Output Resolution left at Use Input (the default) or set to a multiple,
 * the TOP takes its input's size and the `resolution` written is silently ignored
 * (docs.derivative.ca/GLSL_TOP, Common page: "Enabled only when ... set to Custom Resolution";
 * Fit and Limit size to it too).
 */
import { diagnostic } from "../../diagnostics/index.js";
import type { ComponentModel, NodeModel, Value } from "../model.js";
import { at } from "../resolve/references.js";
import type { CheckContext } from "./context.js";

const RESOLUTION_PARAMS = new Set(["resolution", "resolutionw", "resolutionh"]);
/** Output Resolution entries that size the TOP from its `resolution`. */
const USES_RESOLUTION = new Set(["custom", "fit", "limit"]);

/** A menu entry as written, whether check has made it a menu value yet or not; undefined for anything else. */
function entryOf(value: Value): string | undefined {
  if (value.kind === "menu") return value.entry;
  if (value.kind === "name") return value.name;
  if (value.kind === "string") return value.value;
  return undefined;
}

export function checkIgnoredResolution(comp: ComponentModel, ctx: CheckContext): void {
  const fedAtInput0 = new Set<NodeModel>(comp.body.wires.filter((w) => w.to.index === 0).map((w) => w.to.node));
  for (const node of comp.body.nodes) {
    if (!fedAtInput0.has(node)) continue;
    const op = ctx.operatorOf(node);
    if (op?.family !== "TOP" || !op.params.some((p) => p.name === "outputresolution")) continue;
    const resolution = node.params.find((p) => RESOLUTION_PARAMS.has(p.name));
    if (resolution === undefined) continue;
    const mode = node.params.find((p) => p.name === "outputresolution");
    const entry = mode === undefined ? "useinput" : entryOf(mode.value);
    // An expression, bind or export decides live: nothing to say before apply.
    if (entry === undefined || USES_RESOLUTION.has(entry)) continue;
    ctx.diagnostics.push(
      diagnostic(
        "resolution-ignored",
        resolution.nameRange,
        { node: node.name, param: resolution.name, mode: entry },
        at(resolution.origin, {
          help: [
            `a ${node.type} with an input takes its size from that input unless told otherwise: add 'outputresolution: custom' to use ${resolution.name}`,
            "or remove it to follow the input",
          ],
        }),
      ),
    );
  }
}
