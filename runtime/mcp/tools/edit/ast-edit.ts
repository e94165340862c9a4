/**
 * Small, pure edits of an opened network's syntax tree: find a level or a node by its live path,
 * add and remove nodes, parameters, flags and wires. Every lookup that fails says why: not there,
 * not svc's, or inside a recipe instance whose inside the source does not spell out.
 */
import { getOperatorByType, resolveTuplet } from "../../../../kb/index.js";
import { NO_RANGE } from "../../../../diagnostics/source-range.js";
import type * as A from "../../../../grammar/ast.js";
import { wireEdges } from "../../../../grammar/wires.js";
import { isOwned, nameOf, parentOf, singleWire, type EditableNetwork } from "./live-network.js";
import { EditRefusal } from "./refusal.js";

export interface Level {
  /** The COMP whose inside this is. */
  path: string;
  body: A.NetworkBody;
}

export interface Located {
  level: Level;
  decl: A.NodeDecl;
  path: string;
}

export interface EdgeSpec {
  from: string;
  fromOutput: number;
  to: string;
  toInput: number;
}

const ident = (name: string): A.Identifier => ({ kind: "Identifier", name, range: NO_RANGE });

export const isRecipeUse = (decl: A.NodeDecl) => getOperatorByType(decl.type.name) === undefined;

function notOwned(path: string): EditRefusal {
  return new EditRefusal(
    "not-owned",
    `${path} was not built by svc (it has no 'svc' tag), so svc will not change it: work made in TouchDesigner is never overwritten. ` +
      "Change it there yourself, or build a node of your own next to it.",
    { path },
  );
}

/** Why there is no declaration for `path`: someone else's node, or nothing at all. */
function missing(net: EditableNetwork, path: string): EditRefusal {
  const live = net.live.nodes.get(path);
  if (live !== undefined && !isOwned(live)) return notOwned(path);
  return new EditRefusal("not-found", `no node at ${path}`, { path });
}

/** The inside of the COMP at `comp`: the network root or a COMP svc built in it. */
export function levelAt(net: EditableNetwork, comp: string): Level {
  if (comp === net.root) return { path: net.root, body: net.network };
  if (!comp.startsWith(net.root + "/"))
    throw new EditRefusal("outside-network", `${comp} is not inside the network ${net.root}`);
  let body: A.NetworkBody = net.network;
  let path = net.root;
  for (const segment of comp.slice(net.root.length + 1).split("/")) {
    path = `${path}/${segment}`;
    const decl = body.nodes.find((n) => n.name.name === segment);
    if (decl === undefined) throw missing(net, path);
    if (isRecipeUse(decl)) {
      throw new EditRefusal(
        "inside-recipe",
        `${path} is an instance of the recipe '${decl.type.name}': its inside comes from the recipe. Change the recipe's arguments on ${path}, or the recipe itself.`,
      );
    }
    if (!decl.type.name.endsWith("COMP"))
      throw new EditRefusal("not-a-comp", `${path} is a ${decl.type.name}, not a COMP: it holds no network`);
    decl.network ??= { kind: "InnerNetwork", controls: [], nodes: [], wires: [], range: NO_RANGE };
    body = decl.network;
  }
  return { path, body };
}

export function nodeAt(net: EditableNetwork, path: string): Located {
  if (path === net.root) throw new EditRefusal("network-root", `${path} is the network itself; name a node inside it`);
  const level = levelAt(net, parentOf(path));
  const decl = level.body.nodes.find((n) => n.name.name === nameOf(path));
  if (decl === undefined) throw missing(net, path);
  return { level, decl, path };
}

/** Whether `name` is free at a level: no declaration and no live node (svc's or not) uses it. */
function nameFree(net: EditableNetwork, level: Level, name: string): boolean {
  return !level.body.nodes.some((n) => n.name.name === name) && !net.live.nodes.has(`${level.path}/${name}`);
}

/** TouchDesigner's naming: the type without its family, numbered from 1 (noiseTOP → noise1, noise2). */
export function freeName(net: EditableNetwork, level: Level, type: string): string {
  const stem = type.replace(/(TOP|CHOP|SOP|DAT|MAT|COMP|POP)$/, "") || "node";
  for (let i = 1; ; i++) if (nameFree(net, level, `${stem}${i}`)) return `${stem}${i}`;
}

export function addNode(level: Level, name: string, type: string): A.NodeDecl {
  const decl: A.NodeDecl = {
    kind: "Node",
    name: ident(name),
    type: ident(type),
    flags: [],
    params: [],
    network: null,
    range: NO_RANGE,
  };
  level.body.nodes.push(decl);
  return decl;
}

