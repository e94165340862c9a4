import { z } from "zod";
import { MAX_PREVIEW_FRAMES } from "../../../engine/index.js";
import { defineTool } from "../registry.js";
import { success } from "../result.js";
import type { PreviewReply } from "./bridge-replies.js";
import { segment, tdPath } from "./live-input.js";

export const getPreview = defineTool({
  name: "get_preview",
  title: "TOP image",
  description:
    "The image of a TOP in the live project at its own resolution, as a PNG. For a small thumbnail use get_inline_preview.",
  input: {
    path: tdPath("TOP, e.g. /project1/out1"),
    size: z
      .number()
      .int()
      .min(1)
      .max(1024)
      .default(256)
      .describe("advisory: the image is not scaled, `fits` says whether it is within size x size"),
    frames: z
      .number()
      .int()
      .min(1)
      .max(MAX_PREVIEW_FRAMES)
      .default(1)
      .describe("capture after the TOP has cooked on this many frames (feedback loops evolve); one request per frame"),
  },
  output: {
    path: z.string(),
    width: z.number(),
    height: z.number(),
    bytes: z.number().describe("size of the PNG"),
    sizeAdvisory: z.number(),
    fits: z.boolean(),
  },
  annotations: { readOnlyHint: true, openWorldHint: true },
  profiles: ["safe"],
  async handler({ path, size, frames }, ctx) {
    const bridge = await ctx.services.bridge();
    // Imported on use: tools/list must not load the bridge client (test/mcp/lazy-startup.test.ts).
    const { cookFrames } = await import("../../../engine/index.js");
    await cookFrames(bridge, path, frames);
    const reply = await bridge.get<PreviewReply>(`/api/preview/${segment(path)}`, { size });
    const data = {
      path: reply.path,
      width: reply.width,
      height: reply.height,
      bytes: reply.bytes,
      sizeAdvisory: reply.size_advisory,
      fits: reply.fits,
    };
    const note = reply.fits ? "" : `; larger than ${size}x${size}, get_inline_preview gives a scaled thumbnail`;
    const after = frames > 1 ? ` after ${frames} frames` : "";
    return success(data, `${reply.path}: ${reply.width}x${reply.height} PNG${after}, ${reply.bytes} bytes${note}`, [
      { type: "image", data: reply.png_base64, mimeType: "image/png" },
    ]);
  },
});
