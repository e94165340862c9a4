/**
 * Reads everything a plan needs about a live network through the bridge's state pages
 * (`POST /api/network/{path}/state`): the root, every node below it with its parameters, text,
 * custom pages and input wires, the parameters the source names, and the stored record.
 *
 * The bridge gives each node entry a digest of its content. Entries are kept here by digest, and
 * each read lists the digests it holds for the network: the bridge then answers an unchanged node
 * with its path and digest only, so re-reading a network sends the details of what changed. The
 * cache is content-addressed (an entry is exactly what the bridge sent under that digest), so a
 * stale entry can never be taken for a live one: a changed node has a different digest.
 *
 * When the bridge names a whole-read port (`/api/info` `whole_read`, asked once per client), the
 * read is one request there, which the bridge answers once it has listed the network over several
 * frames; a bridge without one, a network too large for one reply, or a port that does not answer
 * falls back to the pages of the Web Server DAT's port. A whole read that ran out of time goes to the
 * pages at once (it is not sent again: it would run out of time again), says so through `progress`,
 * and the same client reads that network in pages for a while.
 */
import { encodePath, type BridgeClient } from "../bridge-client/index.js";
import { BridgeError } from "../bridge-client/errors.js";
import type { Progress } from "../progress.js";
import { MAX_NETWORK_NODES, PAGE_BUDGET_MS, PAGE_MAX_NODES, type TopologyWire } from "./paged-topology.js";

export interface StateEntry {
  path: string;
  digest: string;
  type: string;
  flags: Record<string, boolean>;
  tags: string[];
  comment: string;
  color: [number, number, number] | null;
  position: { x: number; y: number };
  params: Record<string, unknown>;
  /** Parameters the read named that are at their defaults (not among `params`). */
  source_params?: unknown[];
  text?: string;
  custom_pages?: unknown[];
  inputs: TopologyWire[];
  /** A COMP whose children are TouchDesigner's default contents (bridge/svc_bridge/default_contents.py). */
  keeps_contents?: boolean;
}

type RootEntry = Omit<StateEntry, "digest" | "inputs">;

interface StoredPiece {
  key: string;
  present: boolean;
  digest?: string;
  text?: string;
}

export interface StoredValue {
  present: boolean;
  value: unknown;
  /** The pieces a record stored in parts names, in order, each with its text. */
  pieces?: StoredPiece[];
}

export interface NetworkStateRead {
  root: RootEntry;
  /** By path. */
  nodes: StateEntry[];
  /** Wires among the listed nodes, by target and input. */
  wires: TopologyWire[];
  stored: StoredValue | undefined;
  /** Requests it took. */
  requests: number;
  /** Nodes whose details the bridge sent (the others came from the digest cache). */
  detailed: number;
  /** True when the whole network came in one reply from the bridge's whole-read port. */
  whole: boolean;
}

interface Page {
  nodes: Array<StateEntry | { path: string; digest: string }>;
  next_after: string | null;
  complete: boolean;
  root?: RootEntry;
  stored?: StoredValue & { pieces?: StoredPiece[] };
}

/** Entries and record pieces kept by digest; bounded, the oldest dropped first. */
const MAX_ENTRIES = 100_000;
const MAX_PIECES = 4_000;
const entries = new Map<string, StateEntry>();
const pieces = new Map<string, string>();
/** The digest last seen at each path, and the record pieces last seen per root: what a read lists as known. */
const lastDigest = new Map<string, string>();
const lastPieces = new Map<string, string[]>();

function remember<V>(map: Map<string, V>, key: string, value: V, limit: number): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > limit) map.delete(map.keys().next().value as string);
}

/** Forgets every cached entry (tests, and a client that wants the details of every node). */
export function clearNetworkStateCache(): void {
  entries.clear();
  pieces.clear();
  lastDigest.clear();
  lastPieces.clear();
}

function knownDigests(root: string): string[] {
  const prefix = root === "/" ? "/" : `${root}/`;
  const out: string[] = [];
  for (const [path, digest] of lastDigest) if (path.startsWith(prefix) && entries.has(digest)) out.push(digest);
  for (const digest of lastPieces.get(root) ?? []) if (pieces.has(digest)) out.push(digest);
  return out;
}