/** Removes a node, the wires at its level that name it, and its pinned positions. */
export function removeNode(net: EditableNetwork, found: Located): void {
  const { level, decl } = found;
  level.body.nodes = level.body.nodes.filter((n) => n !== decl);
  const name = decl.name.name;
  removeEdges(level, (e) => e.from === name || e.to === name);
  const layout = net.program.layout;
  if (layout) {
    const pin = `${nameOf(net.root)}${found.path.slice(net.root.length)}`;
    layout.entries = layout.entries.filter((e) => e.path !== pin && !e.path.startsWith(pin + "/"));
    if (layout.entries.length === 0) net.program.layout = null;
  }
}

// ── parameters ───────────────────────────────────────────────────────────────

function paramOf(decl: A.NodeDecl, name: string): A.Param | undefined {
  return decl.params.find((p) => p.name.name === name);
}

/**
 * Sets a parameter, keeping tuplets whole: a component set while its tuplet is written as a tuple
 * changes that item; a tuplet set replaces any components written one by one.
 */
export function setParam(decl: A.NodeDecl, name: string, value: A.Value): void {
  const tuplet = isRecipeUse(decl) ? undefined : resolveTuplet(decl.type.name, name);
  if (tuplet !== undefined && tuplet.index !== null) {
    const whole = paramOf(decl, tuplet.tuplet);
    if (whole?.value.kind === "Tuple" && whole.value.items.length === tuplet.components.length) {
      whole.value.items[tuplet.index] = value;
      if (value.kind !== "Number") whole.value.form = "paren";
      return;
    }
    if (whole) decl.params = decl.params.filter((p) => p !== whole);
  }
  if (tuplet !== undefined && tuplet.index === null) {
    const parts = new Set(tuplet.components);
    decl.params = decl.params.filter((p) => !parts.has(p.name.name));
  }
  const existing = paramOf(decl, name);
  if (existing) existing.value = value;
  else decl.params.push({ kind: "Param", name: ident(name), value, range: NO_RANGE });
}

/** Stops writing a parameter (and, for a tuplet, its components). True when something was written. */
export function removeParam(decl: A.NodeDecl, name: string): boolean {
  const tuplet = isRecipeUse(decl) ? undefined : resolveTuplet(decl.type.name, name);
  const names = new Set([name]);
  if (tuplet !== undefined) {
    if (tuplet.index === null) for (const c of tuplet.components) names.add(c);
    else {
      const whole = paramOf(decl, tuplet.tuplet);
      if (whole?.value.kind === "Tuple" && whole.value.items.length === tuplet.components.length) {
        // One component of a tuple: the others stay, written one by one.
        decl.params = decl.params.filter((p) => p !== whole);
        whole.value.items.forEach((item, i) => {
          if (i !== tuplet.index)
            decl.params.push({ kind: "Param", name: ident(tuplet.components[i]!), value: item, range: NO_RANGE });
        });
        return true;
      }
    }
  }
  const before = decl.params.length;
  decl.params = decl.params.filter((p) => !names.has(p.name.name));
  return decl.params.length !== before;
}

// ── flags ────────────────────────────────────────────────────────────────────

/** On writes the flag; off stops writing it (svc then returns it to off if it had set it). */
export function setBooleanFlag(decl: A.NodeDecl, flag: A.BooleanFlagName, on: boolean): void {
  decl.flags = decl.flags.filter((f) => !(f.kind === "BooleanFlag" && f.name === flag));
  if (on) decl.flags.push({ kind: "BooleanFlag", name: flag, value: true, range: NO_RANGE });
}

// ── wires ────────────────────────────────────────────────────────────────────

/** Removes the connections `match` selects; chains that held one are split into the connections left. */
export function removeEdges(level: Level, match: (e: EdgeSpec) => boolean): EdgeSpec[] {
  const removed: EdgeSpec[] = [];
  level.body.wires = level.body.wires.flatMap((w) => {
    const edges = wireEdges(w);
    if (!edges.some(match)) return [w];
    const kept: A.Wire[] = [];
    for (const e of edges) {
      if (match(e)) removed.push({ from: e.from, fromOutput: e.fromOutput, to: e.to, toInput: e.toInput });
      else kept.push(singleWire(e.from, e.fromOutput, e.to, e.toInput));
    }
    if (kept[0] && w.comments) kept[0].comments = w.comments;
    return kept;
  });
  return removed;
}

/** Connects two nodes of one level; whatever fed that input before is unplugged (as in TouchDesigner). */
export function connect(level: Level, edge: EdgeSpec): EdgeSpec[] {
  const replaced = removeEdges(level, (e) => e.to === edge.to && e.toInput === edge.toInput);
  level.body.wires.push(singleWire(edge.from, edge.fromOutput, edge.to, edge.toInput));
  return replaced.filter((e) => !(e.from === edge.from && e.fromOutput === edge.fromOutput));
}
