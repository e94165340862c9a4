/**
 * A network state (read live, or the desired state of a `.svcnet` file) as a TDN 2.0 document.
 * Every property is written on its own operator: no `type_defaults` or `par_templates` (both are
 * optional; TDN readers expand them, so the network is the same). What TDN cannot hold is
 * reported: a wire from an output other than the first (TDN inputs name only the source).
 */
import { BOOLEAN_FLAGS } from "../../grammar/ast.js";
import { getOperatorByType, getSequence, readSequenceName } from "../../kb/index.js";
import {
  type CustomPageState,
  type CustomParState,
  customScalarNames,
  isDefaultColour,
  type NetworkState,
  type NodeState,
  OWNER_TAG,
} from "../engine/index.js";
import type { TdnObject, TdnValue } from "./document.js";
import { isTableDat, tableRows } from "./dat-content.js";
import { channel } from "./node-fields.js";
import { tdnNumber, writeConstant, writeParamValue } from "./values.js";

const TDN_FORMAT_VERSION = "2.0";

export interface TdnExportProblem {
  path: string;
  message: string;
}

export interface TdnExportOptions {
  generator: string;
  /** TouchDesigner's build, when known (a file export has none: "unknown"). */
  tdBuild?: string;
  /** The time written as `exported_at` (ISO 8601, UTC). */
  exportedAt: string;
  /** The TouchDesigner path written as `network_path` (default: the state's root). */
  networkPath?: string;
}

const nameOf = (path: string) => path.slice(path.lastIndexOf("/") + 1);
const parentOf = (path: string) => path.slice(0, path.lastIndexOf("/")) || "/";
const MULTI = new Set(["RGB", "RGBA", "XY", "XYZ", "XYZW", "UV", "UVW", "WH"]);

function isStandardDefault(v: unknown): boolean {
  return v === 0 || v === "" || v === false || (Array.isArray(v) && v.every(isStandardDefault));
}

function customPar(p: CustomParState): TdnObject {
  const out: TdnObject = { name: p.name };
  if (p.label !== undefined && p.label !== p.name) out.label = p.label;
  out.style = p.style;
  if (p.default !== undefined && p.default !== null && !isStandardDefault(p.default)) {
    out.default = Array.isArray(p.default) ? p.default.map((v) => writeConstant(v)) : writeConstant(p.default);
  }
  const min = p.min ?? 0;
  const max = p.max ?? 1;
  if (min !== 0) Object.assign(out, { min, normMin: min });
  if (max !== 1) Object.assign(out, { max, normMax: max });
  if (p.clamp === true) Object.assign(out, { clampMin: true, clampMax: true });
  if (p.menuNames !== undefined) out.menuNames = p.menuNames;
  if (p.menuLabels !== undefined && p.menuLabels.some((l, i) => l !== p.menuNames?.[i])) out.menuLabels = p.menuLabels;
  if (p.help) out.help = p.help;
  if (MULTI.has(p.style) && Array.isArray(out.default))
    out.default = out.default.map((v) => (typeof v === "number" ? tdnNumber(v) : v));
  return out;
}

function customPars(pages: readonly CustomPageState[] | undefined): TdnObject | undefined {
  if (pages === undefined || pages.length === 0) return undefined;
  return Object.fromEntries(pages.map((page) => [page.name, page.pars.map(customPar)]));
}

/** Built-in parameters, with the blocks of parameter sequences moved to `sequences`. */
function parametersOf(node: NodeState, skip: ReadonlySet<string>): { parameters?: TdnObject; sequences?: TdnObject } {
  const op = getOperatorByType(node.type);
  const parameters: TdnObject = {};
  const blocks = new Map<string, TdnObject[]>();
  const counts = new Map<string, number>();
  for (const name of Object.keys(node.params).sort()) {
    if (skip.has(name)) continue;
    const p = node.params[name]!;
    const seq = op === undefined ? undefined : getSequence(op, name);
    if (seq !== undefined && p.mode === "constant" && typeof p.value === "number") {
      counts.set(name, p.value);
      continue;
    }
    const m = op === undefined ? undefined : readSequenceName(op, name);
    if (m?.kind === "block") {
      const list = blocks.get(m.sequence.name) ?? [];
      while (list.length <= m.block) list.push({});
      list[m.block]![name.slice(`${m.sequence.name}${m.block}`.length)] = writeParamValue(p);
      blocks.set(m.sequence.name, list);
      continue;
    }
    parameters[name] = writeParamValue(p);
  }
  for (const [seqName, count] of counts) {
    const list = blocks.get(seqName) ?? [];
    while (list.length < count) list.push({});
    blocks.set(seqName, list);
  }
  const sequences = Object.fromEntries([...blocks].sort(([a], [b]) => a.localeCompare(b)));
  return {
    ...(Object.keys(parameters).length > 0 ? { parameters } : {}),
    ...(Object.keys(sequences).length > 0 ? { sequences } : {}),
  };
}

