import { z } from "zod";
import { defineTool } from "../registry.js";
import { diagnosticsFailure, success } from "../result.js";
import { sourceInput } from "./source-input.js";

/** Pictures larger than this are scaled down: an assistant reads the shape, not the pixels. */
const MAX_PICTURE_WIDTH = 2000;

export const getNetworkPicture = defineTool({
  name: "get_network_picture",
  title: "Picture of a network",
  description:
    "Draw .svcnet source as TouchDesigner's editor would show it (family-coloured node tiles with names and types, wires with connector indices, COMPs' insides as nested boxes, svc's layout) without touching TouchDesigner. Returns a PNG image, or the SVG text with format 'svg'.",
  input: {
    ...sourceInput,
    format: z.enum(["png", "svg"]).optional().describe("png (default): an image block; svg: the SVG text"),
    width: z
      .number()
      .int()
      .min(100)
      .max(MAX_PICTURE_WIDTH)
      .optional()
      .describe("PNG width in pixels (default: the picture's own, at most 2000)"),
  },
  output: {
    nodes: z.number().describe("operators drawn, every level included"),
    wires: z.number(),
    format: z.enum(["png", "svg"]),
    width: z.number().describe("pixels (PNG) or picture units (SVG)"),
    height: z.number(),
    svg: z.string().optional().describe("the SVG, when format is svg"),
  },
  annotations: { readOnlyHint: true, openWorldHint: false },
  profiles: ["safe"],
  async handler({ source, file, format, width }) {
    const { drawProgram } = await import("../../../draw/draw.js");
    const drawing = await drawProgram({ text: source, file: file ?? "network.svcnet" });
    if (!drawing.ok) return diagnosticsFailure(drawing.diagnostics);
    const summary = `${drawing.nodes} node${drawing.nodes === 1 ? "" : "s"}, ${drawing.wires} wire${drawing.wires === 1 ? "" : "s"}`;
    const svgWidth = Number(/width="(\d+)"/.exec(drawing.svg)?.[1] ?? 0);
    const svgHeight = Number(/height="(\d+)"/.exec(drawing.svg)?.[1] ?? 0);
    if (format === "svg")
      return success(
        {
          nodes: drawing.nodes,
          wires: drawing.wires,
          format: "svg" as const,
          width: svgWidth,
          height: svgHeight,
          svg: drawing.svg,
        },
        `SVG picture: ${summary}`,
      );
    const { svgToPng } = await import("../../../draw/png.js");
    const png = await svgToPng(drawing.svg, width ?? Math.min(svgWidth, MAX_PICTURE_WIDTH));
    return success(
      { nodes: drawing.nodes, wires: drawing.wires, format: "png" as const, width: png.width, height: png.height },
      `PNG picture ${png.width}x${png.height}: ${summary}`,
      [{ type: "image", data: Buffer.from(png.data).toString("base64"), mimeType: "image/png" }],
    );
  },
});
