/** Finds a network's output TOP and fetches its image from the bridge as PNG bytes. */
import { encodePath, type BridgeClient } from "../bridge-client/index.js";
import type { NetworkState } from "../plan/network-state.js";
import { MAX_PREVIEW_FRAMES } from "./preview-limits.js";

export interface PreviewImage {
  path: string;
  width: number;
  height: number;
  png: Buffer;
}

const isTop = (type: string) => type.endsWith("TOP");

/** The output TOP directly inside `level`: display flag first, then an Out/Null TOP, then the last by name. */
function outputAt(state: NetworkState, level: string): string | undefined {
  const tops = [...state.nodes.values()]
    .filter((n) => isTop(n.type) && n.path.slice(0, n.path.lastIndexOf("/")) === level)
    .sort((a, b) => a.path.localeCompare(b.path));
  return (
    tops.find((n) => n.flags.display === true)?.path ??
    tops.find((n) => n.type === "outTOP" || n.type === "nullTOP")?.path ??
    tops.at(-1)?.path
  );
}

/**
 * The network's output TOP: one at its top level, else (a network made of COMPs, such as a recipe
 * use) the output of its first COMP that has one. Undefined when there is no TOP to show.
 */
export function outputTop(state: NetworkState): string | undefined {
  const direct = outputAt(state, state.root);
  if (direct !== undefined) return direct;
  const comps = [...state.nodes.values()]
    .filter((n) => n.type.endsWith("COMP") && n.path.slice(0, n.path.lastIndexOf("/")) === state.root)
    .sort((a, b) => a.path.localeCompare(b.path));
  for (const comp of comps) {
    const inner = outputAt(state, comp.path);
    if (inner !== undefined) return inner;
  }
  return undefined;
}

/**
 * The TOP's image; with `frames` above 1, after the TOP has cooked on that many frames (one cook
 * request per frame, then the preview), so a feedback loop shows how it evolves.
 */
export async function fetchPreview(client: BridgeClient, path: string, size = 256, frames = 1): Promise<PreviewImage> {
  await cookFrames(client, path, frames);
  const data = await client.get<{ png_base64: string; width: number; height: number }>(
    `/api/preview/${encodePath(path)}`,
    { size },
  );
  return { path, width: data.width, height: data.height, png: Buffer.from(data.png_base64, "base64") };
}

/** Cooks the TOP on `frames - 1` frames (one request each), so the preview that follows is the Nth. */
export async function cookFrames(client: BridgeClient, path: string, frames: number): Promise<void> {
  const cooks = Math.min(Math.max(1, Math.floor(frames)), MAX_PREVIEW_FRAMES) - 1;
  for (let i = 0; i < cooks; i++) await client.post(`/api/cook/${encodePath(path)}`, {});
}
