/**
 * Applies an edited network through the ordinary loop: print the tree, plan it, check that the plan
 * changes only what the edit meant to change, then apply (atomically, rolled back on failure) and
 * verify. A plan that would also change anything else (an artist's wire into an svc node, a node
 * the export cannot spell exactly) is refused before anything is sent, with the list.
 */
import {
  applyFile,
  type BridgeClient,
  type DeleteAuthorization,
  type LoopResult,
  type Plan,
  planFile,
  renderPlanText,
} from "../../../engine/index.js";
import { print } from "../../../../grammar/print.js";
import { failure, success, type ToolOutcome } from "../result.js";
import { loopFailure } from "../network/loop-report.js";
import type { EditableNetwork } from "./live-network.js";
import { EditRefusal } from "./refusal.js";
import { mcpSourceHost } from "../language/source-host.js";

export interface EditResult {
  root: string;
  changed: boolean;
  summary: { add: number; change: number; destroy: number };
  nodes: string[];
  errors: number;
  warnings: number;
  issues: string[];
}

/** An edit run's result: the applied edit and the steps it took. */
export interface RunResult extends EditResult {
  steps: string[];
  [key: string]: unknown;
}

export interface ApplyEditOptions {
  force: boolean;
  progress?: (message: string) => void;
  /** Layout only: the plan may move nodes and nothing else (arrange_network). */
  positionsOnly?: boolean;
  /** A delete the artist authorized through the broker. */
  deleteAuthorization?: DeleteAuthorization;
  /** svc's folder of apply journals: the edit's apply is journalled there (edit-journal.ts). */
  journalDir: string;
}

const rel = (root: string, path: string) =>
  path === root ? "(network)" : path.startsWith(root + "/") ? path.slice(root.length + 1) : path;

const positionOnly = (c: Plan["changes"][number]) =>
  c.kind === "update" && c.params.length === 0 && c.fields.every((f) => f.field === "position");

/**
 * Everything in the plan the edit did not ask for, one line each. Moving nodes never counts. A
 * touched entry ending in '/' covers a whole subtree (a recipe instance whose arguments changed).
 */
function collateral(plan: Plan, touched: ReadonlySet<string>, positionsOnly = false): string[] {
  const out: string[] = [];
  const r = plan.root;
  const subtrees = [...touched].filter((t) => t.endsWith("/"));
  const covered = (path: string) => touched.has(path) || subtrees.some((t) => path.startsWith(t));
  for (const c of plan.changes) {
    if (positionOnly(c)) continue;
    if (!positionsOnly && c.kind !== "rename" && covered(c.path)) continue;
    if (c.kind === "update") {
      const what = [
        ...c.params.map((p) => p.name),
        ...c.fields.filter((f) => f.field !== "position").map((f) => f.field),
      ];
      out.push(`${rel(r, c.path)} would change (${what.join(", ")})`);
    } else if (c.kind === "rename") out.push(`${rel(r, c.from)} would be renamed`);
    else
      out.push(
        `${rel(r, c.path)} would be ${c.kind === "create" ? "created" : c.kind === "delete" ? "deleted" : "replaced"}`,
      );
  }
  for (const [w, verb] of [
    ...plan.wiresAdded.map((w) => [w, "connected"] as const),
    ...plan.wiresRemoved.map((w) => [w, "disconnected"] as const),
  ]) {
    if (!positionsOnly && (covered(w.to) || covered(w.from))) continue;
    out.push(`${rel(r, w.from)}[${w.fromOutput}] -> ${rel(r, w.to)}[${w.toInput}] would be ${verb}`);
  }
  return out;
}

/** The plan as people read it after an edit: layout moves summed up in one line, not listed. */
function editPlanText(plan: Plan): string {
  const moved = plan.changes.filter(positionOnly).length;
  const changes = plan.changes
    .filter((c) => !positionOnly(c))
    .map((c) => (c.kind === "update" ? { ...c, fields: c.fields.filter((f) => f.field !== "position") } : c));
  const text = renderPlanText({ ...plan, changes }).trimEnd();
  return moved === 0
    ? text
    : `${text}
(${moved} node${moved === 1 ? "" : "s"} moved by the layout)`;
}

