/**
 * Thumbnails for the TOP tiles of a picture: each TOP of the program as the bridge renders it
 * (tdsim, or TouchDesigner for a live network), scaled down to fit a tile. A TOP the bridge cannot
 * show (not built, or its image cannot be read) keeps a plain tile and is listed in `missing`.
 */
import { walkComponents, type ProgramModel } from "../../compiler/model.js";
import { type BridgeClient, fetchPreview } from "../engine/index.js";
import { downscalePng } from "../image/downscale.js";

/** Thumbnails are at most this many pixels a side: a tile is about 100 picture units wide. */
const THUMBNAIL_SIZE = 96;

export interface Thumbnails {
  /** Node path → PNG. */
  images: Map<string, Buffer>;
  /** TOPs without a thumbnail, with the reason. */
  missing: { path: string; reason: string }[];
}

export async function topThumbnails(client: BridgeClient, program: ProgramModel, frames = 1): Promise<Thumbnails> {
  const images = new Map<string, Buffer>();
  const missing: Thumbnails["missing"] = [];
  for (const network of program.networks) {
    for (const comp of walkComponents(network.root)) {
      for (const node of comp.body.nodes) {
        if (node.family !== "TOP") continue;
        try {
          const preview = await fetchPreview(client, node.path, THUMBNAIL_SIZE, frames);
          images.set(node.path, downscalePng(preview.png, THUMBNAIL_SIZE).png);
        } catch (err) {
          missing.push({ path: node.path, reason: err instanceof Error ? err.message : String(err) });
        }
      }
    }
  }
  return { images, missing };
}
