/**
 * Bind checks: the parameter a bind follows exists and carries a compatible kind of value (a
 * float parameter can follow an int control, not a string one); a tuplet binds to a control with
 * the same number of components.
 */
import { getParam } from "../../kb/index.js";
import { diagnostic } from "../../diagnostics/index.js";
import type { BindValue, CustomParamModel } from "../model.js";
import { at } from "../resolve/references.js";
import { closestNames, didYouMean } from "../util/closest.js";
import { controlsOf, type CheckContext } from "./context.js";
import type { Target } from "./target.js";
import { bindCompatible, controlClass, CONTROL_SUFFIXES, styleClass } from "./styles.js";

function mismatch(
  t: Target,
  v: BindValue,
  source: string,
  sourceType: string,
  ctx: CheckContext,
  help: string[] = [],
): void {
  ctx.diagnostics.push(
    diagnostic(
      "bind-type-mismatch",
      v.origin.range,
      { name: t.name, style: t.param.style ?? "unknown style", control: source, controlType: sourceType },
      at(v.origin, { help }),
    ),
  );
}

function checkAgainstControl(t: Target, v: BindValue, control: CustomParamModel, ctx: CheckContext): void {
  const wantsTuplet = t.param.components !== undefined && t.component === null;
  if (v.controlComponent !== undefined) {
    // One component of the control: a single value of the control's class.
    if (wantsTuplet)
      mismatch(t, v, v.controlComponent, control.type, ctx, [
        `'${t.name}' has ${t.param.components!.length} components; bind it to '${control.name}' or bind each of its components`,
      ]);
    else if (!bindCompatible(styleClass(t.param.style), controlClass(control.type)))
      mismatch(t, v, v.controlComponent, control.type, ctx);
    return;
  }
  const size = CONTROL_SUFFIXES[control.type]?.length;
  if (wantsTuplet && size !== t.param.components!.length) {
    mismatch(t, v, control.name, control.type, ctx, [
      `'${t.name}' has ${t.param.components!.length} components; bind it to a control with as many, or bind each component`,
    ]);
    return;
  }
  if (!wantsTuplet && size !== undefined) {
    const suffixes = CONTROL_SUFFIXES[control.type]!;
    mismatch(t, v, control.name, control.type, ctx, [
      `bind to one component: ${suffixes.map((s) => control.name + s).join(", ")}`,
    ]);
    return;
  }
  if (!bindCompatible(styleClass(t.param.style), controlClass(control.type)))
    mismatch(t, v, control.name, control.type, ctx);
}

export function checkBind(t: Target, v: BindValue, ctx: CheckContext): void {
  if (v.control !== undefined) {
    checkAgainstControl(t, v, v.control, ctx);
    return;
  }
  const owner = v.owner;
  if (owner === undefined) return; // resolve reported it
  const controls = controlsOf(owner);
  const control = controls.get(v.parameter);
  if (control !== undefined) {
    checkAgainstControl(t, v, control, ctx);
    return;
  }
  // A control's component (`bind ctrl1.Colorr`) is a scalar of the control's class.
  for (const c of controls.values()) {
    const suffix = CONTROL_SUFFIXES[c.type]?.find((s) => c.name + s === v.parameter);
    if (suffix !== undefined) {
      if (!bindCompatible(styleClass(t.param.style), controlClass(c.type))) mismatch(t, v, v.parameter, c.type, ctx);
      return;
    }
  }
  const op = ctx.operatorOf(owner);
  if (op === undefined) return; // an unknown type is reported on its own
  const ref = getParam(op, v.parameter);
  if (ref === undefined) {
    ctx.diagnostics.push(
      diagnostic(
        "unknown-parameter",
        v.origin.range,
        { type: owner.type, name: v.parameter },
        at(v.origin, {
          help: didYouMean(
            closestNames(v.parameter, [...op.params.flatMap((p) => p.components ?? [p.name]), ...controls.keys()]),
          ),
        }),
      ),
    );
    return;
  }
  const sourceIsTuplet = ref.param.components !== undefined && ref.component === null;
  const wantsTuplet = t.param.components !== undefined && t.component === null;
  if (sourceIsTuplet !== wantsTuplet || (wantsTuplet && ref.param.components!.length !== t.param.components!.length)) {
    mismatch(t, v, v.parameter, ref.param.style ?? "unknown style", ctx, [
      "bind a single value to a single value, or tuplets of the same size",
    ]);
    return;
  }
  if (!bindCompatible(styleClass(t.param.style), styleClass(ref.param.style)))
    mismatch(t, v, v.parameter, ref.param.style ?? "unknown style", ctx);
}
