/**
 * Lower: the checked model to the ordered operation list that builds it. Operations come in phases
 * (see PHASE_OF): creates (parents before children; inside a network, upstream nodes first),
 * custom parameter pages, parameter values, wires, flags, annotations, positions, and finally the
 * record svc keeps in each network COMP. Order inside a phase is canonical (by path), so the same
 * network gives the same list however its source is ordered.
 */
import { dirname, relative, sep } from "node:path";
import { topologicalOrder } from "../check/graph.js";
import { CONTROL_SUFFIXES } from "../check/styles.js";
import type { LayoutResult } from "../layout/layout.js";
import {
  FLAG_NAMES,
  walkComponents,
  type AnyNode,
  type ComponentModel,
  type CustomParamModel,
  type NetworkModel,
  type NodeModel,
  type ProgramModel,
  type Value,
} from "../model.js";
import { controlStyle } from "../check/context.js";
import {
  OWNER_TAG,
  PHASE_OF,
  type ConstantValue,
  type CustomParamSpec,
  type CustomParamStyle,
  type Operation,
  type OperatorFlag,
  type SetPositionOp,
} from "./operations.js";
import { lowerValue } from "./values.js";

export interface LowerOptions {
  /** Positions by absolute path (from layout); pinned positions are used when absent. */
  layout?: LayoutResult;
  /** Write the svc record into each network COMP (default true). */
  metadata?: boolean;
}

/** The key svc's record is stored under in a network COMP. */
const METADATA_KEY = "svc";

function parentPath(path: string): string {
  const cut = path.lastIndexOf("/");
  return cut <= 0 ? "/" : path.slice(0, cut);
}

/** Children of a level, upstream first; ties (and nodes without wires) by name. */
function creationOrder(comp: ComponentModel): NodeModel[] {
  // Kahn's algorithm follows insertion order: give it nodes and wires in a canonical order.
  const nodes = [...comp.body.nodes].sort((a, b) => (a.name < b.name ? -1 : 1));
  const keyed = comp.body.wires.map((w) => ({ w, key: `${w.from.node.name}\u0000${w.to.node.name}` }));
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const sorted = { ...comp, body: { nodes, wires: keyed.map((k) => k.w) } };
  const byName = new Map(comp.body.nodes.map((n) => [n.name, n]));
  return topologicalOrder(sorted).map((name) => byName.get(name)!);
}

/** Every node of a network in creation order: parents before children. */
function nodesInOrder(network: NetworkModel): AnyNode[] {
  const out: AnyNode[] = [network.root];
  const visit = (comp: ComponentModel) => {
    const children = creationOrder(comp);
    out.push(...children);
    for (const child of children) if (child.body !== undefined) visit(child as ComponentModel);
  };
  visit(network.root);
  return out;
}

function constantOf(v: Value | undefined): ConstantValue | ConstantValue[] | undefined {
  if (v === undefined) return undefined;
  switch (v.kind) {
    case "number":
    case "bool":
    case "string":
      return v.value;
    case "menu":
      return v.entry;
    case "name":
      return v.name;
    case "op-ref":
      return v.path;
    case "colour":
      return v.rgba.map((c) => Number(c.toFixed(6)));
    case "tuple": {
      const items = v.items.map(constantOf);
      return items.every((i) => i !== undefined && !Array.isArray(i)) ? (items as ConstantValue[]) : undefined;
    }
    default:
      return undefined;
  }
}

/** Styles of controls whose value names an operator. */
const REFERENCE_CONTROL_STYLES: ReadonlySet<string> = new Set([
  "TOP",
  "CHOP",
  "SOP",
  "POP",
  "DAT",
  "MAT",
  "COMP",
  "OP",
  "OBJ",
  "PanelCOMP",
  "Object",
]);

/**
 * A control's operator reference names a node of the network the control belongs to, that is a
 * child of the COMP that holds the control. TouchDesigner reads a plain name in an operator
 * parameter as a sibling of the parameter's operator; `./name` starts at the operator itself
 * (Internal Operators documents `./iparEffect` on a COMP's own parameter).
 */
function controlReference(
  value: ConstantValue | ConstantValue[] | undefined,
): ConstantValue | ConstantValue[] | undefined {
  if (typeof value !== "string" || value === "" || value.startsWith("/") || value.startsWith(".")) return value;
  return `./${value}`;
}

function customParamSpec(c: CustomParamModel): CustomParamSpec {
  const spec: CustomParamSpec = { name: c.name, style: controlStyle(c) as CustomParamStyle, label: c.label ?? c.name };
  let initial = constantOf(c.default);
  if (REFERENCE_CONTROL_STYLES.has(spec.style)) initial = controlReference(initial);
  // An RGB control's colour default has no alpha component.
  if (Array.isArray(initial) && CONTROL_SUFFIXES[c.type] !== undefined)
    initial = initial.slice(0, CONTROL_SUFFIXES[c.type]!.length);
  if (initial !== undefined) spec.default = initial;
  if (c.help !== undefined && c.help !== "") spec.help = c.help;
  if (c.min !== undefined) spec.min = c.min;
  if (c.max !== undefined) spec.max = c.max;
  if (c.clamp) spec.clamp = true;
  if (c.entries !== undefined) {
    spec.menuNames = c.entries.map((e) => e.name);
    spec.menuLabels = c.entries.map((e) => e.label);
  }
  return spec;
}

/** Source files named relative to the entry file's folder, so the record does not depend on where the project lives. */
function sourceNamer(entry: string): (file: string) => string {
  const names = new Map<string, string>();
  return (file) => {
    let name = names.get(file);
    if (name === undefined) {
      name = relative(dirname(entry), file).split(sep).join("/") || file;
      names.set(file, name);
    }
    return name;
  };
}

