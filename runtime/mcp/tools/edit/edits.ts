/**
 * The atomic edits, each a change to an opened network's syntax tree. A tool runs one; a batch
 * runs several on the same tree and applies them as one plan. Each returns the nodes it changed
 * (the plan may change those and nothing else) and a line saying what it did.
 */
import type * as A from "../../../../grammar/ast.js";
import { getOperatorByType, getParam, resolveTuplet } from "../../../../kb/index.js";
import { NO_RANGE } from "../../../../diagnostics/source-range.js";
import {
  addNode,
  isRecipeUse,
  connect,
  freeName,
  levelAt,
  nodeAt,
  removeEdges,
  removeNode,
  removeParam,
  setBooleanFlag,
  setParam,
  type EdgeSpec,
} from "./ast-edit.js";
import { isOwned, nameOf, parentOf, type EditableNetwork } from "./live-network.js";
import { toValue, type ParamInput } from "./param-values.js";
import { EditRefusal } from "./refusal.js";

export type Edit =
  | {
      op: "create_node";
      parent: string;
      type: string;
      name?: string | undefined;
      parameters?: Record<string, ParamInput> | undefined;
    }
  | { op: "set_parameter"; path: string; parameter: string; value: ParamInput }
  | { op: "reset_parameter"; path: string; parameter: string }
  | { op: "connect"; from: string; to: string; from_output?: number | undefined; to_input?: number | undefined }
  | { op: "disconnect"; to: string; from?: string | undefined; to_input?: number | undefined }
  | { op: "bypass"; path: string; on: boolean }
  | { op: "delete"; path: string }
  | { op: "set_dat_content"; path: string; text: string }
  | { op: "swap_type"; path: string; type: string };

export interface StepResult {
  /** Nodes whose declaration, inputs or existence changed. */
  touched: string[];
  note: string;
  /** swap_type: the parameters kept and those the new type has no place for. */
  kept?: string[];
  dropped?: string[];
  /** create_node: where the node is and whether an existing one was reused. */
  path?: string;
  reused?: boolean;
}

function setParameters(decl: A.NodeDecl, parameters: Record<string, ParamInput> | undefined): void {
  for (const [name, value] of Object.entries(parameters ?? {}))
    setParam(decl, name, toValue(decl.type.name, name, value));
}

function createNode(net: EditableNetwork, e: Extract<Edit, { op: "create_node" }>): StepResult {
  const level = levelAt(net, e.parent);
  const name = e.name ?? freeName(net, level, e.type);
  const path = `${level.path}/${name}`;
  const existing = level.body.nodes.find((n) => n.name.name === name);
  if (existing !== undefined) {
    if (existing.type.name !== e.type) {
      throw new EditRefusal(
        "name-taken",
        `${path} already exists as a ${existing.type.name}; choose another name, or delete it first`,
        { path, type: existing.type.name },
      );
    }
    // The same node asked for again: keep it, and set what this call gives.
    setParameters(existing, e.parameters);
    return { touched: [path], note: `reused ${path} (${e.type})`, path, reused: true };
  }
  const live = net.live.nodes.get(path);
  if (live !== undefined && !isOwned(live)) {
    throw new EditRefusal(
      "not-owned",
      `${path} already exists and was not built by svc, so svc will not take it over or change it; choose another name`,
      { path },
    );
  }
  const decl = addNode(level, name, e.type);
  setParameters(decl, e.parameters);
  return { touched: [path], note: `created ${path} (${e.type})`, path, reused: false };
}

/** A recipe instance's arguments change what is inside it: its whole subtree is the edit's. */
const scope = (decl: A.NodeDecl, path: string) => (isRecipeUse(decl) ? [path, `${path}/`] : [path]);

function setParameter(net: EditableNetwork, e: Extract<Edit, { op: "set_parameter" }>): StepResult {
  const { decl, path } = nodeAt(net, e.path);
  setParam(decl, e.parameter, toValue(decl.type.name, e.parameter, e.value));
  return { touched: scope(decl, path), note: `${path}.${e.parameter} set` };
}

/** The parameter and, for a tuplet, its components: the scalar names svc's record keeps. */
function scalarsOf(type: string, parameter: string): string[] {
  const tuplet = resolveTuplet(type, parameter);
  return tuplet === undefined || tuplet.index !== null ? [parameter] : [parameter, ...tuplet.components];
}

