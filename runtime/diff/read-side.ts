/** One side of a diff: the networks a `.svcnet` file builds, or one live network read through the bridge. */
import { compile } from "../../compiler/index.js";
import { hasErrors, type Diagnostic } from "../../compiler/diagnostics/index.js";
import type { BridgeClient } from "../bridge-client/index.js";
import { desiredState, networkRoots } from "../apply/desired-state.js";
import { readLiveNetwork } from "../apply/live-state.js";
import type { NetworkState } from "../plan/network-state.js";

export type Side = { ok: true; networks: NetworkState[] } | { ok: false; diagnostics: Diagnostic[]; sources: Map<string, string> };

/** A live network path starts with '/'; a file (even an absolute one) ends with .svcnet. */
export const isLivePath = (arg: string) => arg.startsWith("/") && !arg.endsWith(".svcnet");

export async function fileSide(file: string): Promise<Side> {
  const result = await compile(file, { layout: false });
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
export async function liveSide(client: BridgeClient, root: string, like?: NetworkState): Promise<Side> {
  const wanted = new Map<string, string[]>();
  if (like) for (const n of like.nodes.values()) wanted.set(root + n.path.slice(like.root.length), Object.keys(n.params));
  const live = await readLiveNetwork(client, root, wanted);
  return { ok: true, networks: live.exists ? [live.state] : [{ root, nodes: new Map(), wires: [] }] };
}

const networkName = (s: NetworkState) => s.root.slice(s.root.lastIndexOf("/") + 1);

/** Pairs networks by name; two single networks pair whatever their names. */
export function pairNetworks(a: NetworkState[], b: NetworkState[]): Array<[NetworkState | undefined, NetworkState | undefined]> {
  if (a.length === 1 && b.length === 1) return [[a[0], b[0]]];
  const names = [...new Set([...a, ...b].map(networkName))].sort();
  return names.map((n) => [a.find((s) => networkName(s) === n), b.find((s) => networkName(s) === n)]);
}
