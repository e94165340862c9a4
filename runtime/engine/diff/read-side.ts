/** One side of a diff: the networks a `.svcnet` file builds, or one live network read through the bridge. */
import type { CompileInput } from "../../../compiler/index.js";
import { hasErrors, type Diagnostic } from "../../../diagnostics/index.js";
import type { BridgeClient } from "../bridge-client/index.js";
import { desiredState, networkRoots } from "../plan/desired-state.js";
import { readLiveNetwork } from "../plan/live-state.js";
import type { NetworkState } from "../plan/network-state.js";
import { semanticDiff, sideLabel, type SemanticDiff } from "./semantic-diff.js";

export type Side =
  { ok: true; networks: NetworkState[] } | { ok: false; diagnostics: Diagnostic[]; sources: Map<string, string> };

/** A live network path starts with '/'; a file (even an absolute one) ends with .svcnet. */
export const isLivePath = (arg: string) => arg.startsWith("/") && !arg.endsWith(".svcnet");

async function fileSide(input: CompileInput): Promise<Side> {
  // The compiler is loaded when a side is a file, not for two live networks.
  const { compile } = await import("../../../compiler/index.js");
  const result = await compile(input, { layout: false });
  if (hasErrors(result.diagnostics) || result.operations === undefined) {
    return { ok: false, diagnostics: result.diagnostics, sources: new Map(result.program.sources) };
  }
  const ops = result.operations;
  return { ok: true, networks: networkRoots(ops).map((root) => desiredState(ops, root)) };
}

/**
 * A live network; `like` (the other side, when it is a file) names the parameters to read even at
 * their defaults, so a value written at its default compares equal.
 */
async function liveSide(client: BridgeClient, root: string, like?: NetworkState): Promise<Side> {
  const wanted = new Map<string, string[]>();
  if (like)
    for (const n of like.nodes.values()) wanted.set(root + n.path.slice(like.root.length), Object.keys(n.params));
  const live = await readLiveNetwork(client, root, wanted);
  return { ok: true, networks: live.exists ? [live.state] : [{ root, nodes: new Map(), wires: [] }] };
}

const networkName = (s: NetworkState) => s.root.slice(s.root.lastIndexOf("/") + 1);

/** Pairs networks by name; two single networks pair whatever their names. */
function pairNetworks(
  a: NetworkState[],
  b: NetworkState[],
): Array<[NetworkState | undefined, NetworkState | undefined]> {
  if (a.length === 1 && b.length === 1) return [[a[0], b[0]]];
  const names = [...new Set([...a, ...b].map(networkName))].sort();
  return names.map((n) => [a.find((s) => networkName(s) === n), b.find((s) => networkName(s) === n)]);
}

/** A side as given: a source (a path or text) to compile, or a live network path to read. */
export type SideSpec = { source: CompileInput } | { live: string };

/**
 * Reads both sides, sources first, so that a live side reads the parameters the other side sets
 * even where they are at their defaults.
 */
export async function readSides(a: SideSpec, b: SideSpec, client: BridgeClient | undefined): Promise<[Side, Side]> {
  const read = async (s: SideSpec, other?: Side): Promise<Side> => {
    if ("source" in s) return fileSide(s.source);
    if (client === undefined) throw new Error("a live side needs a bridge client");
    const like = other?.ok && other.networks.length === 1 ? other.networks[0] : undefined;
    return liveSide(client, s.live, like);
  };
  if ("source" in a || !("source" in b)) {
    const first = await read(a);
    return [first, await read(b, first)];
  }
  const second = await read(b);
  return [await read(a, second), second];
}

const empty = (root: string): NetworkState => ({ root, nodes: new Map(), wires: [] });

/**
 * One semantic diff per network, paired by name; a network on one side only is all additions or
 * removals. `files` names the source file of a side compiled from one, for the headers.
 */
export function diffNetworks(
  a: NetworkState[],
  b: NetworkState[],
  files: { a?: string; b?: string } = {},
): SemanticDiff[] {
  return pairNetworks(a, b).map(([x, y]) => {
    const left = x ?? empty(y!.root);
    const right = y ?? empty(x!.root);
    return semanticDiff(left, right, { a: sideLabel(left, files.a), b: sideLabel(right, files.b) });
  });
}
