/**
 * The operator types of the running build, when a bridge answers; undefined when none does, so the
 * knowledge tools fall back to the knowledge base instead of failing offline.
 */
import type { Services } from "../../../services.js";

export interface LiveTypes {
  /** type → family */
  byType: Map<string, string>;
  count: number;
}

export async function liveOperatorTypes(services: Services): Promise<LiveTypes | undefined> {
  const { BridgeError } = await import("../../../engine/index.js");
  try {
    const bridge = await services.bridge();
    const r = await bridge.get<{ families: Record<string, string[]>; count: number }>("/api/optypes");
    const byType = new Map<string, string>();
    for (const [family, types] of Object.entries(r.families)) for (const t of types) byType.set(t, family);
    return { byType, count: r.count };
  } catch (err) {
    // Offline (no bridge, or one that does not answer) is normal for the knowledge tools.
    if (err instanceof BridgeError && (err.kind === "connection" || err.kind === "timeout")) return undefined;
    throw err;
  }
}
