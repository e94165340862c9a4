import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { renderTextAll } from "../../../compiler/diagnostics/index.js";
import { UsageError } from "../args.js";
import { sourcePath, withBridge } from "../bridge-session.js";
import type { Command, CommandIO } from "../command.js";
import { fileSide, isLivePath, liveSide, pairNetworks, type Side } from "../../diff/read-side.js";
import { renderDiffText, semanticDiff } from "../../diff/semantic-diff.js";
import type { BridgeClient } from "../../bridge-client/index.js";

async function readSide(arg: string, io: CommandIO, client: () => BridgeClient, other?: Side): Promise<Side> {
  if (!isLivePath(arg)) return fileSide(sourcePath(io, arg));
  const like = other?.ok && other.networks.length === 1 ? other.networks[0] : undefined;
  return liveSide(client(), arg, like);
}

export const diffCommand: Command = {
  name: ["diff"],
  summary: "Compare two networks by meaning: each side a .svcnet file or a live network path.",
  usage: "[--json] <a.svcnet|/live/path> <b.svcnet|/live/path>",
  flags: { json: { type: "boolean", description: "print the differences as JSON" } },
  details: "Formatting, order, comments and layout positions do not count. Exit codes: 0 same, 1 different, 2 bad usage or a side that does not compile.",
  async run(args, io) {
    if (args.positionals.length !== 2) throw new UsageError("give two sides: .svcnet files or live network paths");
    for (const side of args.positionals) {
      if (!isLivePath(side) && !existsSync(resolve(io.cwd, side))) throw new UsageError(`no such file: ${side}`);
    }
    const [first, second] = args.positionals as [string, string];
    const needsBridge = isLivePath(first) || isLivePath(second);
    const work = async (client?: BridgeClient) => {
      const get = () => client!;
      // A file side is read first so the live side knows which default-valued parameters to read.
      const fileFirst = !isLivePath(first) ? 0 : 1;
      const sides: Side[] = [];
      if (fileFirst === 0) {
        sides[0] = await readSide(first, io, get);
        sides[1] = await readSide(second, io, get, sides[0]);
      } else {
        sides[1] = await readSide(second, io, get);
        sides[0] = await readSide(first, io, get, sides[1]);
      }
      for (const s of sides) {
        if (!s.ok) {
          io.stderr(renderTextAll(s.diagnostics, s.sources, io.isTTY) + "\n");
          return 2;
        }
      }
      const [a, b] = sides as [Extract<Side, { ok: true }>, Extract<Side, { ok: true }>];
      const diffs = pairNetworks(a.networks, b.networks).map(([x, y]) =>
        semanticDiff(x ?? { root: y!.root, nodes: new Map(), wires: [] }, y ?? { root: x!.root, nodes: new Map(), wires: [] }),
      );
      if (args.flags.json) io.stdout(JSON.stringify({ same: diffs.every((d) => d.same), networks: diffs }, null, 2) + "\n");
      else io.stdout(diffs.map(renderDiffText).join("\n"));
      return diffs.every((d) => d.same) ? 0 : 1;
    };
    return needsBridge ? withBridge("svc diff", io, (client) => work(client)) : work();
  },
};
