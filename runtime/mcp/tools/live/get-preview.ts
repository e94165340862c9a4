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
    pre_pulse: z
      .array(
        z.object({
          path: tdPath("operator"),
          parameter: z
            .string()
            .regex(/^[A-Za-z_][A-Za-z0-9_]*$/)
            .max(64),
        }),
      )
      .max(8)
      .default([])
      .describe("Pulse parameters to pulse first, e.g. a Feedback TOP's resetpulse"),
    sample_grid: z
      .number()
      .int()
      .min(1)
      .max(32)
      .optional()
      .describe("also return an N x N grid of RGBA samples (0-1) at the cells' centres"),
  },
  output: {
    path: z.string(),
    width: z.number(),
    height: z.number(),
    bytes: z.number().describe("size of the PNG"),
    sizeAdvisory: z.number(),
    fits: z.boolean(),
    pulsed: z.array(z.string()).describe("path.parameter of each pulse, in order"),
    samples: z
      .array(z.array(z.array(z.number())))
      .optional()
      .describe("rows top to bottom, each cell [r, g, b, a] from 0 to 1"),
  },
  annotations: { readOnlyHint: true, openWorldHint: true },
  profiles: ["safe"],
  async handler({ path, size, frames, pre_pulse, sample_grid }, ctx) {
    const bridge = await ctx.services.bridge();
    // Imported on use: tools/list must not load the bridge client (test/mcp/lazy-startup.test.ts).
    const { cookFrames } = await import("../../../engine/index.js");
    const pulsed: string[] = [];
    for (const p of pre_pulse) {
      const r = await bridge.post<{ path: string; param: string }>(
        `/api/nodes/${segment(p.path)}/params/${p.parameter}/pulse`,
        {},
      );
      pulsed.push(`${r.path}.${r.param}`);
    }
    await cookFrames(bridge, path, frames);
    const reply = await bridge.get<PreviewReply>(`/api/preview/${segment(path)}`, { size });
    let samples: number[][][] | undefined;
    if (sample_grid !== undefined) {
      const { sampleGrid } = await import("../../../image/sample-grid.js");
      samples = sampleGrid(Buffer.from(reply.png_base64, "base64"), sample_grid);
    }
    const data = {
      path: reply.path,
      width: reply.width,
      height: reply.height,
      bytes: reply.bytes,
      sizeAdvisory: reply.size_advisory,
      fits: reply.fits,
      pulsed,
      ...(samples ? { samples } : {}),
    };
    const note = reply.fits ? "" : `; larger than ${size}x${size}, get_inline_preview gives a scaled thumbnail`;
    const after =
      (pulsed.length ? ` after pulsing ${pulsed.join(", ")}` : "") + (frames > 1 ? ` after ${frames} frames` : "");
    const grid = samples ? `; samples: ${JSON.stringify(samples)}` : "";
    return success(
      data,
      `${reply.path}: ${reply.width}x${reply.height} PNG${after}, ${reply.bytes} bytes${note}${grid}`,
      [{ type: "image", data: reply.png_base64, mimeType: "image/png" }],
    );
  },
});
