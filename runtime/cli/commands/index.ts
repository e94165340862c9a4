import type { Command } from "../command.js";

/**
 * Every `svc` subcommand, each in its own file under this folder.
 * Add a command by importing it here and listing it once.
 */
export const svcCommands: Command[] = [];
