/**
 * The documented normalisation under which two TDN documents describe the same network: what
 * TDN readers do on import (expand `type_defaults` and `par_templates`, join v1.5 line lists,
 * default a missing position to [0, 0]) and what a round trip through `.svcnet` keeps (a
 * control's value as its default, colours to 1/255, floats to 10 decimals, a sibling's full path
 * in `inputs` as its name), without the header fields that name the writer, the format version
 * and the time (version, generator, td_build, build, source_file, exported_at,
 * options.include_storage). Used to compare a TDN file with what svc exports after applying it.
 */
import { isObject, type TdnObject, type TdnValue } from "./document.js";
import { channel } from "./node-fields.js";
import { tdnNumber } from "./values.js";

const HEADER = new Set(["generator", "td_build", "build", "source_file", "exported_at"]);
const MULTI = new Set(["RGB", "RGBA", "XY", "XYZ", "XYZW", "UV", "UVW", "WH"]);

function numbers(v: TdnValue): TdnValue {
  if (typeof v === "number") return tdnNumber(v);
  if (Array.isArray(v)) return v.map(numbers);
  if (isObject(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, numbers(x)]));
  return v;
}

function customPar(def: TdnValue): TdnValue {
  if (!isObject(def)) return def;
  const out: TdnObject = { ...def };
  const key = MULTI.has(String(def.style)) ? "values" : "value";
  if (out[key] !== undefined) out.default = out[key]!;
  delete out.value;
  delete out.values;
  if (out.label === out.name) delete out.label;
  if (MULTI.has(String(def.style)) && Array.isArray(out.default) && String(def.style).startsWith("RGB"))
    out.default = out.default.map((c) => (typeof c === "number" ? channel(c) : c));
  for (const [k, d] of [
    ["min", 0],
    ["max", 1],
    ["normMin", 0],
    ["normMax", 1],
  ] as const)
    if (out[k] === d) delete out[k];
  if (out.default === 0 || out.default === "" || out.default === false) delete out.default;
  return out;
}

function customPars(pages: TdnValue, templates: TdnObject): TdnValue {
  if (!isObject(pages)) return pages;
  return Object.fromEntries(
    Object.entries(pages).map(([name, page]) => {
      if (isObject(page) && typeof page.$t === "string" && Array.isArray(templates[page.$t])) {
        const defs = (templates[page.$t] as TdnValue[]).map((d) =>
          isObject(d) && typeof d.name === "string" && page[d.name] !== undefined ? { ...d, value: page[d.name]! } : d,
        );
        return [name, defs.map(customPar)];
      }
      return [name, Array.isArray(page) ? page.map(customPar) : page];
    }),
  );
}

interface Scope {
  typeDefaults: TdnObject;
  templates: TdnObject;
  /** The TouchDesigner path of the level the operator sits in, to read a sibling's full path as its name. */
  level: string;
}

function operator(def: TdnValue, scope: Scope): TdnValue {
  if (!isObject(def)) return def;
  const { typeDefaults, templates } = scope;
  const out: TdnObject = { ...def };
  const defaults = typeDefaults[String(def.type)];
  if (isObject(defaults)) {
    for (const key of ["flags", "size", "color", "tags"])
      if (out[key] === undefined && defaults[key] !== undefined) out[key] = defaults[key]!;
    if (isObject(defaults.parameters))
      out.parameters = { ...defaults.parameters, ...(isObject(def.parameters) ? def.parameters : {}) };
  }
  if (Array.isArray(out.position) && out.position[0] === 0 && out.position[1] === 0) delete out.position;
  if (Array.isArray(out.color)) out.color = out.color.map((c) => (typeof c === "number" ? channel(c) : c));
  if (Array.isArray(out.flags)) out.flags = [...out.flags].sort();
  if (Array.isArray(out.tags)) out.tags = [...out.tags].sort();
  if (out.dat_content_format === "text" && Array.isArray(out.dat_content)) out.dat_content = out.dat_content.join("\n");
  if (out.custom_pars !== undefined) out.custom_pars = customPars(out.custom_pars, templates);
  if (Array.isArray(out.inputs)) {
    out.inputs = out.inputs.map((s) =>
      typeof s === "string" && s.startsWith(scope.level + "/") && !s.slice(scope.level.length + 1).includes("/")
        ? s.slice(scope.level.length + 1)
        : s,
    );
  }
  const inner = { ...scope, level: `${scope.level}/${String(def.name)}` };
  if (Array.isArray(out.children)) out.children = sortByName(out.children.map((c) => operator(c, inner)));
  return out;
}

function sortByName(list: TdnValue[]): TdnValue[] {
  return [...list].sort((a, b) => String(isObject(a) ? a.name : "").localeCompare(String(isObject(b) ? b.name : "")));
}

export function normaliseTdn(doc: TdnValue): TdnValue {
  if (!isObject(doc)) return doc;
  const typeDefaults = isObject(doc.type_defaults) ? doc.type_defaults : {};
  const templates = isObject(doc.par_templates) ? doc.par_templates : {};
  const out: TdnObject = {};
  for (const [k, v] of Object.entries(doc)) {
    if (HEADER.has(k) || k === "type_defaults" || k === "par_templates") continue;
    out[k] = v;
  }
  delete out.version;
  if (isObject(out.options)) out.options = { include_dat_content: out.options.include_dat_content ?? true };
  if (out.custom_pars !== undefined) out.custom_pars = customPars(out.custom_pars, templates);
  const level = typeof doc.network_path === "string" ? doc.network_path.replace(/\/$/, "") : "";
  if (Array.isArray(out.operators))
    out.operators = sortByName(out.operators.map((o) => operator(o, { typeDefaults, templates, level })));
  return numbers(out);
}