function resetParameter(net: EditableNetwork, e: Extract<Edit, { op: "reset_parameter" }>): StepResult {
  const { decl, path } = nodeAt(net, e.path);
  if (isRecipeUse(decl)) {
    // A recipe argument left out takes the recipe's default.
    const had = removeParam(decl, e.parameter);
    return {
      touched: scope(decl, path),
      note: had
        ? `${path}: argument ${e.parameter} back to the recipe's default`
        : `${path}: argument ${e.parameter} was not given`,
    };
  }
  const names = scalarsOf(decl.type.name, e.parameter);
  const last = net.lastApplied?.nodes.get(path);
  if (!names.some((n) => last?.params[n] !== undefined)) {
    // Not svc's value: either nothing is set, or the artist set it live (theirs to keep).
    const setLive = names.some((n) => net.live.nodes.get(path)?.params[n] !== undefined);
    if (!setLive) return { touched: [path], note: `${path}.${e.parameter} is already at its default` };
    throw new EditRefusal(
      "not-set-by-svc",
      `${path}.${e.parameter} was set in TouchDesigner, not by svc, and svc leaves such values alone; give it the value you want with set_parameter instead`,
      { path, parameter: e.parameter },
    );
  }
  removeParam(decl, e.parameter);
  return { touched: scope(decl, path), note: `${path}.${e.parameter} back to its default` };
}

function siblings(net: EditableNetwork, from: string, to: string): void {
  if (parentOf(from) !== parentOf(to)) {
    throw new EditRefusal(
      "not-siblings",
      `${from} and ${to} are in different networks; wires join nodes of one network (use In/Out operators to cross a COMP)`,
    );
  }
  nodeAt(net, from);
  nodeAt(net, to);
}

function connectNodes(net: EditableNetwork, e: Extract<Edit, { op: "connect" }>): StepResult {
  siblings(net, e.from, e.to);
  const level = levelAt(net, parentOf(e.to));
  const edge: EdgeSpec = {
    from: nameOf(e.from),
    fromOutput: e.from_output ?? 0,
    to: nameOf(e.to),
    toInput: e.to_input ?? 0,
  };
  const replaced = connect(level, edge);
  const was = replaced.length ? ` (replacing ${replaced.map((r) => `${r.from}[${r.fromOutput}]`).join(", ")})` : "";
  return { touched: [e.to], note: `${edge.from}[${edge.fromOutput}] -> ${edge.to}[${edge.toInput}]${was}` };
}

function disconnectNodes(net: EditableNetwork, e: Extract<Edit, { op: "disconnect" }>): StepResult {
  const { level, path } = nodeAt(net, e.to);
  if (e.from !== undefined) siblings(net, e.from, e.to);
  const to = nameOf(path);
  const from = e.from === undefined ? undefined : nameOf(e.from);
  const removed = removeEdges(
    level,
    (w) =>
      w.to === to && (from === undefined || w.from === from) && (e.to_input === undefined || w.toInput === e.to_input),
  );
  if (removed.length === 0) {
    throw new EditRefusal(
      "not-connected",
      `no wire${from ? ` from ${e.from}` : ""} into ${path}${e.to_input === undefined ? "" : `[${e.to_input}]`} is written by svc`,
      { path },
    );
  }
  return {
    touched: [path],
    note: `disconnected ${removed.map((w) => `${w.from}[${w.fromOutput}] -> ${w.to}[${w.toInput}]`).join(", ")}`,
  };
}

function bypass(net: EditableNetwork, e: Extract<Edit, { op: "bypass" }>): StepResult {
  const { decl, path } = nodeAt(net, e.path);
  setBooleanFlag(decl, "bypass", e.on);
  return { touched: [path], note: `${path} ${e.on ? "bypassed" : "no longer bypassed"}` };
}

