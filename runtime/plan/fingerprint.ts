import { createHash } from "node:crypto";
import { wireKey, type NetworkState } from "./network-state.js";

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      if (key === "source" || key === "textSource") continue;   // where the source wrote it, not what it is
      out[key] = canonical((value as Record<string, unknown>)[key]);
    }
    return out;
  }
  return value;
}

/** A hash of everything planning reads from the live side, independent of ordering. */
export function fingerprintState(state: NetworkState): string {
  const nodes = [...state.nodes.values()].sort((a, b) => a.path.localeCompare(b.path)).map(canonical);
  const wires = state.wires.map(wireKey).sort();
  return createHash("sha256").update(JSON.stringify({ root: state.root, nodes, wires })).digest("hex").slice(0, 32);
}
