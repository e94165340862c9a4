/**
 * Runs a command's work with its services' bridge client, turning an unreachable or refusing bridge
 * into the one-line error and exit code 1 that every bridge command shares. The client is closed
 * with the services, by whoever made them.
 */
import { isAbsolute, resolve } from "node:path";
import type { BridgeClient, Progress } from "../engine/index.js";
import type { CommandIO } from "./command.js";
import type { Services } from "../services.js";

export async function withBridge(
  program: string,
  io: CommandIO,
  services: Services,
  work: (client: BridgeClient) => Promise<number>,
): Promise<number> {
  // Loaded here, not at the top: every command's module is loaded for `svc --help`.
  const { BridgeError } = await import("../engine/index.js");
  try {
    return await work(await services.bridge());
  } catch (err) {
    if (!(err instanceof BridgeError)) throw err;
    io.stderr(`${program}: ${err.oneLine()}\n`);
    return 1;
  }
}

/**
 * Progress on standard error. On a terminal every step, as `… message`; piped, only the parts of
 * work that has several (request 2 of 5) and notices (a read that goes on in pages), as plain
 * `<program>: message` lines a log keeps, so a short apply stays silent and a long one still says
 * where it is. Standard output is never touched.
 */
export function progressTo(io: CommandIO, program = "svc"): Progress {
  return io.isTTY
    ? (message) => io.stderr(`… ${message}\n`)
    : (message, step) => {
        if (step === "notice" || (step !== undefined && step.total > 1)) io.stderr(`${program}: ${message}\n`);
      };
}

/** A file named on the command line, as the compiler should read it (relative names stay relative). */
export function sourcePath(io: CommandIO, file: string): string {
  return io.cwd === process.cwd() || isAbsolute(file) ? file : resolve(io.cwd, file);
}