function incomplete(root: string, message: string): BridgeError {
  return new BridgeError("bridge", "read_incomplete", message, { method: "POST", path: `/api/network/${root}/state` });
}

export interface NetworkStateOptions {
  /** Per node path, parameters to report even at their defaults (asked of every node by name). */
  wanted?: ReadonlyMap<string, readonly string[]>;
  /** A key of the root's storage to read with the first page. */
  storageKey?: string;
  pageBudgetMs?: number;
  pageMaxNodes?: number;
  /** false: read in pages even when the bridge offers a whole read. */
  whole?: boolean;
  /** Told when the read turns from the whole-read port to the pages, and why. */
  progress?: Progress;
}

/** The whole-read port each client's bridge named, asked once per client (null: none). */
const wholeReadPorts = new WeakMap<BridgeClient, Promise<number | null>>();

function wholeReadPort(client: BridgeClient): Promise<number | null> {
  let port = wholeReadPorts.get(client);
  if (port === undefined) {
    port = client
      .get<{ whole_read?: { port?: unknown } | null }>("/api/info")
      .then((info) => (typeof info.whole_read?.port === "number" ? info.whole_read.port : null))
      .catch(() => null);
    wholeReadPorts.set(client, port);
  }
  return port;
}

/** Failures after which the pages still work: the port is gone, or the network is too large or slow for one reply. */
function pagesStillServe(err: unknown): boolean {
  if (!(err instanceof BridgeError)) return false;
  return (
    err.kind === "connection" ||
    err.kind === "timeout" ||
    ["read_too_large", "read_timeout", "overloaded"].includes(err.code)
  );
}

/** The line that says why a whole read did not serve and that the read goes on in pages. */
function inPagesBecause(err: BridgeError, root: string): string {
  if (err.code === "read_timeout" || err.kind === "timeout")
    return `reading ${root} in one request ran past the bridge's time limit: reading it in pages instead`;
  if (err.code === "read_too_large") return `${root} is too large to read in one request: reading it in pages instead`;
  if (err.code === "overloaded")
    return `the bridge has as many whole reads open as it takes: reading ${root} in pages instead`;
  return `the bridge's whole-read port did not answer: reading ${root} in pages instead`;
}

/**
 * Networks whose whole read ran out of time, per client, and when: read in pages at once for a
 * while (a re-read in the same command, such as export's second read, would only time out again).
 * After SLOW_FOR_MS the whole read is tried again: the network may have shrunk, the machine calmed.
 */
const SLOW_FOR_MS = 10 * 60_000;
const slowNetworks = new WeakMap<BridgeClient, Map<string, number>>();

function knownSlow(client: BridgeClient, root: string): boolean {
  const since = slowNetworks.get(client)?.get(root);
  return since !== undefined && Date.now() - since < SLOW_FOR_MS;
}

function markSlow(client: BridgeClient, root: string): void {
  let roots = slowNetworks.get(client);
  if (roots === undefined) slowNetworks.set(client, (roots = new Map()));
  roots.set(root, Date.now());
}

