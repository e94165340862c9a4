/**
 * After apply: the live network's cook errors and warnings, each shown at the `.svcnet` line of the
 * node that raised it, rendered like compile diagnostics.
 */
import { diagnostic, NO_RANGE, type Diagnostic } from "../../diagnostics/index.js";
import { encodePath, type BridgeClient } from "../bridge-client/index.js";
import type { NetworkState } from "../plan/network-state.js";

interface LiveIssue {
  path: string;
  severity: "error" | "warning";
  message: string;
}

interface NetworkErrors {
  errors: LiveIssue[];
  warnings: LiveIssue[];
  complete: boolean;
}

/** tdsim and TouchDesigner append " (<path>)" to a message; the diagnostic names the node already. */
function cleanMessage(message: string, path: string): string {
  return message.endsWith(` (${path})`) ? message.slice(0, -(path.length + 3)) : message;
}

export interface VerifyResult {
  diagnostics: Diagnostic[];
  errors: number;
  warnings: number;
  complete: boolean;
}

export async function verifyNetwork(client: BridgeClient, desired: NetworkState): Promise<VerifyResult> {
  const data = await client.get<NetworkErrors>(`/api/network/${encodePath(desired.root)}/errors`, { time_budget_ms: 200 });
  const diagnostics: Diagnostic[] = [];
  const rootSource = desired.nodes.get(desired.root)?.source;
  for (const issue of [...data.errors, ...data.warnings]) {
    const source = desired.nodes.get(issue.path)?.source ?? rootSource;
    const name = issue.path.startsWith(desired.root + "/") ? issue.path.slice(desired.root.length + 1) : issue.path;
    const code = issue.severity === "error" ? "live-cook-error" : "live-cook-warning";
    const help = desired.nodes.has(issue.path) ? [] : [`${issue.path} is not declared in the source`];
    diagnostics.push(
      diagnostic(code, source?.range ?? NO_RANGE, { node: name, message: cleanMessage(issue.message, issue.path) }, source?.file ? { file: source.file, help } : { help }),
    );
  }
  return { diagnostics, errors: data.errors.length, warnings: data.warnings.length, complete: data.complete };
}
