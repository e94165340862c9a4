/** Finds a network's output TOP and fetches its image from the bridge as PNG bytes. */
import { encodePath, type BridgeClient } from "../bridge-client/index.js";
import type { NetworkState } from "../plan/network-state.js";

export interface PreviewImage {
  path: string;
  width: number;
  height: number;
  png: Buffer;
}

const isTop = (type: string) => type.endsWith("TOP");

/**
 * The output TOP: a TOP directly in the network with the display flag, else an Out/Null TOP, else
 * the last TOP by name. Undefined when the network has no TOP at its top level.
 */
export function outputTop(state: NetworkState): string | undefined {
  const tops = [...state.nodes.values()]
    .filter((n) => isTop(n.type) && n.path.slice(0, n.path.lastIndexOf("/")) === state.root)
    .sort((a, b) => a.path.localeCompare(b.path));
  return (
    tops.find((n) => n.flags.display === true)?.path ??
    tops.find((n) => n.type === "outTOP" || n.type === "nullTOP")?.path ??
    tops.at(-1)?.path
  );
}

export async function fetchPreview(client: BridgeClient, path: string, size = 256): Promise<PreviewImage> {
  const data = await client.get<{ png_base64: string; width: number; height: number }>(`/api/preview/${encodePath(path)}`, { size });
  return { path, width: data.width, height: data.height, png: Buffer.from(data.png_base64, "base64") };
}
