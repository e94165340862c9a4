/**
 * An svc network opened for an edit: its live export parsed back into a syntax tree, minus the
 * nodes svc does not own (the plan never touches those, so the edited source must not declare
 * them) and minus the values an artist set live on svc's nodes where svc had set nothing (those
 * stay the artist's). Atomic tools change this tree and apply its printed text through the loop.
 */
import {
  APPLIED_KEY,
  type BridgeClient,
  BridgeError,
  encodePath,
  exportProgram,
  type NetworkState,
  type NodeState,
  OWNER_TAG,
  readExport,
  readLiveNetwork,
  rootPathOf,
} from "../../../engine/index.js";
import type * as A from "../../../../grammar/ast.js";
import { parse } from "../../../../grammar/parse.js";
import { getOperatorByType, resolveTuplet } from "../../../../kb/index.js";
import { wireEdges } from "../../../../grammar/wires.js";
import { EditRefusal } from "./refusal.js";

export interface EditableNetwork {
  /** The network COMP (the one holding svc's record). */
  root: string;
  /** Where the loop builds it: the root's parent with `{network}` for its name. */
  rootPath: string;
  /** The file name the applied source had (imports resolve from it). */
  file: string;
  program: A.Program;
  network: A.Network;
  /** Live state at open time, for ownership, types and names in use. */
  live: NetworkState;
  /** What svc applied last (undefined for a network this edit starts). */
  lastApplied: NetworkState | undefined;
  /** Unowned nodes found live and left out of the source (never touched). */
  unowned: string[];
}

export const parentOf = (path: string) => path.slice(0, path.lastIndexOf("/")) || "/";
export const nameOf = (path: string) => path.slice(path.lastIndexOf("/") + 1);

export function isOwned(node: NodeState | undefined): boolean {
  return node !== undefined && node.tags.includes(OWNER_TAG);
}

function isNotFound(err: unknown): boolean {
  return (
    err instanceof BridgeError && err.status === 404 && (err.code === "node_not_found" || err.code === "not_found")
  );
}

/** Whether an operator exists at `path`. */
export async function exists(client: BridgeClient, path: string): Promise<boolean> {
  try {
    await client.get(`/api/nodes/${encodePath(path)}`);
    return true;
  } catch (err) {
    if (isNotFound(err)) return false;
    throw err;
  }
}

/**
 * On a node svc built, keeps only what svc set: a parameter, flag or note the artist set live on
 * it stays the artist's (the plan leaves values svc never set alone), instead of becoming svc's
 * through the export and being reset by a later apply that lacks it.
 */
function keepSvcSettings(decl: A.NodeDecl, recorded: NodeState): void {
  if (getOperatorByType(decl.type.name) === undefined) return; // a recipe use: its arguments are svc's
  const scalars = new Set(Object.keys(recorded.params));
  decl.params = decl.params.filter((p) => {
    const name = p.name.name;
    if (name === "text") return recorded.text !== undefined;
    if (scalars.has(name)) return true;
    const tuplet = resolveTuplet(decl.type.name, name);
    return tuplet !== undefined && tuplet.components.some((c) => scalars.has(c));
  });
  decl.flags = decl.flags.filter((f) => {
    switch (f.kind) {
      case "BooleanFlag":
        return recorded.flags[f.name] !== undefined;
      case "ColorFlag":
        return recorded.color !== undefined;
      case "TagsFlag":
        return recorded.tags.some((t) => t !== OWNER_TAG);
      case "NodeCommentFlag":
        return recorded.comment !== undefined;
    }
  });
}

/** Names of the custom parameters svc made on a COMP (a tuplet by its group name, as controls name it). */
export function svcControlNames(recorded: NodeState | undefined): Set<string> {
  return new Set((recorded?.customPages ?? []).flatMap((page) => page.pars.map((p) => p.name)));
}

/** Drops unowned nodes (and wires and pins naming them) from one level, recursively. */
function stripUnowned(
  body: A.NetworkBody,
  level: string,
  live: NetworkState,
  recorded: NetworkState | undefined,
  removed: string[],
): void {
  // Controls an artist added to a COMP stay theirs, like their parameters (all of them, on a COMP
  // that only hosts svc's nodes and has no record yet).
  const names = svcControlNames(recorded?.nodes.get(level));
  for (const block of body.controls) block.declarations = block.declarations.filter((d) => names.has(d.name.name));
  body.controls = body.controls.filter((b) => b.declarations.length > 0);
  const gone = new Set<string>();
  body.nodes = body.nodes.filter((decl) => {
    const path = `${level}/${decl.name.name}`;
    const node = live.nodes.get(path);
    if (node !== undefined && !isOwned(node)) {
      gone.add(decl.name.name);
      removed.push(path);
      return false;
    }
    const record = recorded?.nodes.get(path);
    if (record !== undefined) keepSvcSettings(decl, record);
    if (decl.network) stripUnowned(decl.network, path, live, recorded, removed);
    return true;
  });
  if (gone.size === 0) return;
  body.wires = body.wires.flatMap((w) => {
    const edges = wireEdges(w);
    if (!edges.some((e) => gone.has(e.from) || gone.has(e.to))) return [w];
    return edges
      .filter((e) => !gone.has(e.from) && !gone.has(e.to))
      .map((e) => singleWire(e.from, e.fromOutput, e.to, e.toInput));
  });
}

