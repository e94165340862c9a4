import { lstatSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { UsageError, intFlag } from "../args.js";
import { withBridge } from "../bridge-session.js";
import type { Command } from "../command.js";
import { MAX_PREVIEW_FRAMES } from "../../engine/index.js";

export const previewCommand: Command = {
  name: ["preview"],
  summary: "Save a live TOP's image as a PNG file.",
  usage: "[--out <file.png>] [--size N] [--frames N] <top path>",
  flags: {
    out: {
      type: "string",
      valueName: "file.png",
      description: "where to write the PNG (default: the TOP's name + .png in a temporary folder, printed)",
    },
    size: { type: "string", valueName: "N", description: "advisory size in pixels (default 256, at most 1024)" },
    frames: {
      type: "string",
      valueName: "N",
      description: `capture after the TOP has cooked on N frames, so feedback loops evolve (default 1, at most ${MAX_PREVIEW_FRAMES})`,
    },
  },
  async run(args, io, services) {
    const { fetchPreview } = await import("../../engine/index.js");
    if (args.positionals.length !== 1 || !args.positionals[0]!.startsWith("/"))
      throw new UsageError("give the absolute path of one TOP, e.g. /project1/tunnel/out1");
    const path = args.positionals[0]!;
    const size = intFlag(args, "size", 256, 1, 1024);
    const frames = intFlag(args, "frames", 1, 1, MAX_PREVIEW_FRAMES);
    // Without --out nothing lands in the working folder (often a project under version control):
    // the picture goes to a temporary folder, and the line below says where.
    const out =
      typeof args.flags.out === "string"
        ? args.flags.out
        : join(previewFolder(), `${path.slice(path.lastIndexOf("/") + 1)}.png`);
    return withBridge("svc preview", io, services, async (client) => {
      const image = await fetchPreview(client, path, size, frames);
      writeFileSync(resolve(io.cwd, out), image.png);
      const after = frames > 1 ? ` after ${frames} frames` : "";
      io.stdout(`${path}: ${image.width}x${image.height}${after}, ${image.png.length} bytes written to ${out}\n`);
      return 0;
    });
  },
};

/** The temporary folder of previews saved without --out, one per user. */
function previewFolder(): string {
  const user = typeof process.getuid === "function" ? String(process.getuid()) : "user";
  const folder = join(tmpdir(), `svc-previews-${user}`);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  // A shared temporary folder: write only into a real folder of this user's, never through a link
  // another user put there.
  const made = lstatSync(folder);
  const mine = typeof process.getuid !== "function" || made.uid === process.getuid();
  if (!made.isDirectory() || !mine)
    throw new Error(`${folder} is not a folder of this user's: give --out to say where the PNG goes`);
  return folder;
}
