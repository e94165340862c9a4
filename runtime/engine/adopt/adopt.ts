/**
 * Adoption: a network built by hand becomes one svc manages, and back. Adopting exports the live
 * COMP as canonical `.svcnet` (read-only unless confirmed); confirmed, it tags every node the text
 * declares inside the COMP with `svc` and stores that text's desired state as svc's record, in one
 * bridge request (one undo step), so the next plan of the same text has nothing to do. The COMP
 * itself stays the artist's: it hosts the network, as an artist's COMP hosts what svc builds in it,
 * but the record holds its parameters and controls, so the plan treats those as the source's
 * (reconcile.ts). Releasing takes the tags and the record off again, also in one request.
 */
import type { BridgeClient } from "../bridge-client/index.js";
import { APPLIED_KEY, readLiveNetwork } from "../plan/live-state.js";
import type { StoredState } from "../plan/stored-state.js";
import { recordRemoveOperations, recordStoreOperations } from "../plan/record-pieces.js";
import { exportProgram, readExport } from "../export/export-network.js";
import { planFile, type LoopResult } from "../loop/run-loop.js";
import { OWNER_TAG } from "../plan/network-state.js";
import { renderPlanText } from "../plan/render-plan.js";
import { isEmptyPlan } from "../plan/plan-types.js";

import { nameOf } from "../export/synthesize.js";
import { rootPathOf } from "../loop/root-path.js";

export type AdoptOutcome =
  | {
      ok: true;
      path: string;
      file: string;
      source: string;
      adopted: boolean;
      taken: string[];
      leftOut: string[];
      replan?: { empty: boolean; text: string };
      undoStep?: string;
    }
  | {
      ok: false;
      code: "not-found" | "not-a-comp" | "already-managed" | "diagnostics" | "not-managed";
      message: string;
      planned?: LoopResult;
    };

/** The live COMP as canonical text, the file name it would have, and its plan compiled. */
async function exportFor(client: BridgeClient, root: string): Promise<{ text: string; file: string } | undefined> {
  const exported = await readExport(client, root);
  if (exported === undefined) return undefined;
  return { text: await exportProgram([exported]), file: `${nameOf(root)}.svcnet` };
}

export async function adopt(client: BridgeClient, root: string, confirm: boolean): Promise<AdoptOutcome> {
  if (root === "/" || !root.startsWith("/"))
    return { ok: false, code: "not-a-comp", message: "name a COMP such as /project1/show" };
  const live = await readLiveNetwork(client, root);
  if (!live.exists) return { ok: false, code: "not-found", message: `nothing exists at ${root}` };
  const rootNode = live.state.nodes.get(root)!;
  if (!rootNode.type.endsWith("COMP"))
    return {
      ok: false,
      code: "not-a-comp",
      message: `${root} is a ${rootNode.type}; adopt a COMP that holds a network`,
    };
  if (rootNode.tags.includes(OWNER_TAG)) {
    return {
      ok: false,
      code: "already-managed",
      message: `${root} is a network svc built and manages; export_network gives its source`,
    };
  }
  const exported = await exportFor(client, root);
  if (exported === undefined) return { ok: false, code: "not-found", message: `nothing exists at ${root}` };
  const rootPath = rootPathOf(root);
  const planned = await planFile(client, exported, { rootPath });
  const np = planned.plans.find((p) => p.root === root);
  const compileErrors = planned.diagnostics.filter((d) => d.severity === "error" && d.code !== "plan-blocked");
  if (compileErrors.length > 0 || np === undefined) {
    return {
      ok: false,
      code: "diagnostics",
      message: `the export of ${root} does not compile, so svc cannot manage it as it is`,
      planned,
    };
  }
  const declared = new Set(np.desired.nodes.keys());
  const leftOut = [...live.state.nodes.values()]
    .filter((n) => !declared.has(n.path) && !n.tags.includes(OWNER_TAG))
    .map((n) => n.path)
    .sort();
  // The COMP itself stays the artist's (it hosts the adopted network): svc manages what is inside.
  const taken = [...declared].filter((p) => p !== root && live.state.nodes.has(p)).sort();
  const base = { ok: true as const, path: root, file: exported.file, source: exported.text, taken, leftOut };
  if (!confirm) return { ...base, adopted: false };

  const operations: unknown[] = [];
  for (const path of taken) {
    const node = live.state.nodes.get(path)!;
    if (!node.tags.includes(OWNER_TAG))
      operations.push({ action: "set_meta", path, tags: [...node.tags, OWNER_TAG].sort() });
  }
  const record: StoredState = {
    state: np.desired,
    source: { file: exported.file, text: exported.text },
    appliedAt: new Date().toISOString(),
  };
  operations.push(...recordStoreOperations(root, APPLIED_KEY, record, live.lastApplied?.pieceKeys));
  const sent = await client.post<{ undo_label?: string }>("/api/batch", { operations });
  const again = await planFile(client, exported, { rootPath });
  const plan = again.plans.find((p) => p.root === root)?.plan;
  const empty = plan !== undefined && isEmptyPlan(plan) && plan.conflicts.length === 0;
  return {
    ...base,
    adopted: true,
    replan: { empty, text: plan === undefined ? "" : renderPlanText(plan) },
    ...(sent.undo_label === undefined ? {} : { undoStep: sent.undo_label }),
  };
}

export type ReleaseOutcome =
  | { ok: true; path: string; released: string[]; undoStep?: string }
  | { ok: false; code: "not-found" | "not-managed"; message: string };

/** svc stops managing the network at `root`: its tags and its record come off; nothing else changes. */
export async function release(client: BridgeClient, root: string): Promise<ReleaseOutcome> {
  const live = await readLiveNetwork(client, root);
  if (!live.exists) return { ok: false, code: "not-found", message: `nothing exists at ${root}` };
  if (live.lastApplied === undefined)
    return { ok: false, code: "not-managed", message: `svc keeps no record at ${root}: there is nothing to release` };
  const recorded = live.lastApplied.state.nodes;
  const released = [...live.state.nodes.values()]
    .filter((n) => n.tags.includes(OWNER_TAG) && recorded.has(n.path))
    .map((n) => n.path)
    .sort();
  const operations: unknown[] = released.map((path) => ({
    action: "set_meta",
    path,
    tags: live.state.nodes.get(path)!.tags.filter((t) => t !== OWNER_TAG),
  }));
  operations.push(
    { action: "store", path: root, key: APPLIED_KEY, value: null },
    ...recordRemoveOperations(root, live.lastApplied.pieceKeys ?? []),
  );
  const sent = await client.post<{ undo_label?: string }>("/api/batch", { operations });
  return { ok: true, path: root, released, ...(sent.undo_label === undefined ? {} : { undoStep: sent.undo_label }) };
}
