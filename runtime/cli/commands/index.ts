import type { Command } from "../command.js";
import { kbImportCommand } from "./kb-import.js";
import { kbSearchCommand } from "./kb-search.js";
import { kbShowCommand } from "./kb-show.js";
import { serveCommand } from "./serve.js";

/**
 * Every `svc` subcommand, each in its own file under this folder.
 * Add a command by importing it here and listing it once.
 */
export const svcCommands: Command[] = [kbSearchCommand, kbShowCommand, kbImportCommand, serveCommand];
