/**
 * A TOP's picture as a vision model receives it: the bridge's preview (the TOP's own image as a PNG,
 * GET /api/preview), scaled down to fit a bounded square so a request to the model stays small
 * whatever the TOP's resolution. The PNG sent is exactly what the bridge read from the TOP, or its
 * box-filtered reduction.
 */
import { type BridgeClient, encodePath } from "../engine/index.js";
import { downscalePng } from "../image/downscale.js";

/** Vision models read images of a few hundred pixels; larger only costs time. */
const DEFAULT_VISION_SIZE = 512;
const MAX_VISION_SIZE = 1024;

export interface TopImage {
  /** The TOP's path as the bridge resolved it. */
  path: string;
  /** The TOP's own resolution. */
  resolution: { width: number; height: number };
  /** The PNG sent to the model. */
  width: number;
  height: number;
  png: Buffer;
}

interface PreviewReply {
  path: string;
  width: number;
  height: number;
  png_base64: string;
}

export async function readTopImage(bridge: BridgeClient, path: string, size = DEFAULT_VISION_SIZE): Promise<TopImage> {
  const max = Math.min(MAX_VISION_SIZE, Math.max(16, Math.floor(size)));
  const reply = await bridge.get<PreviewReply>(`/api/preview/${encodePath(path)}`, { size: max });
  const scaled = downscalePng(Buffer.from(reply.png_base64, "base64"), max);
  return {
    path: reply.path,
    resolution: { width: reply.width, height: reply.height },
    width: scaled.width,
    height: scaled.height,
    png: scaled.png,
  };
}
