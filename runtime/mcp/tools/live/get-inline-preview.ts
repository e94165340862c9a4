import { z } from "zod";
import { BridgeError, MAX_PREVIEW_FRAMES, type BridgeClient } from "../../../engine/index.js";
import { defineTool } from "../registry.js";
import { failure, success } from "../result.js";
import type { CookRow, PreviewReply } from "./bridge-replies.js";
import { splitErrorLine } from "./error-lines.js";
import { cookOf, cookSchema } from "./cook-state.js";
import { segment, tdPath } from "./live-input.js";

const COLOR_TYPES: Record<number, string> = { 0: "grey", 2: "RGB", 3: "palette", 4: "grey+alpha", 6: "RGBA" };

export const getInlinePreview = defineTool({
  name: "get_inline_preview",
  title: "TOP thumbnail",
  description:
    "A live TOP's thumbnail (fits size x size) with its resolution, pixel format, cook counters and errors after cooking.",
  input: {
    path: tdPath("TOP, e.g. /project1/out1"),
    size: z.number().int().min(16).max(1024).default(256).describe("the thumbnail fits within size x size pixels"),
    frames: z.number().int().min(1).max(MAX_PREVIEW_FRAMES).default(1).describe("after this many frames"),
  },
  output: {
    path: z.string(),
    width: z.number(),
    height: z.number(),
    scaled: z.boolean().describe("false when the image already fitted"),
    bytes: z.number(),
    resolution: z.object({ width: z.number(), height: z.number() }).describe("the TOP's own resolution"),
    pixelFormat: z.string().nullable().describe("the TOP's pixel format (useinput: its input's); null if it has none"),
    imageFormat: z.string().describe("the PNG's layout, e.g. 8-bit RGBA"),
    cook: cookSchema.nullable(),
    errors: z.array(z.string()),
    warnings: z.array(z.string()),
  },
  annotations: { readOnlyHint: true, openWorldHint: true },
  profiles: ["core", "safe"],
  async handler({ path, size, frames }, ctx) {
    const bridge = await ctx.services.bridge();
    const { cookFrames } = await import("../../../engine/index.js");
    await cookFrames(bridge, path, frames);
    const reply = await bridge.get<PreviewReply>(`/api/preview/${segment(path)}`, { size });
    // Read after the image so the errors are those of the cook that produced it.
    const [errs, perf, format] = await Promise.all([
      bridge.get<{ errors: string[]; warnings: string[] }>(`/api/nodes/${segment(reply.path)}/errors`),
      bridge.get<{ nodes: CookRow[] }>(`/api/network/${segment(reply.path)}/performance`, { limit: 1 }),
      pixelFormat(bridge, reply.path),
    ]);
    const { downscalePng } = await import("../../../image/downscale.js");
    const { PngError } = await import("../../../image/png-chunks.js");
    let thumb;
    try {
      thumb = downscalePng(Buffer.from(reply.png_base64, "base64"), size);
    } catch (err) {
      if (err instanceof PngError)
        return failure("unreadable-image", `the image of ${reply.path} cannot be scaled: ${err.message}`);
      throw err;
    }
    const scaled = thumb.width !== thumb.source.width || thumb.height !== thumb.source.height;
    const own = perf.nodes.find((r) => r.path === reply.path);
    const data = {
      path: reply.path,
      width: thumb.width,
      height: thumb.height,
      scaled,
      bytes: thumb.png.length,
      resolution: { width: reply.width, height: reply.height },
      pixelFormat: format,
      imageFormat: `${thumb.source.bitDepth}-bit ${COLOR_TYPES[thumb.source.colorType] ?? "PNG"}${thumb.source.interlaced ? ", interlaced" : ""}`,
      cook: own ? cookOf(own) : null,
      errors: errs.errors.map((l) => splitErrorLine(l, reply.path).message),
      warnings: errs.warnings.map((l) => splitErrorLine(l, reply.path).message),
    };
    const issues = data.errors.length
      ? `; ${data.errors.length} error${data.errors.length === 1 ? "" : "s"}: ${data.errors[0]}`
      : "";
    const after = frames > 1 ? ` after ${frames} frames` : "";
    const text = `${reply.path}: ${reply.width}x${reply.height}${after}${scaled ? `, thumbnail ${thumb.width}x${thumb.height}` : ""}${format ? `, ${format}` : ""}${issues}`;
    return success(data, text, [{ type: "image", data: thumb.png.toString("base64"), mimeType: "image/png" }]);
  },
});

/** The `format` parameter's entry, or null for a TOP that has no such parameter. */
async function pixelFormat(bridge: BridgeClient, path: string): Promise<string | null> {
  try {
    const reply = await bridge.get<{ params: { name: string; value: unknown }[] }>(
      `/api/nodes/${segment(path)}/params`,
      { keys: "format" },
    );
    const value = reply.params[0]?.value;
    return typeof value === "string" ? value : null;
  } catch (err) {
    if (err instanceof BridgeError && err.code === "unknown_param") return null;
    throw err;
  }
}