/** `unplaced`: lower before the layout is known, each node's set-position there to be filled in (`lowerAwaitingLayout`). */
function lowerNetwork(
  network: NetworkModel,
  entry: string,
  options: LowerOptions,
  unplaced?: Map<SetPositionOp, AnyNode>,
): Operation[] {
  const ops: Operation[] = [];
  const nodes = nodesInOrder(network);
  for (const node of nodes) {
    const tags = node.meta.tags.length === 0 ? [OWNER_TAG] : [...new Set([OWNER_TAG, ...node.meta.tags])].sort();
    ops.push({
      kind: "create",
      path: node.path,
      parent: parentPath(node.path),
      name: node.name,
      type: node.type,
      tags,
      ...(node.renamedFrom === undefined ? {} : { renamedFrom: node.renamedFrom }),
      origin: node.origin,
    });
    for (const page of node.customPages) {
      ops.push({
        kind: "add-custom-page",
        path: node.path,
        page: page.name,
        params: page.params.map(customParamSpec),
        origin: page.origin,
      });
      // Defaults TouchDesigner cannot hold as constants (expressions, binds) are set after creation.
      for (const c of page.params) {
        if (c.default === undefined || constantOf(c.default) !== undefined) continue;
        const scalars = (CONTROL_SUFFIXES[c.type] ?? [""]).map((s) => c.name + s);
        ops.push(...lowerValue(node, scalars, c.default, c.origin));
      }
    }
    // Parameters in name order: the order they were written in means nothing.
    const params =
      node.params.length > 1
        ? [...node.params].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
        : node.params;
    for (const p of params) for (const op of lowerValue(node, p.scalars, p.value, p.origin)) ops.push(op);
    if (node.text !== undefined)
      ops.push({
        kind: "set-text",
        path: node.path,
        text: node.text.text,
        origin: node.text.origin,
        ...(node.text.file === undefined ? {} : { textFile: node.text.file }),
      });
    let flags: Partial<Record<OperatorFlag, boolean>> | undefined;
    for (const f of FLAG_NAMES) if (node.flags[f] !== undefined) (flags ??= {})[f] = node.flags[f];
    if (flags !== undefined) ops.push({ kind: "set-flags", path: node.path, flags, origin: node.origin });
    if (node.meta.comment !== undefined)
      ops.push({ kind: "set-comment", path: node.path, comment: node.meta.comment, origin: node.origin });
    if (node.meta.color !== undefined)
      ops.push({
        kind: "set-color",
        path: node.path,
        color: node.meta.color.map((c) => Number(c.toFixed(6))) as [number, number, number],
        origin: node.origin,
      });
    if (node !== network.root) {
      if (unplaced !== undefined) {
        const op: SetPositionOp = { kind: "set-position", path: node.path, x: 0, y: 0, origin: node.origin };
        unplaced.set(op, node);
        ops.push(op);
      } else {
        const position = options.layout?.positions.get(node.path) ?? node.pinned;
        if (position !== undefined)
          ops.push({ kind: "set-position", path: node.path, x: position.x, y: position.y, origin: node.origin });
      }
    }
  }
  for (const comp of walkComponents(network.root)) {
    const wires = [...comp.body.wires].sort((a, b) =>
      a.to.node.name < b.to.node.name
        ? -1
        : a.to.node.name > b.to.node.name
          ? 1
          : a.to.index - b.to.index || (a.from.node.name < b.from.node.name ? -1 : 1),
    );
    for (const w of wires)
      ops.push({
        kind: "connect",
        path: w.from.node.path,
        fromIndex: w.from.index,
        to: w.to.node.path,
        toIndex: w.to.index,
        origin: w.origin,
      });
  }
  if (options.metadata !== false) {
    const sources: Record<string, string> = {};
    const sourceName = sourceNamer(entry);
    for (const node of nodes)
      sources[node.path] =
        `${sourceName(node.origin.file)}:${node.origin.range.start.line}:${node.origin.range.start.column}`;
    ops.push({
      kind: "store-metadata",
      path: network.root.path,
      key: METADATA_KEY,
      value: { format: 1, network: network.name, sources },
      origin: network.origin,
    });
  }
  // Grouping by phase keeps the per-node order inside each phase.
  const phases: Operation[][] = [];
  for (const op of ops) (phases[PHASE_OF[op.kind]] ??= []).push(op);
  return phases.flatMap((p) => p ?? []);
}

/** Every network's operations, networks in name order. */
function lowerNetworks(
  program: ProgramModel,
  options: LowerOptions,
  unplaced?: Map<SetPositionOp, AnyNode>,
): Operation[] {
  return [...program.networks]
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((n) => lowerNetwork(n, program.entry, options, unplaced));
}

export function lowerProgram(program: ProgramModel, options: LowerOptions = {}): Operation[] {
  return lowerNetworks(program, options);
}

/**
 * Lowers a program whose layout is still running (in worker threads), so that this thread's work
 * and ELK's overlap; `place` then gives exactly what `lowerProgram` with that layout gives.
 */
export function lowerAwaitingLayout(
  program: ProgramModel,
  options: Omit<LowerOptions, "layout"> = {},
): { place(layout: LayoutResult | undefined): Operation[] } {
  const unplaced = new Map<SetPositionOp, AnyNode>();
  const operations = lowerNetworks(program, options, unplaced);
  return {
    place(layout) {
      const placed: Operation[] = [];
      for (const op of operations) {
        const node = op.kind === "set-position" ? unplaced.get(op) : undefined;
        if (op.kind !== "set-position" || node === undefined) {
          placed.push(op);
          continue;
        }
        const position = layout?.positions.get(node.path) ?? node.pinned;
        if (position !== undefined) placed.push({ ...op, x: position.x, y: position.y });
      }
      return placed;
    },
  };
}