/** Reads the network at `root`; a missing root is the bridge's `node_not_found` (404). */
export async function readNetworkState(
  client: BridgeClient,
  root: string,
  options: NetworkStateOptions = {},
): Promise<NetworkStateRead> {
  const known = knownDigests(root);
  // One list for every node (the bridge checks each parameter's name against it as it walks them);
  // each node keeps only its own names when the read is turned into a network state.
  const wanted = [...new Set([...(options.wanted ?? new Map()).values()].flat())].sort();
  const nodes: StateEntry[] = [];
  let rootEntry: RootEntry | undefined;
  let stored: StoredValue | undefined;
  let after: string | null = null;
  let requests = 0;
  let detailed = 0;
  const uri = `/api/network/${encodePath(root)}/state`;
  const asked = { known, wanted, ...(options.storageKey === undefined ? {} : { storage_key: options.storageKey }) };
  const port = options.whole === false || knownSlow(client, root) ? null : await wholeReadPort(client);
  let whole = port !== null;
  for (;;) {
    let page: Page;
    if (whole) {
      try {
        page = await client.readOnPort<Page>(port!, uri, { ...asked, max_nodes: MAX_NETWORK_NODES });
      } catch (err) {
        requests++;
        if (!pagesStillServe(err)) throw err;
        const failure = err as BridgeError;
        if (failure.kind === "connection") wholeReadPorts.delete(client); // ask again next time
        if (failure.kind === "timeout" || failure.code === "read_timeout") markSlow(client, root);
        options.progress?.(inPagesBecause(failure, root), "notice");
        whole = false;
        continue;
      }
    } else {
      page = await client.read<Page>(uri, {
        after,
        ...asked,
        max_nodes: options.pageMaxNodes ?? PAGE_MAX_NODES,
        time_budget_ms: options.pageBudgetMs ?? PAGE_BUDGET_MS,
      });
    }
    requests++;
    if (page.root !== undefined) {
      rootEntry = page.root;
      stored = page.stored === undefined ? undefined : withPieces(root, page.stored);
    }
    for (const n of page.nodes) {
      const entry = "inputs" in n ? n : entries.get(n.digest);
      if (entry === undefined)
        throw incomplete(root, `the bridge sent only the digest of ${n.path}, which this svc does not hold`);
      if ("inputs" in n) detailed++;
      remember(entries, entry.digest, entry, MAX_ENTRIES);
      remember(lastDigest, entry.path, entry.digest, MAX_ENTRIES);
      nodes.push(entry);
    }
    if (page.next_after === null) {
      if (!page.complete) throw incomplete(root, `the last page of ${root} says the walk is not complete`);
      break;
    }
    if (page.nodes.length === 0)
      throw incomplete(root, `the bridge listed no node on page ${requests} of ${root} and gave no end`);
    if (nodes.length > MAX_NETWORK_NODES)
      throw incomplete(
        root,
        `the network at ${root} holds more than ${MAX_NETWORK_NODES} nodes; split it into smaller networks`,
      );
    after = page.next_after;
  }
  if (rootEntry === undefined) throw incomplete(root, `the bridge did not describe ${root} on the first page`);
  nodes.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  dropDefaultContents(nodes, rootEntry);
  const listed = new Set(nodes.map((n) => n.path));
  const wires = nodes
    .flatMap((n) => n.inputs)
    .filter((w) => listed.has(w.source))
    .sort((a, b) => a.target.localeCompare(b.target) || a.target_input - b.target_input);
  return { root: rootEntry, nodes, wires, stored, requests, detailed, whole };
}

/**
 * What TouchDesigner puts inside a COMP that keeps its default contents (an Animation COMP's keyframe
 * network; the bridge marks the COMP `keeps_contents`) is not svc's: not owned, planned or exported.
 */
function dropDefaultContents(nodes: StateEntry[], root: RootEntry): void {
  const keepers = [root, ...nodes].filter((n) => n.keeps_contents === true).map((n) => `${n.path}/`);
  if (keepers.length === 0) return;
  const kept = nodes.filter((n) => !keepers.some((k) => n.path.startsWith(k)));
  nodes.splice(0, nodes.length, ...kept);
}

/** Fills each piece's text from the cache when the bridge sent its digest only. */
function withPieces(root: string, stored: StoredValue): StoredValue {
  if (stored.pieces === undefined) return stored;
  const filled = stored.pieces.map((p) => {
    if (!p.present || p.digest === undefined) return p;
    const text = p.text ?? pieces.get(p.digest);
    if (text === undefined)
      throw incomplete(
        root,
        `the bridge sent only the digest of the stored piece ${p.key}, which this svc does not hold`,
      );
    remember(pieces, p.digest, text, MAX_PIECES);
    return { ...p, text };
  });
  remember(
    lastPieces,
    root,
    filled.flatMap((p) => (p.digest === undefined ? [] : [p.digest])),
    MAX_PIECES,
  );
  return { ...stored, pieces: filled };
}
