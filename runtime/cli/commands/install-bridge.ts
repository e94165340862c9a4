import { resolve } from "node:path";
import {
  StageError,
  defaultStageDir,
  bridgeVersion,
  stageBridge,
  textportLine,
  type PaletteInstall,
} from "../../bridge-install/stage.js";
import { UsageError, intFlag, type ParsedArgs } from "../args.js";
import type { Command, CommandIO } from "../command.js";

interface Info {
  python_version: string;
  td_version: string;
  bridge_version: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls /api/info until the staged version answers, or the time is up. */
async function verify(url: string, version: string, waitSeconds: number, io: CommandIO): Promise<number> {
  const { BridgeClient, BridgeError, bridgeConfigFromEnv } = await import("../../engine/index.js");
  const config = bridgeConfigFromEnv(io.env, { url, getRetries: 0, timeoutMs: 3_000 });
  const client = new BridgeClient(config);
  const deadline = Date.now() + waitSeconds * 1000;
  let last = "";
  try {
    for (;;) {
      try {
        const info = await client.get<Info>("/api/info");
        if (info.bridge_version === version) {
          io.stdout(
            `verified: ${url} runs bridge ${info.bridge_version} (${info.td_version}, Python ${info.python_version})\n`,
          );
          return 0;
        }
        last = `${url} runs bridge ${info.bridge_version}, not the staged ${version}; paste the line again to upgrade`;
      } catch (err) {
        if (!(err instanceof BridgeError)) throw err;
        last = err.message;
      }
      if (Date.now() >= deadline) break;
      await sleep(500);
    }
  } finally {
    await client.close();
  }
  io.stderr(`svc install-bridge: not verified: ${last}\n`);
  return 1;
}

const PACKAGE_NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

/** --palette and its two options, checked here so a bad name never reaches TouchDesigner. */
function paletteInstall(args: ParsedArgs, cwd: string): PaletteInstall | undefined {
  const dir = args.flags["palette-dir"];
  const name = args.flags["package-name"];
  if (!args.flags.palette) {
    if (dir !== undefined || name !== undefined)
      throw new UsageError("--palette-dir and --package-name go with --palette");
    return undefined;
  }
  if (typeof name === "string" && !PACKAGE_NAME.test(name))
    throw new UsageError(`--package-name '${name}': a letter, then letters, digits or _ (at most 64)`);
  return {
    ...(typeof dir === "string" ? { dir: resolve(cwd, dir) } : {}),
    packageName: typeof name === "string" ? name : "svc_bridge",
  };
}

export const installBridgeCommand: Command = {
  name: ["install-bridge"],
  summary: "stage the bridge for TouchDesigner and print the textport line that installs it",
  usage:
    "[--port <n>] [--dir <path>] [--palette [--palette-dir <path>] [--package-name <name>]] [--verify] [--wait] [--timeout <s>]",
  flags: {
    port: { type: "string", valueName: "n", description: "Web Server DAT port (default 9980)" },
    dir: { type: "string", valueName: "path", description: "stage here instead of ~/.svc/bridge/<version>/" },
    palette: {
      type: "boolean",
      description: "the textport line also saves the bridge COMP as a .tox in TouchDesigner's palette (My Components)",
    },
    "palette-dir": {
      type: "string",
      valueName: "path",
      description: "with --palette: save it in this folder instead of TouchDesigner's user palette folder",
    },
    "package-name": {
      type: "string",
      valueName: "name",
      description: "with --palette: the .tox's name (default svc_bridge)",
    },
    verify: { type: "boolean", description: "check that the bridge answers /api/info with the staged version" },
    wait: { type: "boolean", description: "with --verify: keep polling until it answers or --timeout passes" },
    timeout: { type: "string", valueName: "s", description: "seconds --wait keeps polling (default 120)" },
  },
  details: [
    "Paste the printed line into TouchDesigner's textport (Alt+T). It adds the staged folder to",
    "Python's path and creates /svc_bridge with a Web Server DAT on the port, using the staged",
    "callbacks. Then 'svc install-bridge --verify --wait' confirms it answers.",
    "With --palette the same line then saves that COMP as <package-name>.tox in the palette folder, so the Palette",
    "browser offers it for dragging into other projects on this machine (its callbacks name the staged folder).",
    "SVC_BRIDGE_URL (default http://127.0.0.1:<port>) and SVC_BRIDGE_TOKEN are used by --verify.",
  ].join("\n"),
  async run(args, io) {
    const port = intFlag(args, "port", 9980, 1, 65535);
    const timeout = intFlag(args, "timeout", 120, 1, 3600);
    if (args.flags.wait && !args.flags.verify) throw new UsageError("--wait needs --verify");
    if (args.positionals.length > 0) throw new UsageError(`unexpected argument '${args.positionals[0]}'`);
    const palette = paletteInstall(args, io.cwd);
    let version: string;
    try {
      version = bridgeVersion();
      const dir = typeof args.flags.dir === "string" ? resolve(io.cwd, args.flags.dir) : defaultStageDir(version);
      const staged = stageBridge(dir);
      io.stdout(`staged bridge ${staged.version} (${staged.files.length} files) in ${staged.dir}\n`);
      io.stdout(`paste this line into TouchDesigner's textport:\n\n${textportLine(staged.dir, port, palette)}\n\n`);
    } catch (err) {
      if (err instanceof StageError) {
        io.stderr(`svc install-bridge: ${err.message}\n`);
        return 1;
      }
      throw err;
    }
    if (!args.flags.verify) return 0;
    const url = (io.env.SVC_BRIDGE_URL?.trim() || `http://127.0.0.1:${port}`).replace(/\/+$/, "");
    return verify(url, version, args.flags.wait ? timeout : 0, io);
  },
};
