/**
 * `custom_pars` (pages of custom parameter definitions, or `$t` references to `par_templates`) as
 * the controls of a COMP. A control has one value, its default: a TDN `value` becomes it. What a
 * control cannot say (a menu filled from a DAT, a read-only or section-starting parameter, limits
 * other than the slider range) is reported, never dropped quietly.
 */
import type { CustomPageState, CustomParState, JsonValue } from "../engine/index.js";
import { isObject, kindOf, type TdnObject, type TdnValue } from "./document.js";
import { where, type FieldPath, type FileContext } from "./context.js";

/** TouchDesigner styles a `.svcnet` control type stands for. */
const CONTROL_STYLES = new Set([
  "Float",
  "Int",
  "Toggle",
  "Pulse",
  "Momentary",
  "Str",
  "Menu",
  "StrMenu",
  "RGB",
  "RGBA",
  "XY",
  "XYZ",
  "XYZW",
  "UV",
  "UVW",
  "WH",
  "OP",
  "COMP",
  "TOP",
  "CHOP",
  "SOP",
  "DAT",
  "MAT",
  "POP",
  "Object",
  "PanelCOMP",
  "File",
  "Folder",
  "Python",
  "Header",
]);
/** Styles the specification lists that no control type writes. */
const OTHER_STYLES = new Set(["FileSave", "Sequence"]);
const MULTI = new Set(["RGB", "RGBA", "XY", "XYZ", "XYZW", "UV", "UVW", "WH"]);

const DEFINITION_FIELDS = new Set([
  "name",
  "label",
  "style",
  "size",
  "default",
  "min",
  "max",
  "clampMin",
  "clampMax",
  "normMin",
  "normMax",
  "menuNames",
  "menuLabels",
  "menuSource",
  "startSection",
  "readOnly",
  "help",
  "value",
  "values",
]);

function strings(v: TdnValue | undefined): string[] | undefined {
  return Array.isArray(v) && v.every((x) => typeof x === "string") ? (v as string[]) : undefined;
}

function num(v: TdnValue | undefined, fallback: number): number {
  return typeof v === "number" ? v : fallback;
}

/** A control's value: a constant (an expression or bind is reported by the caller). */
function constantOf(v: TdnValue | undefined): JsonValue | undefined | "dynamic" {
  if (typeof v === "string" && (v.startsWith("=") || v.startsWith("~"))) {
    return v.startsWith("==") || v.startsWith("~~") ? v.slice(1) : "dynamic";
  }
  if (Array.isArray(v)) {
    const items = v.map(constantOf);
    return items.some((i) => i === "dynamic" || i === undefined) ? "dynamic" : (items as JsonValue[]);
  }
  return v === undefined ? undefined : (v as JsonValue);
}

function readDefinition(def: TdnValue, path: FieldPath, ctx: FileContext): CustomParState | undefined {
  const at = (...k: (string | number)[]) => where(ctx, [...path, ...k]);
  if (!isObject(def)) {
    ctx.report.add("tdn-field-type", at(), {
      expected: "a custom parameter definition (a mapping)",
      actual: kindOf(def),
    });
    return undefined;
  }
  if (typeof def.name !== "string" || typeof def.style !== "string") {
    ctx.report.add("tdn-field-type", at(typeof def.name !== "string" ? "name" : "style"), {
      expected: "a string",
      actual: kindOf(typeof def.name !== "string" ? def.name : def.style),
    });
    return undefined;
  }
  for (const key of Object.keys(def)) if (!DEFINITION_FIELDS.has(key)) ctx.report.add("tdn-unknown-field", at(key));
  const style = def.style;
  if (!CONTROL_STYLES.has(style)) {
    const help = OTHER_STYLES.has(style) ? [] : ["the TDN specification lists no such style either"];
    ctx.report.add("tdn-unsupported-style", at("style"), { style }, { help });
    return undefined;
  }
  if (typeof def.size === "number" && def.size > 1) {
    ctx.report.add("tdn-no-meaning", at("size"), {
      what: `a ${style} of ${def.size} components (a control is one value or a named tuplet such as xyz)`,
    });
    return undefined;
  }
  const par: CustomParState = { name: def.name, style, label: typeof def.label === "string" ? def.label : def.name };
  if (typeof def.help === "string" && def.help !== "") par.help = def.help;
  const normMin = num(def.normMin, 0);
  const normMax = num(def.normMax, 1);
  if (normMin !== 0 || normMax !== 1) Object.assign(par, { min: normMin, max: normMax });
  const clampMin = def.clampMin === true;
  const clampMax = def.clampMax === true;
  if (clampMin && clampMax) par.clamp = true;
  else if (clampMin || clampMax)
    ctx.report.add("tdn-no-meaning", at(clampMin ? "clampMin" : "clampMax"), {
      what: "clamping one end only (a control clamps both ends or none)",
    });
  if (num(def.min, 0) !== normMin || num(def.max, 1) !== normMax) {
    ctx.report.add("tdn-no-meaning", at(num(def.min, 0) !== normMin ? "min" : "max"), {
      what: `limits other than the slider range ${normMin}..${normMax} (a control has one range)`,
    });
  }
  const menuNames = strings(def.menuNames);
  if (menuNames) {
    par.menuNames = menuNames;
    const labels = strings(def.menuLabels);
    if (labels && labels.length === menuNames.length && labels.some((l, i) => l !== menuNames[i]))
      par.menuLabels = labels;
  }
  if (def.menuSource !== undefined)
    ctx.report.add("tdn-no-meaning", at("menuSource"), { what: "a menu filled from a DAT or expression" });
  if (def.startSection === true) ctx.report.add("tdn-no-meaning", at("startSection"), { what: "a section start" });
  if (def.readOnly === true) ctx.report.add("tdn-no-meaning", at("readOnly"), { what: "a read-only control" });
  const key = MULTI.has(style) ? "values" : "value";
  const given = constantOf(def[key] ?? def.value ?? def.values);
  if (given === "dynamic") {
    ctx.report.add("tdn-no-meaning", at(def[key] !== undefined ? key : def.value !== undefined ? "value" : "values"), {
      what: "a control's expression or bind (a control holds a constant)",
    });
  }
  let value = given === "dynamic" || given === undefined ? constantOf(def.default) : given;
  if (value === "dynamic") value = undefined;
  if (
    given !== undefined &&
    given !== "dynamic" &&
    def.default !== undefined &&
    JSON.stringify(def.default) !== JSON.stringify(given)
  ) {
    ctx.report.add("tdn-normalised", at("default"), {
      what: `the control's value becomes its default (${JSON.stringify(given)}); the default ${JSON.stringify(def.default)} is not kept`,
    });
  }
  // A menu's value may be written as its index.
  if ((style === "Menu" || style === "StrMenu") && typeof value === "number" && menuNames?.[value] !== undefined)
    value = menuNames[value]!;
  if (value !== undefined && style !== "Pulse" && style !== "Momentary" && style !== "Header") par.default = value;
  return par;
}