const meaningful = (plan: Plan) =>
  plan.changes.some((c) => !positionOnly(c)) || plan.wiresAdded.length > 0 || plan.wiresRemoved.length > 0;

function issuesOf(result: LoopResult): { errors: number; warnings: number; issues: string[] } {
  const live = result.diagnostics.filter((d) => d.code === "live-cook-error" || d.code === "live-cook-warning");
  return {
    errors: result.verified.reduce((n, v) => n + v.errors, 0),
    warnings: result.verified.reduce((n, v) => n + v.warnings, 0),
    issues: live.map((d) => `${d.severity}: ${d.message}`),
  };
}

export async function applyEdit<X extends Record<string, unknown>>(
  client: BridgeClient,
  net: EditableNetwork,
  touched: ReadonlySet<string>,
  options: ApplyEditOptions,
  extra: X = {} as X,
): Promise<ToolOutcome<EditResult & X>> {
  const text = print(net.program);
  const input = { text, file: net.file };
  const loopOptions = {
    rootPath: net.rootPath,
    force: options.force,
    host: await mcpSourceHost(),
    ...(options.progress ? { progress: options.progress } : {}),
    ...(options.deleteAuthorization ? { deleteAuthorization: options.deleteAuthorization } : {}),
    journalDir: options.journalDir,
  };
  // A network this edit starts is all new: its root counts as asked for.
  const asked = new Set(touched);
  if (net.lastApplied === undefined) asked.add(net.root);
  const planned = await planFile(client, input, loopOptions);
  // Warnings about the rest of the network are not this edit's business; errors stop it.
  if (!planned.ok) return loopFailure(planned, { source: text }, { errorsOnly: true });
  const np = planned.plans.find((p) => p.root === net.root);
  if (np === undefined) return failure("internal-error", `the edited source did not plan ${net.root}`);
  const plan = np.plan;
  if (plan.conflicts.length > 0) {
    return failure(
      "live-edit-conflict",
      `not applied: ${plan.conflicts.map((c) => `${rel(net.root, c.path)}: ${c.message}`).join("; ")}. Pass force: true to overwrite what was changed live.`,
      { details: { conflicts: plan.conflicts, plan: editPlanText(plan) } },
    );
  }
  const extraChanges = collateral(plan, asked, options.positionsOnly);
  if (extraChanges.length > 0) {
    return failure(
      "would-change-other-nodes",
      `not applied: the edit would also change what it was not asked to: ${extraChanges.join("; ")}. ` +
        "Change the network as a whole with export_network and apply_network if that is wanted.",
      { details: { collateral: extraChanges, plan: editPlanText(plan) } },
    );
  }
  // Arranging reports the nodes it moved; an edit, the nodes it was asked to change.
  const nodes = options.positionsOnly
    ? plan.changes
        .filter(positionOnly)
        .map((c) => (c as { path: string }).path)
        .sort()
    : [...touched].filter((t) => !t.endsWith("/")).sort();
  if (!meaningful(plan) && !options.positionsOnly) {
    return success(
      {
        root: net.root,
        changed: false,
        summary: { add: 0, change: 0, destroy: 0 },
        nodes,
        errors: 0,
        warnings: 0,
        issues: [],
        ...extra,
      },
      `no change: ${net.root} already is as asked`,
    );
  }
  const applied = await applyFile(client, input, loopOptions);
  if (!applied.ok) return loopFailure(applied, { source: text }, { errorsOnly: true });
  const appliedPlan = applied.plans.find((p) => p.root === net.root)?.plan ?? plan;
  const live = issuesOf(applied);
  const data = {
    root: net.root,
    changed: applied.outcomes.length > 0,
    summary: { ...appliedPlan.summary },
    nodes,
    ...live,
    ...extra,
  };
  const lines = [
    options.positionsOnly ? renderPlanText(appliedPlan).trimEnd() : editPlanText(appliedPlan),
    ...live.issues,
  ];
  return success(data, lines.join("\n"));
}

/** Runs an edit; a refusal (not svc's node, no such node, bad value) becomes the tool's failure. */
export async function refusing<T>(work: () => Promise<ToolOutcome<T>>): Promise<ToolOutcome<T>> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof EditRefusal)
      return failure(err.code, err.message, Object.keys(err.details).length ? { details: err.details } : {});
    throw err;
  }
}
