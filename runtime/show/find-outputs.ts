/**
 * The show's outputs, found in the live project: every TOP that sends a picture out of
 * TouchDesigner (device, NDI, Spout/Syphon, Touch, shared memory, stream outs) and every TOP a
 * Window COMP shows. Bounded: one search each, at most MAX_FOUND results.
 */
import { type BridgeClient, encodePath } from "../engine/index.js";

const OUTPUT_TOP_TYPES = new Set([
  "videodeviceoutTOP",
  "ndioutTOP",
  "syphonspoutoutTOP",
  "touchoutTOP",
  "sharedmemoutTOP",
  "directdisplayoutTOP",
  "renderstreamoutTOP",
  "videostreamoutTOP",
]);
const MAX_FOUND = 64;

interface SearchReply {
  results: Array<{ path: string; type: string }>;
  complete: boolean;
}

export interface FoundOutputs {
  outputs: string[];
  complete: boolean;
}

/** Outputs under `root`; `exclude` (a safety chain) is skipped with everything inside it. */
export async function findOutputs(bridge: BridgeClient, root = "/project1", exclude?: string): Promise<FoundOutputs> {
  const outside = (p: string) => exclude === undefined || (p !== exclude && !p.startsWith(`${exclude}/`));
  const [tops, windows] = await Promise.all([
    bridge.get<SearchReply>("/api/nodes/search", { root, type: "*outTOP", limit: MAX_FOUND }),
    bridge.get<SearchReply>("/api/nodes/search", { root, type: "windowCOMP", limit: MAX_FOUND }),
  ]);
  const found = new Set(tops.results.filter((r) => OUTPUT_TOP_TYPES.has(r.type)).map((r) => r.path));
  for (const w of windows.results) {
    const r = await bridge.get<{ params: Array<{ name: string; value: unknown }> }>(
      `/api/nodes/${encodePath(w.path)}/params`,
      { keys: "winop" },
    );
    const op = r.params[0]?.value;
    if (typeof op !== "string" || op === "") continue;
    found.add(op.startsWith("/") ? op : `${w.path.slice(0, w.path.lastIndexOf("/"))}/${op}`);
  }
  return {
    outputs: [...found].filter(outside).sort().slice(0, MAX_FOUND),
    complete: tops.complete && windows.complete,
  };
}