/** A page: a list of definitions, or `{$t: template, Name: value, ...}`. */
function pageDefinitions(
  page: TdnValue,
  path: FieldPath,
  ctx: FileContext,
): { defs: TdnValue[]; paths: FieldPath[] } | undefined {
  if (Array.isArray(page)) return { defs: page, paths: page.map((_, i) => [...path, i]) };
  if (isObject(page) && typeof page.$t === "string") {
    const template = ctx.templates[page.$t];
    if (!Array.isArray(template)) {
      ctx.report.add("tdn-unknown-template", where(ctx, [...path, "$t"]), { name: page.$t });
      return undefined;
    }
    const names = new Set(template.map((d) => (isObject(d) ? d.name : undefined)));
    for (const key of Object.keys(page)) {
      if (key !== "$t" && !names.has(key)) ctx.report.add("tdn-unknown-field", where(ctx, [...path, key]));
    }
    const defs = template.map((d): TdnValue => {
      if (!isObject(d) || typeof d.name !== "string" || page[d.name] === undefined) return d;
      const multi = MULTI.has(String(d.style)) || (typeof d.size === "number" && d.size > 1);
      return { ...d, [multi ? "values" : "value"]: page[d.name]! };
    });
    return { defs, paths: template.map((_, i) => ["par_templates", page.$t as string, i]) };
  }
  ctx.report.add("tdn-field-type", where(ctx, path), {
    expected: "a list of definitions or a template reference ($t)",
    actual: kindOf(page),
  });
  return undefined;
}

export function readCustomPars(value: TdnValue, path: FieldPath, ctx: FileContext): CustomPageState[] {
  if (!isObject(value)) {
    ctx.report.add("tdn-field-type", where(ctx, path), { expected: "a mapping of page names", actual: kindOf(value) });
    return [];
  }
  const pages: CustomPageState[] = [];
  for (const [name, page] of Object.entries(value as TdnObject)) {
    const read = pageDefinitions(page, [...path, name], ctx);
    if (read === undefined) continue;
    const pars = read.defs
      .map((d, i) => readDefinition(d, read.paths[i]!, ctx))
      .filter((p): p is CustomParState => p !== undefined);
    pages.push({ name, pars });
  }
  return pages;
}

/**
 * The controls of a COMP described twice: a `tdn_ref` stub in the parent file repeats the custom
 * parameters of the COMP its referenced file describes (Embody writes the shell's definition, then
 * the file owns the COMP). Each control of `over` replaces the one of `base` with its name, in its
 * place; the rest of `over` joins its page (or a new page). Returns the merged pages and the names
 * whose two definitions differ.
 */
export function mergeCustomPages(
  base: readonly CustomPageState[],
  over: readonly CustomPageState[],
): { pages: CustomPageState[]; differing: string[] } {
  const pages = base.map((p) => ({ name: p.name, pars: [...p.pars] }));
  const differing: string[] = [];
  for (const page of over) {
    for (const par of page.pars) {
      const holder = pages.find((p) => p.pars.some((q) => q.name === par.name));
      if (holder !== undefined) {
        const i = holder.pars.findIndex((q) => q.name === par.name);
        if (JSON.stringify(holder.pars[i]) !== JSON.stringify(par)) differing.push(par.name);
        holder.pars[i] = par;
        continue;
      }
      let target = pages.find((p) => p.name === page.name);
      if (target === undefined) {
        target = { name: page.name, pars: [] };
        pages.push(target);
      }
      target.pars.push(par);
    }
  }
  return { pages, differing };
}

/** Notes the controls a tdn_ref stub and its referenced file define differently (the file's are kept). */
export function noteStubDifferences(names: readonly string[], path: FieldPath, ctx: FileContext): void {
  if (names.length === 0) return;
  ctx.report.add("tdn-normalised", where(ctx, path), {
    what: `the COMP's tdn_ref stub and its referenced file define ${names.join(", ")} differently; the referenced file's definition is kept (it owns the COMP)`,
  });
}
