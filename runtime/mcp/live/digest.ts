/**
 * A compact digest of a live subgraph, built from the bridge's topology route: nodes and wires in
 * .svcnet notation (`noise1: noiseTOP [display]`, `noise1 -> comp1[1]`), names relative to the
 * digested COMP, so a model can read a network of hundreds of nodes in a few kilobytes.
 */
// Type-only: the client module is loaded by the first live read, not at startup.
import type { BridgeClient } from "../../engine/index.js";

/** The topology route's reply (bridge/svc_bridge/routes/network.py), the fields used here. */
export interface Topology {
  path: string;
  nodes: { path: string; type: string; flags: Record<string, boolean>; tags: string[] }[];
  wires: Wire[];
  external_inputs: Wire[];
  complete: boolean;
  stopped_by: string | null;
}

interface Wire {
  source: string;
  source_output: number;
  target: string;
  target_input: number;
}

export interface Digest {
  path: string;
  /** false when the bridge stopped early (node or time budget): the lists are partial. */
  complete: boolean;
  stoppedBy: string | null;
  counts: { nodes: number; wires: number; ownedBySvc: number };
  nodes: string[];
  wires: string[];
  /** Wires into the subgraph from outside it, with the source's absolute path. */
  externalInputs: string[];
}

/** How deep below the COMP a digest looks, and how many nodes it reads at most. */
const DIGEST_DEPTH = 8;
const DIGEST_MAX_NODES = 2000;

/** Flags worth showing: the ones set away from their usual value. */
function flagWords(flags: Record<string, boolean>): string[] {
  const words = ["display", "render", "viewer", "bypass", "lock"].filter((f) => flags[f] === true);
  if (flags.allowCooking === false) words.push("cooking: off");
  return words;
}

function relative(root: string, path: string): string {
  const prefix = root.endsWith("/") ? root : `${root}/`;
  return path.startsWith(prefix) ? path.slice(prefix.length) : path;
}

function end(name: string, index: number): string {
  return index > 0 ? `${name}[${index}]` : name;
}

export function digestOf(topology: Topology): Digest {
  const rel = (p: string) => relative(topology.path, p);
  const nodes = topology.nodes.map((n) => {
    const flags = flagWords(n.flags);
    return `${rel(n.path)}: ${n.type}${flags.length ? ` [${flags.join(", ")}]` : ""}`;
  });
  const wires = topology.wires.map(
    (w) => `${end(rel(w.source), w.source_output)} -> ${end(rel(w.target), w.target_input)}`,
  );
  const externalInputs = topology.external_inputs.map(
    (w) => `${end(w.source, w.source_output)} -> ${end(rel(w.target), w.target_input)}`,
  );
  return {
    path: topology.path,
    complete: topology.complete,
    stoppedBy: topology.stopped_by,
    counts: {
      nodes: nodes.length,
      wires: wires.length,
      ownedBySvc: topology.nodes.filter((n) => n.tags.includes("svc")).length,
    },
    nodes,
    wires,
    externalInputs,
  };
}

/** `depth` 1 reads only the COMP's children: the level a network editor shows. */
export async function readDigest(
  bridge: BridgeClient,
  path: string,
  bounds = { depth: DIGEST_DEPTH, maxNodes: DIGEST_MAX_NODES },
): Promise<Digest> {
  const topology = await bridge.get<Topology>(`/api/network/${encodeURIComponent(path)}/topology`, {
    depth: bounds.depth,
    max_nodes: bounds.maxNodes,
  });
  return digestOf(topology);
}
