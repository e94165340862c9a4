/**
 * Reads a whole network, whatever its size, as a series of bounded topology pages: each request
 * stays within about one frame of TouchDesigner's main thread, and the pages together list every
 * node exactly once (the bridge resumes each page by name after the last node of the one before).
 */
import { encodePath, type BridgeClient } from "../bridge-client/index.js";
import { BridgeError } from "../bridge-client/errors.js";

/** Main-thread time one page may take on the bridge: about one frame at 60 fps. */
export const PAGE_BUDGET_MS = 15;
/** Nodes per page at most. */
export const PAGE_MAX_NODES = 500;
/** A network larger than this is refused rather than read for ever. */
export const MAX_NETWORK_NODES = 50_000;

export interface TopologyWire {
  source: string;
  source_output: number;
  target: string;
  target_input: number;
}

interface Page<N> {
  nodes: N[];
  wires: TopologyWire[];
  custom_pages?: unknown;
  next_after: string | null;
  complete: boolean;
}

export interface WholeTopology<N> {
  nodes: N[];
  /** Wires among the listed nodes. */
  wires: TopologyWire[];
  /** Wires into listed nodes from outside the network. */
  externalInputs: TopologyWire[];
  /** The root COMP's custom pages, when asked for. */
  customPages: unknown;
  /** Requests it took. */
  pages: number;
}

export interface TopologyOptions {
  depth?: number;
  params?: boolean;
  text?: boolean;
  custom?: boolean;
  /** Per page; defaults keep one request within a frame. */
  pageBudgetMs?: number;
  pageMaxNodes?: number;
}

export async function readWholeTopology<N extends { path: string }>(
  client: BridgeClient,
  root: string,
  options: TopologyOptions = {},
): Promise<WholeTopology<N>> {
  const nodes: N[] = [];
  const wires: TopologyWire[] = [];
  let customPages: unknown;
  let after = "";
  let pages = 0;
  for (;;) {
    const page = await client.get<Page<N>>(`/api/network/${encodePath(root)}/topology`, {
      paged: true,
      after,
      depth: options.depth ?? 64,
      params: options.params ?? false,
      text: options.text ?? false,
      custom: options.custom ?? false,
      max_nodes: options.pageMaxNodes ?? PAGE_MAX_NODES,
      time_budget_ms: options.pageBudgetMs ?? PAGE_BUDGET_MS,
    });
    pages++;
    if (pages === 1) customPages = page.custom_pages;
    nodes.push(...page.nodes);
    wires.push(...page.wires);
    if (page.next_after === null) {
      if (!page.complete)
        throw new BridgeError("bridge", "read_incomplete", `the last page of ${root} says the walk is not complete`, {
          method: "GET",
          path: `/api/network/${root}/topology`,
        });
      break;
    }
    if (page.nodes.length === 0 || nodes.length > MAX_NETWORK_NODES) {
      throw new BridgeError(
        "bridge",
        "read_incomplete",
        page.nodes.length === 0
          ? `the bridge listed no node on page ${pages} of ${root} and gave no end; it may be older than this svc`
          : `the network at ${root} holds more than ${MAX_NETWORK_NODES} nodes; split it into smaller networks`,
        { method: "GET", path: `/api/network/${root}/topology` },
      );
    }
    after = page.next_after;
  }
  const listed = new Set(nodes.map((n) => n.path));
  const byTarget = (a: TopologyWire, b: TopologyWire) =>
    a.target.localeCompare(b.target) || a.target_input - b.target_input;
  nodes.sort((a, b) => a.path.localeCompare(b.path));
  return {
    nodes,
    wires: wires.filter((w) => listed.has(w.source)).sort(byTarget),
    externalInputs: wires.filter((w) => !listed.has(w.source)).sort(byTarget),
    customPages,
    pages,
  };
}
