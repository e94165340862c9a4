import { createHash } from "node:crypto";
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { UsageError, intFlag } from "../args.js";
import { withBridge } from "../bridge-session.js";
import type { Command } from "../command.js";
import { MAX_PREVIEW_FRAMES } from "../../engine/index.js";
import { interruptSignal } from "./file-watch.js";
import { imageProtocol, terminalImage } from "./terminal-image.js";

export const agentPreviewCommand: Command = {
  name: ["preview"],
  summary:
    "A live TOP's image: a PNG file, or with --inline the picture in the terminal (one JSON line holding it when piped); --watch again each time the image changes.",
  usage:
    "[--inline] [--watch] [--out <file.png>] [--size N] [--frames N] [--interval <ms>] [--max-images <n>] <top path>",
  flags: {
    inline: {
      type: "boolean",
      description:
        "draw the picture in the terminal (kitty or iTerm2 image protocol; SVC_TERMINAL_IMAGES=kitty|iterm|off); piped, print {path, width, height, bytes, sha256, png_base64} as one JSON line",
    },
    watch: {
      type: "boolean",
      description: "look again every --interval and print (or write) the image each time it changed",
    },
    out: {
      type: "string",
      valueName: "file.png",
      description: "where to write the PNG (default: the TOP's name + .png)",
    },
    size: { type: "string", valueName: "N", description: "advisory size in pixels (default 256, at most 1024)" },
    frames: {
      type: "string",
      valueName: "N",
      description: `capture after N frames of cooking (default 1, at most ${MAX_PREVIEW_FRAMES})`,
    },
    interval: { type: "string", valueName: "ms", description: "--watch: time between two looks (default 500)" },
    "max-images": {
      type: "string",
      valueName: "n",
      description: "--watch: stop after this many images (default: until Ctrl+C or the bridge goes away)",
    },
  },
  details: "Exit codes: 0 done, 1 the TOP could not be read or the bridge did not answer, 2 bad usage.",
  async run(args, io, services) {
    if (args.positionals.length !== 1 || !args.positionals[0]!.startsWith("/"))
      throw new UsageError("give the absolute path of one TOP, e.g. /project1/tunnel/out1");
    const path = args.positionals[0]!;
    const size = intFlag(args, "size", 256, 1, 1024);
    const frames = intFlag(args, "frames", 1, 1, MAX_PREVIEW_FRAMES);
    const interval = intFlag(args, "interval", 500, 50, 3_600_000);
    const maxImages = intFlag(args, "max-images", 0, 1, 1_000_000);
    if (!args.flags.watch && (args.flags.interval !== undefined || args.flags["max-images"] !== undefined))
      throw new UsageError("--interval and --max-images go with --watch");
    if (args.flags.inline && args.flags.out !== undefined)
      throw new UsageError("--inline prints the image; --out writes it: choose one");
    const out = typeof args.flags.out === "string" ? args.flags.out : `${path.slice(path.lastIndexOf("/") + 1)}.png`;
    return withBridge("svc-agent preview", io, services, async (client) => {
      const { fetchPreview, BridgeError } = await import("../../engine/index.js");
      const interrupt = interruptSignal();
      let last = "";
      let shown = 0;
      try {
        for (;;) {
          let image;
          try {
            image = await fetchPreview(client, path, size, frames);
          } catch (err) {
            if (shown > 0 && err instanceof BridgeError && (err.kind === "connection" || err.kind === "timeout")) {
              io.stderr("svc-agent preview: the bridge went away; stopped\n");
              return 0;
            }
            throw err;
          }
          const sha256 = createHash("sha256").update(image.png).digest("hex");
          if (sha256 !== last) {
            last = sha256;
            shown += 1;
            const protocol = io.isTTY ? imageProtocol(io.env) : "off";
            if (args.flags.inline && protocol !== "off") {
              io.stdout(terminalImage(image.png, protocol, `${path.slice(path.lastIndexOf("/") + 1)}.png`));
              io.stdout(`${path}: ${image.width}x${image.height}\n`);
            } else if (args.flags.inline) {
              io.stdout(
                JSON.stringify({
                  path,
                  width: image.width,
                  height: image.height,
                  bytes: image.png.length,
                  sha256,
                  png_base64: image.png.toString("base64"),
                }) + "\n",
              );
            } else {
              writeFileSync(resolve(io.cwd, out), image.png);
              io.stdout(`${path}: ${image.width}x${image.height}, ${image.png.length} bytes written to ${out}\n`);
            }
          }
          if (!args.flags.watch || (maxImages > 0 && shown >= maxImages)) return 0;
          try {
            await sleep(interval, undefined, { signal: interrupt.signal });
          } catch {
            return 0;
          }
        }
      } finally {
        interrupt.dispose();
      }
    });
  },
};
