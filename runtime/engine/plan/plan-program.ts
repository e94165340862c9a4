/**
 * Plans a compiled program against the live project: one plan per network root, with conflicts
 * turned into diagnostics that point at the source.
 */
import type { Operation } from "../../../compiler/lower/operations.js";
import { diagnostic, NO_RANGE, type Diagnostic } from "../../../diagnostics/index.js";
import type { BridgeClient } from "../bridge-client/index.js";
import { planNetworkInSlices } from "./reconcile.js";
import type { NetworkState } from "./network-state.js";
import type { Plan } from "./plan-types.js";
import type { TracedOperation } from "../apply/plan-operations.js";
import { desiredStateInSlices, networkRoots } from "./desired-state.js";
import { readLiveNetwork, type LiveRead } from "./live-state.js";
import { planOperationsInSlices } from "../apply/plan-operations.js";
import type { StoredState } from "./stored-state.js";
import type { Progress } from "../progress.js";

export interface NetworkPlan {
  root: string;
  desired: NetworkState;
  live: LiveRead;
  plan: Plan;
  operations: TracedOperation[];
  /** Conflicts as diagnostics: drift is a warning, something in the way an error that blocks apply. */
  diagnostics: Diagnostic[];
}

export interface PlanProgramOptions {
  force?: boolean;
  /** The canonical source text, stored with the record so export can keep comments and spelling. */
  source?: { file: string; text: string };
  /** Told when a live read changes course (goes on in pages). */
  progress?: Progress;
}

function conflictDiagnostics(plan: Plan, desired: NetworkState): Diagnostic[] {
  return plan.conflicts.map((c) => {
    const node = desired.nodes.get(c.path) ?? desired.nodes.get(plan.root);
    const range = (c.name === undefined ? undefined : node?.paramSources?.[c.name]) ?? node?.source?.range ?? NO_RANGE;
    const file = node?.source?.file;
    const help: string[] = [];
    if (c.kind === "drift") {
      help.push(
        `live value ${c.live}, source value ${c.desired}${c.lastApplied ? `, last applied ${c.lastApplied}` : ""}`,
      );
      help.push("keep the live value by writing it into the source, or run again with --force to overwrite it");
    }
    const code = c.kind === "drift" ? "plan-conflict" : "plan-blocked";
    return diagnostic(
      code,
      range,
      { message: `${c.path}: ${c.message}` },
      file === undefined ? { help } : { file, help },
    );
  });
}

/** A damaged last-applied record: what is wrong, what the plan does without it, and the repair. */
function recordDiagnostics(root: string, live: LiveRead): Diagnostic[] {
  const d = live.recordDamage;
  if (d === undefined) return [];
  const problem =
    d.missing.length > 0
      ? `names ${d.missing.length} piece(s) that are not in the COMP's storage (${d.missing.slice(0, 3).join(", ")})`
      : d.corrupt.length > 0
        ? `has ${d.corrupt.length} piece(s) changed since svc wrote them (${d.corrupt.slice(0, 3).join(", ")})`
        : `cannot be read: ${d.unreadable ?? "unknown reason"}`;
  return [
    diagnostic(
      "record-damaged",
      NO_RANGE,
      { root, problem },
      {
        help: [
          "svc plans as if it had applied nothing here before: nodes it made earlier that the source no longer declares are left alone, and drift is not told apart from the artist's edits",
          "the next apply writes the record again whole (intact pieces are kept, changed ones removed)",
        ],
      },
    ),
  ];
}

/** Per node, the parameters the source sets: the live read fetches those even at their defaults. */
export function sourceParams(desired: NetworkState): Map<string, string[]> {
  return new Map([...desired.nodes.values()].map((n) => [n.path, Object.keys(n.params)] as const));
}

export async function planProgram(
  client: BridgeClient,
  operations: readonly Operation[],
  options: PlanProgramOptions = {},
): Promise<NetworkPlan[]> {
  const plans: NetworkPlan[] = [];
  for (const root of networkRoots(operations)) {
    // In slices: an MCP server planning 10,000 nodes keeps answering meanwhile.
    const desired = await desiredStateInSlices(operations, root);
    const live = await readLiveNetwork(client, root, sourceParams(desired), options.progress);
    const plan = await planNetworkInSlices({
      desired,
      live: live.state,
      lastApplied: live.lastApplied?.state,
      force: options.force ?? false,
    });
    const record: StoredState = { state: desired, appliedAt: new Date().toISOString() };
    if (options.source) record.source = options.source;
    plans.push({
      root,
      desired,
      live,
      plan,
      operations: await planOperationsInSlices({
        plan,
        desired,
        compiled: operations,
        record,
        previous: live.lastApplied,
        damagedRecord: live.recordDamage,
      }),
      diagnostics: [...recordDiagnostics(root, live), ...conflictDiagnostics(plan, desired)],
    });
  }
  return plans;
}
