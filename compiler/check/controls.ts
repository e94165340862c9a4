/** Controls (custom parameters) declared on a COMP: legal names, sensible ranges, defaults that fit. */
import { diagnostic } from "../../diagnostics/index.js";
import type { AnyNode } from "../model.js";
import { at } from "../resolve/references.js";
import { formatNumber } from "../util/describe.js";
import { controlAsParam, type CheckContext } from "./context.js";
import { checkControlName } from "./names.js";
import { checkValue } from "./params.js";

export function checkControls(comp: AnyNode, ctx: CheckContext): void {
  for (const page of comp.customPages) {
    for (const control of page.params) {
      checkControlName(control, ctx);
      if (control.min !== undefined && control.max !== undefined && control.min > control.max) {
        ctx.diagnostics.push(
          diagnostic(
            "control-range-inverted",
            control.origin.range,
            { name: control.name, min: formatNumber(control.min), max: formatNumber(control.max) },
            at(control.origin, {
              help: [`write it as ${formatNumber(control.max)}..${formatNumber(control.min)}`],
            }),
          ),
        );
      }
      if (control.default === undefined) continue;
      const param = controlAsParam(control);
      const checked = checkValue({ node: comp, param, name: control.name, component: null }, control.default, ctx);
      if (checked !== undefined) control.default = checked;
    }
  }
}