/** TDN flags: those off by default listed when on, `expose` and `allowCooking` as `-name` when off. */
function flagList(flags: Record<string, boolean>): string[] {
  const on = BOOLEAN_FLAGS.filter((f) => flags[f] === true);
  const off = ["expose", "allowCooking"].filter((f) => flags[f] === false).map((f) => `-${f}`);
  return [...on, ...off].sort();
}

class Writer {
  readonly problems: TdnExportProblem[] = [];
  constructor(private readonly state: NetworkState) {}

  children(level: string): NodeState[] {
    return [...this.state.nodes.values()]
      .filter((n) => n.path !== level && parentOf(n.path) === level)
      .sort((a, b) => nameOf(a.path).localeCompare(nameOf(b.path)));
  }

  private inputs(node: NodeState): TdnValue[] | undefined {
    const into = this.state.wires.filter((w) => w.to === node.path);
    if (into.length === 0) return undefined;
    const list: TdnValue[] = [];
    for (const w of into.sort((a, b) => a.toInput - b.toInput)) {
      while (list.length < w.toInput) list.push(null);
      if (w.fromOutput !== 0) {
        this.problems.push({
          path: node.path,
          message: `input ${w.toInput} comes from output ${w.fromOutput} of ${nameOf(w.from)}; TDN names only the source, so it reads as output 0`,
        });
      }
      list[w.toInput] = parentOf(w.from) === parentOf(node.path) ? nameOf(w.from) : w.from;
    }
    return list;
  }

  operator(node: NodeState): TdnObject {
    const out: TdnObject = { name: nameOf(node.path), type: node.type };
    const x = node.position?.x ?? 0;
    const y = node.position?.y ?? 0;
    if (x !== 0 || y !== 0) out.position = [tdnNumber(x), tdnNumber(y)];
    if (node.color && !isDefaultColour(node.color)) out.color = node.color.map(channel);
    if (node.comment) out.comment = node.comment;
    const tags = node.tags.filter((t) => t !== OWNER_TAG);
    if (tags.length > 0) out.tags = tags;
    Object.assign(out, parametersOf(node, customScalarNames(node)));
    const pars = customPars(node.customPages);
    if (pars) out.custom_pars = pars;
    const flags = flagList(node.flags);
    if (flags.length > 0) out.flags = flags;
    const inputs = this.inputs(node);
    if (inputs) out.inputs = inputs;
    if (node.text !== undefined && node.text !== "" && node.type.endsWith("DAT")) {
      const table = isTableDat(node.type);
      out.dat_content = table ? tableRows(node.text) : node.text;
      out.dat_content_format = table ? "table" : "text";
    }
    const children = this.children(node.path);
    if (children.length > 0) out.children = children.map((c) => this.operator(c));
    return out;
  }
}

export function stateToTdn(
  state: NetworkState,
  options: TdnExportOptions,
): { document: TdnObject; problems: TdnExportProblem[] } {
  const writer = new Writer(state);
  const root = state.nodes.get(state.root);
  const document: TdnObject = {
    format: "tdn",
    version: TDN_FORMAT_VERSION,
    generator: options.generator,
    td_build: options.tdBuild ?? "unknown",
    exported_at: options.exportedAt,
    network_path: options.networkPath ?? state.root,
    type: root?.type ?? "baseCOMP",
    options: { include_dat_content: true, include_storage: false },
  };
  const pars = customPars(root?.customPages);
  if (pars) document.custom_pars = pars;
  document.operators = writer.children(state.root).map((n) => writer.operator(n));
  return { document, problems: writer.problems };
}
