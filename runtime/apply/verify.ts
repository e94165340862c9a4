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
    // A node the source does not declare is not svc's: its errors are reported apart and fail nothing.
    const owned = desired.nodes.has(issue.path);
    const code = issue.severity === "error" ? (owned ? "live-cook-error" : "live-cook-error-unowned") : "live-cook-warning";
    const help = owned ? [] : [`${issue.path} is not declared in the source`];
    diagnostics.push(
      diagnostic(code, source?.range ?? NO_RANGE, { node: name, message: cleanMessage(issue.message, issue.path) }, source?.file ? { file: source.file, help } : { help }),
    );
  }
  const ownedErrors = data.errors.filter((e) => desired.nodes.has(e.path)).length;
  return { diagnostics, errors: ownedErrors, warnings: data.warnings.length + data.errors.length - ownedErrors, complete: data.complete };
}
