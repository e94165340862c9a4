/**
 * A live COMP and everything inside it, read once through the bridge's paged topology route with
 * non-default parameters and DAT text: what the packaging tools describe, bundle and write out.
 */
import { type BridgeClient, readWholeTopology, type TopologyWire } from "../engine/index.js";

interface LiveParam {
  name: string;
  value: unknown;
  style?: string;
  mode?: string;
  expr?: string;
}

export interface LiveNode {
  path: string;
  name: string;
  type: string;
  family: string;
  parent: string;
  depth: number;
  comment?: string;
  tags?: string[];
  params?: Record<string, LiveParam>;
  text?: string;
}

export interface LiveTree {
  root: string;
  /** Every operator below the root, in path order (the root itself is not listed). */
  nodes: LiveNode[];
  wires: TopologyWire[];
}

/** The tree under `root`, at most `depth` levels down. */
export async function readLiveTree(client: BridgeClient, root: string, depth = 64): Promise<LiveTree> {
  const whole = await readWholeTopology<LiveNode>(client, root, { depth, params: true, text: true });
  return { root, nodes: whole.nodes, wires: whole.wires };
}

/** The name of the last part of an operator path. */
export function leafName(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1) || path;
}
