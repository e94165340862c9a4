import type { Command } from "../command.js";
import { agentCommandsCommand } from "./commands.js";
import { agentRunCommand } from "./run.js";

/** Subcommands of svc-agent, each in its own file in this folder. */
export const agentCommands: Command[] = [agentRunCommand, agentCommandsCommand];
