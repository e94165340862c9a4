/**
 * In the JSON recipe format a wire into a conversion operator (`choptoTOP`, `toptoCHOP`,
 * `dattoCHOP`, `soptoCHOP`, ...) from another family means "convert this": TouchDesigner takes the
 * source through the converter's parameter named after the source's family (`chop`, `top`, `dat`,
 * `sop`, `pop`), not through an input. Such a connection becomes a reference in that parameter.
 */
import type { Family } from "../../../kb/index.js";
import { referenceValue } from "./param-values.js";
import type { ConvertContext } from "./context.js";
import type { NodeEntry } from "./node-table.js";
import type { ConnectionSpec } from "./recipe-format.js";

/** The converter's source parameter for a node of family `source`, if `to` has one. */
function sourceParameter(to: NodeEntry, source: Family): string | undefined {
  if (to.operator.family === source) return undefined;
  const name = source.toLowerCase();
  const param = to.operator.params.find((p) => p.name === name);
  if (param === undefined) return undefined;
  // The style names the family it refers to; a style the kb does not know is taken by its name.
  return param.style === null || param.style === source || param.style === "OP" ? name : undefined;
}

/** Turns converter connections into parameter references; returns the connections left to wire. */
export function convertConverterWires(connections: readonly ConnectionSpec[], ctx: ConvertContext): ConnectionSpec[] {
  const rest: ConnectionSpec[] = [];
  for (const c of connections) {
    const from = ctx.table.get(c.from.value);
    const to = ctx.table.get(c.to.value);
    const param = from && to ? sourceParameter(to, from.operator.family) : undefined;
    if (from === undefined || to === undefined || param === undefined) {
      rest.push(c);
      continue;
    }
    ctx.assignments.set(to, { param, value: referenceValue(to, from.name, ctx.table), driver: "reference", at: c.at });
  }
  return rest;
}
