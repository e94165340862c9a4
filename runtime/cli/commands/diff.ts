import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { renderTextAll } from "../../../diagnostics/index.js";
import { UsageError } from "../args.js";
import { sourcePath, withBridge } from "../bridge-session.js";
import type { Command } from "../command.js";
import type { BridgeClient, Side, SideSpec } from "../../engine/index.js";

export const diffCommand: Command = {
  name: ["diff"],
  summary: "Compare two networks by meaning: each side a .svcnet file or a live network path.",
  usage: "[--json] <a.svcnet|/live/path> <b.svcnet|/live/path>",
  flags: { json: { type: "boolean", description: "print the differences as JSON" } },
  details:
    "Formatting, order, comments and layout positions do not count. Exit codes: 0 same, 1 different, 2 bad usage or a side that does not compile.",
  async run(args, io, services) {
    const { diffNetworks, isLivePath, readSides, renderDiffText } = await import("../../engine/index.js");
    if (args.positionals.length !== 2) throw new UsageError("give two sides: .svcnet files or live network paths");
    for (const side of args.positionals) {
      if (!isLivePath(side) && !existsSync(resolve(io.cwd, side))) throw new UsageError(`no such file: ${side}`);
    }
    const [first, second] = args.positionals as [string, string];
    const needsBridge = isLivePath(first) || isLivePath(second);
    const spec = (arg: string): SideSpec => (isLivePath(arg) ? { live: arg } : { source: sourcePath(io, arg) });
    const work = async (client?: BridgeClient) => {
      const sides = await readSides(spec(first), spec(second), client);
      for (const s of sides) {
        if (!s.ok) {
          io.stderr(renderTextAll(s.diagnostics, s.sources, io.isTTY) + "\n");
          return 2;
        }
      }
      const [a, b] = sides as [Extract<Side, { ok: true }>, Extract<Side, { ok: true }>];
      const file = (arg: string) => (isLivePath(arg) ? undefined : arg);
      const diffs = diffNetworks(a.networks, b.networks, { a: file(first), b: file(second) });
      if (args.flags.json)
        io.stdout(JSON.stringify({ same: diffs.every((d) => d.same), networks: diffs }, null, 2) + "\n");
      else io.stdout(diffs.map(renderDiffText).join("\n"));
      return diffs.every((d) => d.same) ? 0 : 1;
    };
    return needsBridge ? withBridge("svc diff", io, services, (client) => work(client)) : work();
  },
};
