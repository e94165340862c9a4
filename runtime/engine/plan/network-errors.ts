/**
 * Every live cook error and warning of a network, whatever its size: the bridge's errors route is
 * read in pages (each within about a frame of TouchDesigner's main thread, resumed by name after the
 * last node of the page before) until the last page. A page that stops at its time budget is not
 * a finding about the project, only the signal to read on; only a page that makes no progress or
 * a network past the size svc reads is an error (`read_incomplete`).
 */
import { encodePath, type BridgeClient } from "../bridge-client/index.js";
import { BridgeError } from "../bridge-client/errors.js";
import { MAX_NETWORK_NODES, PAGE_BUDGET_MS, PAGE_MAX_NODES } from "./paged-topology.js";

interface LiveIssue {
  path: string;
  severity: "error" | "warning";
  message: string;
}

export interface NetworkErrors {
  errors: LiveIssue[];
  warnings: LiveIssue[];
  /** Always true: the whole network was read. */
  complete: true;
  /** Nodes read below the root, and the requests it took. */
  visited: number;
  pages: number;
}

interface ErrorsPage {
  errors: LiveIssue[];
  warnings: LiveIssue[];
  complete: boolean;
  visited: number;
  /** Absent from a bridge older than paged error reads. */
  next_after?: string | null;
}

export interface ErrorsOptions {
  depth?: number;
  pageBudgetMs?: number;
  pageMaxNodes?: number;
}

export async function readNetworkErrors(
  client: BridgeClient,
  root: string,
  options: ErrorsOptions = {},
): Promise<NetworkErrors> {
  const route = `/api/network/${encodePath(root)}/errors`;
  const incomplete = (message: string) =>
    new BridgeError("bridge", "read_incomplete", message, { method: "GET", path: route });
  const errors: LiveIssue[] = [];
  const warnings: LiveIssue[] = [];
  let after = "";
  let visited = 0;
  let pages = 0;
  for (;;) {
    const page = await client.get<ErrorsPage>(route, {
      paged: true,
      after,
      depth: options.depth ?? 64,
      max_nodes: options.pageMaxNodes ?? PAGE_MAX_NODES,
      time_budget_ms: options.pageBudgetMs ?? PAGE_BUDGET_MS,
    });
    pages++;
    errors.push(...page.errors);
    warnings.push(...page.warnings);
    visited += page.visited;
    if (page.next_after === undefined) {
      // A bridge that does not page: its one read is all there is.
      if (!page.complete)
        throw incomplete(
          `the bridge read ${page.visited} nodes of ${root} and cannot read on (it does not page error reads); install this svc's bridge (svc install-bridge)`,
        );
      break;
    }
    if (page.next_after === null) {
      if (!page.complete) throw incomplete(`the last page of the errors of ${root} says the walk is not complete`);
      break;
    }
    if (page.visited === 0 || visited > MAX_NETWORK_NODES)
      throw incomplete(
        page.visited === 0
          ? `the bridge read no node on page ${pages} of the errors of ${root} and gave no end`
          : `the network at ${root} holds more than ${MAX_NETWORK_NODES} nodes; split it into smaller networks`,
      );
    after = page.next_after;
  }
  return { errors, warnings, complete: true, visited, pages };
}
