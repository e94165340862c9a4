/**
 * `controls[]` and `parameters[]`: the recipe's panel. A control becomes a custom parameter of the
 * recipe's COMP and every parameter it targets binds to it (`brightness1: bind Gain`). An exposed
 * parameter with a `value` is a control of its own; one with `expr` makes the parameter follow a
 * Python expression, its `op('...')` names rewritten to reach the recipe's nodes.
 */
import type { ControlType } from "../../../grammar/ast.js";
import { astBuild } from "../../engine/index.js";
import type { ConvertContext } from "./context.js";
import type { ControlDraft } from "./control-panel.js";
import { controlDefault, controlTypeFor, controlTypeOfValue, fitsControl, readControlType } from "./control-values.js";
import type { NodeEntry } from "./node-table.js";
import { rewriteOpReferences } from "./op-references.js";
import { getParam } from "../../../kb/index.js";
import { unambiguousParameter } from "./fixes.js";
import { isDatText, knownParam, type KnownParam } from "./param-values.js";
import type { ControlSpec, ControlTarget, ExposedParamSpec } from "./recipe-format.js";
import type { Located } from "./report.js";
const { bind, expression } = astBuild;

/** Control types with a slider, so a range means something. */
const NUMERIC: ReadonlySet<ControlType> = new Set([
  "float",
  "int",
  "xy",
  "xyz",
  "xyzw",
  "uv",
  "uvw",
  "wh",
  "rgb",
  "rgba",
]);

interface ResolvedTarget {
  node: NodeEntry;
  param: KnownParam;
  at: ControlTarget["at"];
}

function resolveTarget(
  t: { node: Located<string>; param: Located<string>; at: ControlTarget["at"] },
  ctx: ConvertContext,
): ResolvedTarget | undefined {
  const node = ctx.table.find(t.node);
  if (node === undefined) return undefined;
  // `--fix` renames a target (bind_to, targets[], an exposed parameter) as it renames a setting.
  const fixed =
    ctx.fix && getParam(node.operator, t.param.value) === undefined && !isDatText(node, t.param.value)
      ? unambiguousParameter(node.operator, t.param.value)
      : undefined;
  if (fixed !== undefined) ctx.report.add("import-fixed", t.param.at, { from: t.param.value, to: fixed });
  const param = knownParam(node, fixed === undefined ? t.param : { value: fixed, at: t.param.at }, ctx.report);
  return param && { node, param, at: t.at };
}

/** A range from min/max; with only one of them the parameter's own slider range completes it. */
function range(
  type: ControlType,
  spec: { min?: Located<number>; max?: Located<number> },
  target: ResolvedTarget | undefined,
  ctx: ConvertContext,
): [number, number] | undefined {
  if (!NUMERIC.has(type)) {
    for (const end of [spec.min, spec.max])
      if (end) ctx.report.add("import-field-ignored", end.at, { where: `for a ${type} control` });
    return undefined;
  }
  const known = target?.param.ref?.param;
  const min = spec.min?.value ?? known?.min ?? undefined;
  const max = spec.max?.value ?? known?.max ?? undefined;
  if (spec.min === undefined && spec.max === undefined)
    return min !== undefined && max !== undefined ? [min, max] : undefined;
  if (min === undefined || max === undefined) {
    const given = (spec.min ?? spec.max)!;
    ctx.report.add(
      "import-field-ignored",
      given.at,
      { where: "without both min and max" },
      { help: ["a slider range needs both ends"] },
    );
    return undefined;
  }
  if (min > max) {
    ctx.report.add("import-invalid-value", (spec.min ?? spec.max)!.at, {
      value: `${min}..${max}`,
      expected: "a range whose min is not above its max",
    });
    return undefined;
  }
  return [min, max];
}

function menuEntries(target: ResolvedTarget | undefined): ControlDraft["entries"] {
  const p = target?.param.ref?.param;
  if (!p?.menuNames?.length) return undefined;
  return p.menuNames.map((name, i) => {
    const label = p.menuLabels?.[i];
    return label ? { name, label } : { name };
  });
}

function bindAll(name: string, targets: readonly ResolvedTarget[], ctx: ConvertContext): void {
  for (const t of targets)
    ctx.assignments.set(t.node, { param: t.param.name, value: bind(name), driver: "bind", at: t.at });
}

