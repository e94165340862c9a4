import { existsSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { UsageError, intFlag } from "../args.js";
import { withBridge } from "../bridge-session.js";
import type { Command, CommandIO } from "../command.js";
import type { Drawing } from "../../draw/draw.js";

async function output(drawing: Drawing, args: { svg?: string; png?: string; width?: number }, io: CommandIO, sources: ReadonlyMap<string, string>): Promise<number> {
  const { renderTextAll } = await import("../../../diagnostics/index.js");
  if (!drawing.ok) {
    io.stderr(renderTextAll(drawing.diagnostics, sources, io.isTTY) + "\n");
    io.stderr("svc draw: no picture: the network has errors\n");
    return 1;
  }
  if (args.svg === undefined && args.png === undefined) {
    io.stdout(drawing.svg);
    return 0;
  }
  const summary = `${drawing.nodes} node${drawing.nodes === 1 ? "" : "s"}, ${drawing.wires} wire${drawing.wires === 1 ? "" : "s"}`;
  if (args.svg !== undefined) {
    writeFileSync(resolve(io.cwd, args.svg), drawing.svg);
    io.stdout(`${args.svg}: ${summary}\n`);
  }
  if (args.png !== undefined) {
    const { svgToPng } = await import("../../draw/png.js");
    const png = await svgToPng(drawing.svg, args.width);
    writeFileSync(resolve(io.cwd, args.png), png.data);
    io.stdout(`${args.png}: ${summary}, ${png.width}x${png.height} pixels\n`);
  }
  return 0;
}

export const drawCommand: Command = {
  name: ["draw"],
  summary: "Draw a network as TouchDesigner's editor shows it, as SVG or PNG.",
  usage: "[--svg out.svg] [--png out.png] [--width N] <file.svcnet | live network path>",
  flags: {
    svg: { type: "string", valueName: "out.svg", description: "write the SVG picture here" },
    png: { type: "string", valueName: "out.png", description: "write a PNG picture here (rendered with resvg)" },
    width: { type: "string", valueName: "N", description: "PNG width in pixels (default: 1.5 times the SVG's, at most 8000)" },
  },
  details: [
    "Family colours, node tiles with names and types, wires between output and input connectors",
    "(indices shown where a node has several), each COMP's inside as a box nested in its parent's,",
    "at the places svc's ELK layout gives them. With neither --svg nor --png the SVG goes to standard",
    "output. A path starting with '/' draws a live network read through the bridge (its export),",
    "laid out by svc, not at the positions it has in the live editor.",
  ].join("\n"),
  async run(args, io) {
    if (args.positionals.length !== 1) throw new UsageError("give one .svcnet file or one live network path");
    const target = args.positionals[0]!;
    const options = {
      ...(typeof args.flags.svg === "string" ? { svg: args.flags.svg } : {}),
      ...(typeof args.flags.png === "string" ? { png: args.flags.png } : {}),
      ...(args.flags.width === undefined ? {} : { width: intFlag(args, "width", 0, 16, 8000) }),
    };
    const { drawProgram } = await import("../../draw/draw.js");
    // A file on disk (or any *.svcnet) is a source; another absolute path is a live network.
    if (!target.startsWith("/") || target.endsWith(".svcnet") || existsSync(resolve(io.cwd, target))) {
      const drawing = await drawProgram(resolve(io.cwd, target));
      return output(drawing, options, io, drawing.program.sources);
    }
    const { exportProgram, readExport } = await import("../../export/export-network.js");
    return withBridge("svc draw", io, async (client) => {
      const exported = await readExport(client, target);
      if (exported === undefined) {
        io.stderr(`svc draw: nothing is at ${target}\n`);
        return 1;
      }
      const text = exportProgram([exported]);
      const file = `${target}.svcnet`;
      const drawing = await drawProgram({ text, file }, { rootPath: () => target });
      return output(drawing, options, io, new Map([[file, text]]));
    });
  },
};