export function singleWire(from: string, fromOutput: number, to: string, toInput: number): A.Wire {
  const r = { start: { line: 0, column: 0, offset: 0 }, end: { line: 0, column: 0, offset: 0 } };
  const id = (name: string): A.Identifier => ({ kind: "Identifier", name, range: r });
  return {
    kind: "Wire",
    chain: [
      { kind: "WireEndpoint", node: id(from), index: fromOutput === 0 ? null : fromOutput, range: r },
      { kind: "WireEndpoint", node: id(to), index: toInput, range: r },
    ],
    range: r,
  };
}

/** The loop's root template for a network at `root` (shared with adoption). */
export { rootPathOf };

/** Opens the svc network at `root` for editing. */
export async function openNetwork(client: BridgeClient, root: string): Promise<EditableNetwork> {
  const live = await readLiveNetwork(client, root);
  const exported = await readExport(client, root);
  if (!live.exists || exported === undefined) throw new EditRefusal("not-found", `nothing exists at ${root}`);
  const file = live.lastApplied?.source?.file ?? `${nameOf(root)}.svcnet`;
  const text = await exportProgram([exported]);
  const parsed = parse(text, file);
  if (parsed.diagnostics.some((d) => d.severity === "error")) {
    throw new EditRefusal(
      "unreadable-network",
      `the export of ${root} does not parse back; run export_network to see it`,
      { source: text },
    );
  }
  const program = parsed.ast;
  const network = program.networks.find((n) => n.name.name === nameOf(root));
  if (network === undefined)
    throw new EditRefusal("unreadable-network", `the export of ${root} holds no network '${nameOf(root)}'`);
  // Other networks recorded in the same file are not this edit's business.
  program.networks = [network];
  const unowned: string[] = [];
  stripUnowned(network, root, live.state, live.lastApplied?.state, unowned);
  if (program.layout) {
    const name = nameOf(root);
    const kept = new Set(unowned.map((p) => `${name}${p.slice(root.length)}`));
    program.layout.entries = program.layout.entries.filter((e) => e.path.split("/")[0] === name && !kept.has(e.path));
    if (program.layout.entries.length === 0) program.layout = null;
  }
  return {
    root,
    rootPath: rootPathOf(root),
    file,
    program,
    network,
    live: live.state,
    lastApplied: live.lastApplied?.state,
    unowned,
  };
}

/** A network that does not exist yet: an empty `network name { }` this edit will create at `root`. */
function newNetwork(root: string): EditableNetwork {
  const name = nameOf(root);
  const file = `${name}.svcnet`;
  const parsed = parse(`svcnet 1\nnetwork ${name} {\n}\n`, file);
  const network = parsed.ast.networks[0]!;
  return {
    root,
    rootPath: rootPathOf(root),
    file,
    program: parsed.ast,
    network,
    live: { root, nodes: new Map(), wires: [] },
    lastApplied: undefined,
    unowned: [],
  };
}

interface LevelInfo {
  family: string;
  tags: string[];
}

async function levelInfo(client: BridgeClient, path: string): Promise<LevelInfo | undefined> {
  try {
    return await client.get<LevelInfo>(`/api/nodes/${encodePath(path)}`);
  } catch (err) {
    if (isNotFound(err)) return undefined;
    throw err;
  }
}

async function hasRecord(client: BridgeClient, path: string): Promise<boolean> {
  const stored = await client.get<{ present: boolean }>(`/api/nodes/${encodePath(path)}/storage`, { key: APPLIED_KEY });
  return stored.present;
}

/**
 * Where an edit at `target` happens: the nearest COMP at or above it that either holds svc's
 * record (an svc network) or was not built by svc (an artist's COMP, such as /project1, which then
 * hosts the nodes svc makes in it; svc never changes the COMP itself). Undefined above the top.
 */
async function locateHome(
  client: BridgeClient,
  target: string,
): Promise<{ path: string; hosted: boolean } | undefined> {
  for (let p = target; p !== "/" && p !== ""; p = parentOf(p)) {
    const info = await levelInfo(client, p);
    if (info === undefined) continue;
    if (await hasRecord(client, p)) return { path: p, hosted: !info.tags.includes(OWNER_TAG) };
    if (info.family === "COMP" && !info.tags.includes(OWNER_TAG)) return { path: p, hosted: true };
  }
  return undefined;
}

/**
 * The network an edit at `target` belongs to: the svc network holding it, the artist's COMP that
 * hosts it, or (when `target` is a COMP path that does not exist yet and whose parent does) a new
 * network to be built there.
 */
export async function networkFor(
  client: BridgeClient,
  target: string,
  options: { mayStart: boolean },
): Promise<EditableNetwork> {
  const home = await locateHome(client, target);
  const targetExists = home?.path === target || (await exists(client, target));
  if (
    !targetExists &&
    options.mayStart &&
    parentOf(target) !== "/" &&
    home?.path === parentOf(target) &&
    home.hosted &&
    !(await hasRecord(client, home.path))
  ) {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(nameOf(target)))
      throw new EditRefusal(
        "invalid-name",
        `'${nameOf(target)}' cannot name a network: use letters, digits and underscores, not starting with a digit`,
      );
    return newNetwork(target);
  }
  if (!targetExists && !(await exists(client, parentOf(target)))) {
    throw new EditRefusal(
      "not-found",
      `nothing exists at ${target}${options.mayStart ? ` and its parent ${parentOf(target)} does not exist either` : ""}`,
    );
  }
  if (home !== undefined) return openNetwork(client, home.path);
  throw new EditRefusal(
    "not-an-svc-network",
    `${target} is not inside a COMP: svc builds inside a COMP such as /project1 (name one as the parent).`,
  );
}
