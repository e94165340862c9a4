/**
 * Whole-network edits at one path: rebuild (apply a given source there), repair (apply a corrected
 * source and keep it only if the live error count went down) and arrange (lay the network out
 * again). All go through the loop; nodes svc did not build are never touched.
 */
import { applyFile, type BridgeClient, encodePath, type LoopResult, renderPlanText } from "../../../engine/index.js";
import { parse } from "../../../../grammar/parse.js";
import { print } from "../../../../grammar/print.js";
import { failure, success, type ToolOutcome } from "../result.js";
import { loopFailure } from "../network/loop-report.js";
import { applyEdit, refusing, type EditResult } from "./apply-edit.js";
import { exists, nameOf, networkFor, openNetwork, rootPathOf } from "./live-network.js";
import { EditRefusal } from "./refusal.js";
import { editJournalDir, finishUnfinished, withRecovered } from "./edit-journal.js";
import type { RunOptions } from "./run-edits.js";
import { mcpSourceHost } from "../language/source-host.js";

/**
 * The source must hold exactly one network; it is renamed after the last part of `path` (in the
 * text itself, so diagnostics keep pointing at the caller's lines) and built at `path`.
 */
function atPath(source: string, file: string, path: string): string {
  const parsed = parse(source, file);
  if (parsed.diagnostics.some((d) => d.severity === "error")) return source; // the compiler reports them
  const networks = parsed.ast.networks;
  if (networks.length !== 1) {
    throw new EditRefusal(
      "one-network",
      `the source must declare exactly one network to build at one path; it declares ${networks.length}`,
    );
  }
  const old = networks[0]!.name;
  const name = nameOf(path);
  if (old.name === name) return source;
  const splices: Array<{ at: number; length: number }> = [
    { at: old.range.start.offset, length: old.range.end.offset - old.range.start.offset },
  ];
  // Pinned positions name the network first: tunnel/noise1.
  for (const entry of parsed.ast.layout?.entries ?? []) {
    const at = entry.range.start.offset;
    if (entry.path.startsWith(`${old.name}/`) && source.startsWith(old.name, at))
      splices.push({ at, length: old.name.length });
  }
  let text = source;
  for (const s of splices.sort((a, b) => b.at - a.at)) text = text.slice(0, s.at) + name + text.slice(s.at + s.length);
  return text;
}

function resultOf(root: string, result: LoopResult): EditResult {
  const plan = result.plans.find((p) => p.root === root)?.plan;
  const nodes = (plan?.changes ?? []).map((c) => (c.kind === "rename" ? c.to : c.path)).sort();
  return {
    root,
    changed: result.outcomes.length > 0,
    summary: plan ? { ...plan.summary } : { add: 0, change: 0, destroy: 0 },
    nodes,
    errors: result.verified.reduce((n, v) => n + v.errors, 0),
    warnings: result.verified.reduce((n, v) => n + v.warnings, 0),
    issues: result.diagnostics
      .filter((d) => d.code === "live-cook-error" || d.code === "live-cook-warning")
      .map((d) => `${d.severity}: ${d.message}`),
  };
}

/** Applies `source` (one network) at `path` through the loop. */
async function applyAt(
  client: BridgeClient,
  path: string,
  source: string,
  file: string,
  options: RunOptions,
): Promise<LoopResult> {
  const text = atPath(source, file, path);
  return applyFile(
    client,
    { text, file },
    {
      rootPath: rootPathOf(path),
      force: options.force,
      host: await mcpSourceHost(),
      journalDir: editJournalDir(options.services),
      ...(options.progress ? { progress: options.progress } : {}),
    },
  );
}

export function rebuild(
  path: string,
  source: string,
  file: string,
  options: RunOptions,
): Promise<ToolOutcome<EditResult>> {
  return refusing(async () => {
    const client = await options.services.bridge();
    const recovered = await finishUnfinished(client, options.services, path, options.progress);
    const result = await applyAt(client, path, source, file, options);
    if (!result.ok) return withRecovered(recovered, loopFailure(result));
    const data = { ...resultOf(path, result), ...(recovered.length === 0 ? {} : { recovered }) };
    const plan = result.plans[0]?.plan;
    return withRecovered(
      recovered,
      success(data, [plan ? renderPlanText(plan).trimEnd() : `nothing to build at ${path}`, ...data.issues].join("\n")),
    );
  });
}

