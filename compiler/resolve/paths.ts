/**
 * Finding operators by the paths a source writes. A path is read in a network (a COMP's inside):
 * `level1` is a node of that network, `comp1/out1` a node inside its COMP `comp1`, `../x` a node of
 * the enclosing network, `/project1/tunnel/x` an absolute path.
 */
import type { AnyNode, ComponentModel, NodeModel, ProgramModel } from "../model.js";

export type PathLookup =
  | { kind: "found"; node: NodeModel }
  /** The path names something svc does not build (above a network root, or another absolute path): it cannot be checked. */
  | { kind: "external" }
  /** `segment` (0-based) names nothing in the network reached so far. */
  | { kind: "missing"; segment: number; within: ComponentModel };

function childNamed(comp: ComponentModel, name: string): NodeModel | undefined {
  return comp.body.nodes.find((n) => n.name === name);
}

export function lookupPath(program: ProgramModel | undefined, scope: ComponentModel, path: string): PathLookup {
  let current: ComponentModel | undefined;
  let segments: string[];
  if (path.startsWith("/")) {
    const root = program?.networks.find((n) => path === n.root.path || path.startsWith(n.root.path + "/"))?.root;
    if (root === undefined) return { kind: "external" };
    if (path === root.path) return { kind: "found", node: root as unknown as NodeModel };
    current = root;
    segments = path.slice(root.path.length + 1).split("/");
  } else {
    current = scope;
    segments = path.split("/");
  }
  let found: NodeModel | undefined;
  for (let i = 0; i < segments.length; i++) {
    const seg = segments[i]!;
    if (current === undefined) return { kind: "external" };
    if (seg === "" || seg === ".") {
      found = current as unknown as NodeModel;
      continue;
    }
    if (seg === "..") {
      current = current.parent;
      found = current as unknown as NodeModel | undefined;
      continue;
    }
    const child = childNamed(current, seg);
    if (child === undefined) return { kind: "missing", segment: i, within: current };
    found = child;
    if (child.body === undefined && i < segments.length - 1)
      return { kind: "missing", segment: i + 1, within: current };
    current = child.body !== undefined ? (child as ComponentModel) : undefined;
  }
  if (found === undefined) return { kind: "external" };
  return { kind: "found", node: found };
}

/**
 * The path TouchDesigner needs, from `owner`, to reach `target`: operator-reference parameters and
 * `op()` in expressions are read in the network the owner sits in, for COMPs as for any operator
 * (UNVERIFIED for COMPs; tdsim models it so, and a sibling of a geometry COMP is then `phong1`).
 */
export function relativeTdPath(owner: AnyNode, target: AnyNode): string {
  const base = owner.parent?.path ?? owner.path.slice(0, Math.max(1, owner.path.lastIndexOf("/")));
  if (target.path === base) return ".";
  const from = base.split("/").filter(Boolean);
  const to = target.path.split("/").filter(Boolean);
  let common = 0;
  while (common < from.length && common < to.length && from[common] === to[common]) common++;
  const ups = from.length - common;
  const rest = to.slice(common);
  return [...Array<string>(ups).fill(".."), ...rest].join("/") || ".";
}