export function convertControl(spec: ControlSpec, ctx: ConvertContext): void {
  const targets = spec.targets.map((t) => resolveTarget(t, ctx)).filter((t) => t !== undefined);
  const first = targets[0];
  let type: ControlType | undefined;
  if (spec.type !== undefined) {
    type = readControlType(spec.type, ctx.report);
    if (type === undefined) return;
  } else {
    type = first ? controlTypeFor(first.param.ref) : spec.default ? controlTypeOfValue(spec.default.value) : "float";
    if (type === undefined) {
      ctx.report.add(
        "import-missing-field",
        { path: `${spec.at.path}.type`, range: spec.name.at.range },
        {},
        {
          help: [
            "the control's type cannot be told from its target or default: give 'type' (float, int, toggle, menu, rgb, ...)",
          ],
        },
      );
      return;
    }
  }
  const draft: ControlDraft = { type, at: spec.at };
  const value =
    spec.default !== undefined
      ? controlDefault(type, spec.default, ctx.table, ctx.report)
      : first && startingValue(first, type, ctx);
  if (value !== undefined) draft.default = value;
  const r = range(type, spec, first, ctx);
  if (r) draft.range = r;
  const label = spec.label?.value ?? first?.param.ref?.param.label ?? undefined;
  if (label) draft.label = label;
  if (spec.description) draft.help = spec.description.value;
  if (type === "menu" || type === "strmenu") {
    const entries = spec.entries?.map((e) => ({ name: e.value })) ?? menuEntries(first);
    if (entries) draft.entries = entries;
  }
  const name = ctx.panel.add(draft, spec.name);
  if (name !== undefined) bindAll(name, targets, ctx);
}

/** The value a control starts at when the JSON gives none: the target's own setting in `nodes[]`. */
function startingValue(target: ResolvedTarget, type: ControlType, ctx: ConvertContext): ControlDraft["default"] {
  const own = ctx.assignments.get(target.node, target.param.name);
  if (own?.driver === "constant" && fitsControl(type, own.value)) return own.value;
  return undefined;
}

export function convertExposed(spec: ExposedParamSpec, ctx: ConvertContext): void {
  if (spec.value !== undefined && spec.expr !== undefined) {
    ctx.report.add(
      "import-value-conflict",
      spec.expr.at,
      { first: "'value'", second: "'expr'" },
      { help: ["'value' makes a control the artist plays; 'expr' makes the parameter follow Python"] },
    );
    return;
  }
  const target = resolveTarget(spec, ctx);
  if (target === undefined) return;
  if (spec.expr !== undefined) {
    for (const extra of [spec.name, spec.label, spec.description, spec.min, spec.max]) {
      if (extra !== undefined)
        ctx.report.add("import-field-ignored", extra.at, { where: "for a parameter driven by an expression" });
    }
    const python = rewriteOpReferences(target.node, spec.expr, ctx.table, ctx.report);
    if (python !== undefined)
      ctx.assignments.set(target.node, {
        param: target.param.name,
        value: expression(python),
        driver: "expression",
        at: spec.expr.at,
      });
    return;
  }
  const type = controlTypeFor(target.param.ref);
  if (type === undefined) {
    ctx.report.add(
      "import-invalid-value",
      spec.param.at,
      { value: `'${spec.param.value}'`, expected: "a parameter whose kind is known, so a control can drive it" },
      {
        help: ["give a 'controls[]' entry with an explicit 'type' targeting this parameter instead"],
      },
    );
    return;
  }
  const draft: ControlDraft = { type, at: spec.at };
  const value =
    spec.value === undefined
      ? startingValue(target, type, ctx)
      : controlDefault(type, spec.value, ctx.table, ctx.report);
  if (value !== undefined) draft.default = value;
  const r = range(type, spec, target, ctx);
  if (r) draft.range = r;
  const label = spec.label?.value ?? target.param.ref?.param.label ?? undefined;
  if (label) draft.label = label;
  if (spec.description) draft.help = spec.description.value;
  if (type === "menu" || type === "strmenu") {
    const entries = menuEntries(target);
    if (entries) draft.entries = entries;
  }
  const name = ctx.panel.add(draft, spec.name ?? { generated: spec.param.value });
  if (name !== undefined) bindAll(name, [target], ctx);
}