async function errorCount(client: BridgeClient, path: string): Promise<number> {
  const data = await client.get<{ errors: unknown[] }>(`/api/network/${encodePath(path)}/errors`, {
    time_budget_ms: 200,
  });
  return data.errors.length;
}

export interface RepairResult extends EditResult {
  errorsBefore: number;
  errorsAfter: number;
  reverted: boolean;
  [key: string]: unknown;
}

/**
 * Applies a corrected source at `path`. The repair stands only when it lowered the number of live
 * errors; otherwise the network is put back by applying what it was before (its export, without
 * the nodes svc does not own, which no apply touches anyway).
 */
export function repair(
  path: string,
  source: string,
  file: string,
  options: RunOptions,
): Promise<ToolOutcome<RepairResult>> {
  return refusing<RepairResult>(async () => {
    const client = await options.services.bridge();
    // Before the errors are counted and the network kept for putting back: not the half of a cut-off apply.
    const recovered = await finishUnfinished(client, options.services, path, options.progress);
    if (!(await exists(client, path)))
      throw new EditRefusal(
        "not-found",
        `nothing exists at ${path} to repair; build it with rebuild_network or apply_network`,
      );
    const before = await openNetwork(client, path);
    const previous = print(before.program);
    const errorsBefore = await errorCount(client, path);
    options.progress?.(`${errorsBefore} live error(s) before the repair`);
    const result = await applyAt(client, path, source, file, options);
    if (!result.ok) return withRecovered(recovered, loopFailure(result, { errorsBefore }));
    const data = { ...resultOf(path, result), ...(recovered.length === 0 ? {} : { recovered }) };
    const errorsAfter = data.errors;
    if (errorsAfter < errorsBefore) {
      return withRecovered(
        recovered,
        success(
          { ...data, errorsBefore, errorsAfter, reverted: false },
          `repaired: ${errorsBefore} -> ${errorsAfter} live errors\n${data.issues.join("\n")}`.trimEnd(),
        ),
      );
    }
    options.progress?.(`no fewer errors (${errorsBefore} -> ${errorsAfter}): putting the network back`);
    const back = await applyFile(
      client,
      { text: previous, file: before.file },
      {
        rootPath: before.rootPath,
        force: true,
        host: await mcpSourceHost(),
        journalDir: editJournalDir(options.services),
      },
    );
    if (!back.ok) {
      return withRecovered(
        recovered,
        failure(
          "revert-failed",
          `the repair did not lower the live errors (${errorsBefore} -> ${errorsAfter}) and putting the network back failed too`,
          {
            diagnostics: loopFailure(back).error.diagnostics ?? [],
            details: { errorsBefore, errorsAfter },
          },
        ),
      );
    }
    const settled = { ...resultOf(path, back), ...(recovered.length === 0 ? {} : { recovered }) };
    return withRecovered(
      recovered,
      success(
        { ...settled, errorsBefore, errorsAfter, reverted: true },
        `not kept: the repair left ${errorsAfter} live error(s) where there were ${errorsBefore}; the network was put back as it was\n${data.issues.join("\n")}`.trimEnd(),
      ),
    );
  });
}

/** Lays the network out again: applied with positions recomputed, nodes moved by hand included. */
export function arrange(path: string, options: RunOptions): Promise<ToolOutcome<EditResult>> {
  return refusing(async () => {
    const client = await options.services.bridge();
    const recovered = await finishUnfinished(client, options.services, path, options.progress);
    const net = await networkFor(client, path, { mayStart: false });
    if (net.lastApplied === undefined)
      throw new EditRefusal(
        "not-an-svc-network",
        `svc has built nothing in ${net.root} yet, so there is nothing of svc's to arrange; build with apply_network or create_td_node first`,
      );
    const all = new Set(net.live.nodes.keys());
    // Forced only so that positions the artist changed are recomputed too; anything but a position
    // in the plan is refused (positionsOnly), so no live value can be overwritten.
    const journal = editJournalDir(options.services);
    const extra = recovered.length === 0 ? {} : { recovered };
    return withRecovered(
      recovered,
      await applyEdit(client, net, all, { ...options, force: true, positionsOnly: true, journalDir: journal }, extra),
    );
  });
}
