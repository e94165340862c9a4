/**
 * arrange_network's explicit mode: exact coordinates for the operators of one network, placed by the
 * bridge's reposition routes against the placement fingerprint read just before (a node moved in
 * between fails the call before anything changes). Dock hosts decide where their docked operators
 * go; one request, one undo step, every position read back and all put back on a failure.
 */
import { type BridgeClient, BridgeError, OWNER_TAG } from "../../../engine/index.js";
import { failure, success, type ToolOutcome } from "../result.js";
import { segment } from "../live/live-input.js";

export interface ExplicitPosition {
  path: string;
  x: number;
  y: number;
}

interface Reposition {
  moved: string[];
  positions: Record<string, { x: number; y: number }>;
  dock_overridden: string[];
  fingerprint: string;
  undo_label?: string;
  replayed?: boolean;
}

export async function placeExactly(
  bridge: BridgeClient,
  parent: string,
  positions: readonly ExplicitPosition[],
  options: { allowUnmanaged: boolean; idempotencyKey?: string | undefined },
): Promise<ToolOutcome<Record<string, unknown>>> {
  const listing = await bridge.get<{ children: { path: string; tags: string[] }[]; complete: boolean }>("/api/nodes", {
    parent,
    detail: true,
    limit: 10000,
  });
  const tags = new Map(listing.children.map((c) => [c.path, c.tags]));
  const strangers = positions.map((p) => p.path).filter((p) => tags.has(p) && !tags.get(p)!.includes(OWNER_TAG));
  if (strangers.length > 0 && !options.allowUnmanaged) {
    return failure(
      "not-owned",
      `svc did not build ${strangers.slice(0, 3).join(", ")}${strangers.length > 3 ? ", …" : ""}; pass allow_unmanaged: true to place them anyway`,
      {
        details: { paths: strangers, flag: "allow_unmanaged" },
      },
    );
  }
  const replayed =
    options.idempotencyKey !== undefined ? await earlierReceipt(bridge, options.idempotencyKey, positions) : undefined;
  if (replayed !== undefined && "error" in replayed) return replayed.error;
  const r =
    replayed?.receipt ??
    (await bridge.post<Reposition>(
      "/api/editor/reposition",
      {
        parent,
        fingerprint: (await bridge.read<{ fingerprint: string }>("/api/editor/reposition/context", { parent }))
          .fingerprint,
        positions,
      },
      options.idempotencyKey !== undefined ? { idempotencyKey: options.idempotencyKey } : {},
    ));
  const errors = await bridge.get<{
    errors: { path: string; message: string }[];
    warnings: { path: string; message: string }[];
  }>(`/api/network/${segment(parent)}/errors`, { depth: 1 });
  const data = {
    root: parent,
    changed: r.moved.length > 0,
    summary: { add: 0, change: r.moved.length, destroy: 0 },
    nodes: r.moved,
    errors: errors.errors.length,
    warnings: errors.warnings.length,
    issues: [...errors.errors, ...errors.warnings].map((e) => `${e.path}: ${e.message}`),
    ...(r.undo_label ? { undoStep: r.undo_label } : {}),
    positions: r.positions,
    dockOverridden: r.dock_overridden,
    fingerprint: r.fingerprint,
    replayed: replayed !== undefined || r.replayed === true,
  };
  const overridden = r.dock_overridden.length ? `; ${r.dock_overridden.join(", ")} followed their dock host` : "";
  return success(
    data,
    `${data.replayed ? "replayed: " : ""}${r.moved.length} node(s) placed exactly in ${parent}${overridden}`,
  );
}

/**
 * The receipt of an earlier call with this key, when the bridge still remembers one: replayed rather
 * than placed again (the placement fingerprint has moved since, so the request itself would differ).
 * A key that placed other positions is refused.
 */
async function earlierReceipt(
  bridge: BridgeClient,
  key: string,
  positions: readonly ExplicitPosition[],
): Promise<{ receipt: Reposition } | { error: ToolOutcome<Record<string, unknown>> } | undefined> {
  let stored: { ok: boolean; data?: Reposition };
  try {
    stored = await bridge.get(`/api/receipts/${encodeURIComponent(key)}`);
  } catch (err) {
    if (err instanceof BridgeError && err.code === "receipt_not_found") return undefined;
    throw err;
  }
  const placed = stored.ok ? stored.data?.positions : undefined;
  const same =
    placed !== undefined &&
    positions.every((p) => placed[p.path]?.x === Math.round(p.x) && placed[p.path]?.y === Math.round(p.y));
  if (!same) {
    return {
      error: failure(
        "idempotency-key-reused",
        `the idempotency_key '${key}' was used for another placement; choose a new key`,
        { details: { key } },
      ),
    };
  }
  return { receipt: stored.data! };
}
