import { existsSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { UsageError, intFlag } from "../args.js";
import { withBridge } from "../bridge-session.js";
import type { Command, CommandIO } from "../command.js";
import type { Drawing, DrawOptions } from "../../draw/draw.js";
import { type BridgeClient, MAX_PREVIEW_FRAMES } from "../../engine/index.js";

/** Thumbnails of every TOP read through `client`; TOPs without one are said on stderr. */
function thumbnailsFrom(client: BridgeClient, frames: number, io: CommandIO): NonNullable<DrawOptions["images"]> {
  return async (program) => {
    const { topThumbnails } = await import("../../draw/thumbnails.js");
    const thumbnails = await topThumbnails(client, program, frames);
    for (const m of thumbnails.missing) io.stderr(`svc draw: no thumbnail for ${m.path}: ${m.reason}\n`);
    return thumbnails.images;
  };
}

/** A file's thumbnails: tdsim started, the file applied to it, its TOPs rendered, tdsim stopped. */
async function drawFileWithThumbnails(file: string, frames: number, io: CommandIO): Promise<Drawing | number> {
  const { SimStartError, startSim } = await import("../../sim/start-sim.js");
  const { BridgeClient, bridgeConfigFromEnv, applyFile } = await import("../../engine/index.js");
  const { drawProgram } = await import("../../draw/draw.js");
  let sim;
  try {
    sim = await startSim({ port: 0 });
  } catch (err) {
    if (err instanceof SimStartError) {
      io.stderr(`svc draw: thumbnails need tdsim: ${err.message}\n`);
      return 1;
    }
    throw err;
  }
  const client = new BridgeClient(bridgeConfigFromEnv({ SVC_BRIDGE_URL: sim.url }));
  try {
    const applied = await applyFile(client, file, { verify: false });
    if (!applied.ok) {
      const drawing = await drawProgram(file);
      if (!drawing.ok) return drawing; // the program's own errors, shown as without --thumbnails
      const { renderTextAll } = await import("../../../diagnostics/index.js");
      io.stderr(renderTextAll(applied.diagnostics, applied.sources, io.isTTY) + "\n");
      io.stderr("svc draw: no picture: the network did not apply to tdsim, so its TOPs have no images\n");
      return 1;
    }
    return await drawProgram(file, { images: thumbnailsFrom(client, frames, io) });
  } finally {
    await client.close();
    await sim.stop();
  }
}

async function output(
  drawing: Drawing,
  args: { svg?: string; png?: string; width?: number },
  io: CommandIO,
  sources: ReadonlyMap<string, string>,
): Promise<number> {
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
  usage: "[--svg out.svg] [--png out.png] [--width N] [--thumbnails [--frames N]] <file.svcnet | live network path>",
  flags: {
    thumbnails: {
      type: "boolean",
      description:
        "show each TOP's image in its tile: a file is applied to a tdsim started for the picture, a live network's TOPs are read from it",
    },
    frames: {
      type: "string",
      valueName: "N",
      description: `with --thumbnails, the images after N frames, so feedback loops evolve (default 1, at most ${MAX_PREVIEW_FRAMES})`,
    },
    svg: { type: "string", valueName: "out.svg", description: "write the SVG picture here" },
    png: { type: "string", valueName: "out.png", description: "write a PNG picture here (rendered with resvg)" },
    width: {
      type: "string",
      valueName: "N",
      description: "PNG width in pixels (default: 1.5 times the SVG's, at most 8000)",
    },
  },
  details: [
    "Family colours, node tiles with names and types, wires between output and input connectors",
    "(indices shown where a node has several), each COMP's inside as a box nested in its parent's,",
    "at the places svc's ELK layout gives them. With neither --svg nor --png the SVG goes to standard",
    "output. A path starting with '/' draws a live network read through the bridge (its export),",
    "laid out by svc, not at the positions it has in the live editor. --thumbnails renders the TOPs",
    "(tdsim for a file, the live project for a live path) and shows each image in its tile.",
  ].join("\n"),
  async run(args, io, services) {
    if (args.positionals.length !== 1) throw new UsageError("give one .svcnet file or one live network path");
    const target = args.positionals[0]!;
    const options = {
      ...(typeof args.flags.svg === "string" ? { svg: args.flags.svg } : {}),
      ...(typeof args.flags.png === "string" ? { png: args.flags.png } : {}),
      ...(args.flags.width === undefined ? {} : { width: intFlag(args, "width", 0, 16, 8000) }),
    };
    const thumbnails = args.flags.thumbnails === true;
    if (!thumbnails && args.flags.frames !== undefined) throw new UsageError("--frames goes with --thumbnails");
    const frames = intFlag(args, "frames", 1, 1, MAX_PREVIEW_FRAMES);
    const { drawProgram } = await import("../../draw/draw.js");
    // A file on disk (or any *.svcnet) is a source; another absolute path is a live network.
    if (!target.startsWith("/") || target.endsWith(".svcnet") || existsSync(resolve(io.cwd, target))) {
      const file = resolve(io.cwd, target);
      const drawing = thumbnails ? await drawFileWithThumbnails(file, frames, io) : await drawProgram(file);
      if (typeof drawing === "number") return drawing;
      return output(drawing, options, io, drawing.program.sources);
    }
    const { exportProgram, readExport } = await import("../../engine/index.js");
    return withBridge("svc draw", io, services, async (client) => {
      const exported = await readExport(client, target);
      if (exported === undefined) {
        io.stderr(`svc draw: nothing is at ${target}\n`);
        return 1;
      }
      const text = await exportProgram([exported]);
      const file = `${target}.svcnet`;
      const drawing = await drawProgram(
        { text, file },
        { rootPath: () => target, ...(thumbnails ? { images: thumbnailsFrom(client, frames, io) } : {}) },
      );
      return output(drawing, options, io, new Map([[file, text]]));
    });
  },
};
