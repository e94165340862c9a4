import type { Command } from "../command.js";
import { checkCommand } from "./check.js";
import { compileCommand } from "./compile.js";
import { fmtCommand } from "./fmt.js";
import { installBridgeCommand } from "./install-bridge.js";
import { kbImportCommand } from "./kb-import.js";
import { kbSearchCommand } from "./kb-search.js";
import { kbShowCommand } from "./kb-show.js";
import { serveCommand } from "./serve.js";
import { simCommand } from "./sim.js";

/**
 * Every `svc` subcommand, each in its own file under this folder.
 * Add a command by importing it here and listing it once.
 */
export const svcCommands: Command[] = [checkCommand, compileCommand, fmtCommand, kbSearchCommand, kbShowCommand, kbImportCommand, serveCommand, simCommand, installBridgeCommand];