function deleteNode(net: EditableNetwork, e: Extract<Edit, { op: "delete" }>): StepResult {
  const found = nodeAt(net, e.path);
  // Deleting a COMP deletes what is inside; work svc did not build there is never deleted, force or not.
  const theirs = [...net.live.nodes.values()]
    .filter((n) => n.path.startsWith(found.path + "/") && !isOwned(n))
    .map((n) => n.path);
  if (theirs.length > 0) {
    throw new EditRefusal(
      "holds-others-work",
      `${found.path} holds ${theirs.length} node(s) svc did not build (${theirs.slice(0, 3).join(", ")}); move them out first, or bypass it instead`,
      { path: found.path, nodes: theirs },
    );
  }
  removeNode(net, found);
  return { touched: [found.path], note: `deleted ${found.path}` };
}

function setDatContent(net: EditableNetwork, e: Extract<Edit, { op: "set_dat_content" }>): StepResult {
  const { decl, path } = nodeAt(net, e.path);
  if (!decl.type.name.endsWith("DAT"))
    throw new EditRefusal("not-a-dat", `${path} is a ${decl.type.name}; only DATs hold text`);
  const value: A.StringValue = { kind: "String", value: e.text, range: NO_RANGE };
  setParam(decl, "text", value);
  return { touched: [path], note: `${path}: ${e.text.split("\n").length} line(s) of text` };
}

/** A menu entry the new type's parameter of that name does not offer cannot be kept. */
function fitsNewType(type: string, param: A.Param): boolean {
  const ref = getParam(type, param.name.name);
  if (ref === undefined || ref.param.readOnly) return false;
  const menu = ref.param.menuNames;
  const v = param.value;
  if (menu !== undefined && ref.param.style === "Menu" && (v.kind === "Name" || v.kind === "String")) {
    return menu.includes(v.kind === "Name" ? v.name : v.value);
  }
  return true;
}

/**
 * Replaces a node's operator type in the source: same name, so its wires and the references to it
 * stay; each parameter the new type also has (and, for a menu, whose entry it offers) is kept, the
 * others are dropped and named. The plan then destroys the old operator and creates the new one.
 */
function swapType(net: EditableNetwork, e: Extract<Edit, { op: "swap_type" }>): StepResult {
  const { decl, path } = nodeAt(net, e.path);
  const from = getOperatorByType(decl.type.name);
  const to = getOperatorByType(e.type);
  if (from === undefined)
    throw new EditRefusal(
      "inside-recipe",
      `${path} is a recipe instance (${decl.type.name}), not one operator; swap the operators inside the recipe instead`,
      { path },
    );
  if (to === undefined)
    throw new EditRefusal(
      "unknown-type",
      `there is no operator type ${e.type}; search_operators finds the right name`,
      { type: e.type },
    );
  if (to.family !== from.family) {
    throw new EditRefusal(
      "family-mismatch",
      `${path} is a ${from.family} and ${e.type} a ${to.family}: a swap keeps the wires, which join operators of one family`,
      { path, from: from.family, to: to.family },
    );
  }
  if (decl.network !== null && decl.network.nodes.length > 0) {
    throw new EditRefusal("holds-network", `${path} holds a network of its own; a swap would destroy it`, { path });
  }
  if (to.type === decl.type.name)
    return {
      touched: [path],
      note: `${path} is already a ${e.type}`,
      kept: decl.params.map((p) => p.name.name),
      dropped: [],
    };
  const kept = decl.params.filter((p) => fitsNewType(to.type, p));
  const dropped = decl.params.filter((p) => !kept.includes(p)).map((p) => p.name.name);
  decl.params = kept;
  decl.type = { ...decl.type, name: to.type };
  const note = `${path}: ${from.type} -> ${to.type}${dropped.length ? ` (dropped ${dropped.join(", ")})` : ""}`;
  return { touched: [path], note, kept: kept.map((p) => p.name.name), dropped };
}

export function runStep(net: EditableNetwork, edit: Edit): StepResult {
  switch (edit.op) {
    case "create_node":
      return createNode(net, edit);
    case "set_parameter":
      return setParameter(net, edit);
    case "reset_parameter":
      return resetParameter(net, edit);
    case "connect":
      return connectNodes(net, edit);
    case "disconnect":
      return disconnectNodes(net, edit);
    case "bypass":
      return bypass(net, edit);
    case "delete":
      return deleteNode(net, edit);
    case "set_dat_content":
      return setDatContent(net, edit);
    case "swap_type":
      return swapType(net, edit);
  }
}
