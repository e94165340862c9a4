/**
 * Thumbnails for the TOP tiles of a picture: each TOP of the program as the bridge renders it
 * (tdsim, or TouchDesigner for a live network), scaled down to fit a tile. A TOP the bridge cannot
 * show (not built, or its image cannot be read) keeps a plain tile and is listed in `missing`.
 */
import { walkComponents, type NodeModel, type ProgramModel } from "../../compiler/model.js";
import { type BridgeClient, cookFrames, fetchPreview } from "../engine/index.js";
import { downscalePng } from "../image/downscale.js";

/** Thumbnails are at most this many pixels a side: a tile is about 100 picture units wide. */
const THUMBNAIL_SIZE = 96;

export interface Thumbnails {
  /** Node path → PNG. */
  images: Map<string, Buffer>;
  /** TOPs without a thumbnail, with the reason. */
  missing: { path: string; reason: string }[];
}

/**
 * Every tile shows the same moment: the network runs its frames once (each TOP that no other TOP
 * reads is cooked on each frame, which cooks what feeds it), then every TOP's image is taken. Before,
 * each TOP ran the frames again for itself, so N frames cost N cooks per TOP and a feedback loop's
 * tiles showed different moments.
 */
export async function topThumbnails(client: BridgeClient, program: ProgramModel, frames = 1): Promise<Thumbnails> {
  const images = new Map<string, Buffer>();
  const missing: Thumbnails["missing"] = [];
  const tops: NodeModel[] = [];
  const read = new Set<NodeModel>();
  for (const network of program.networks) {
    for (const comp of walkComponents(network.root)) {
      for (const node of comp.body.nodes) if (node.family === "TOP") tops.push(node);
      for (const w of comp.body.wires) if (w.to.node.family === "TOP") read.add(w.from.node);
    }
  }
  const ends = tops.filter((t) => !read.has(t));
  for (let frame = 1; frame < frames; frame++) {
    for (const end of ends) {
      // A TOP that cannot cook (not built) is reported below, when its image is asked for.
      await cookFrames(client, end.path, 2).catch(() => undefined);
    }
  }
  for (const node of tops) {
    try {
      const preview = await fetchPreview(client, node.path, THUMBNAIL_SIZE, 1);
      images.set(node.path, downscalePng(preview.png, THUMBNAIL_SIZE).png);
    } catch (err) {
      missing.push({ path: node.path, reason: err instanceof Error ? err.message : String(err) });
    }
  }
  return { images, missing };
}
