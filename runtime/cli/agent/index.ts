import type { Command } from "../command.js";
import { agentCheckOptypesCommand } from "./check-optypes.js";
import { agentCommandsCommand } from "./commands.js";
import { agentConfigInitCommand } from "./config-init.js";
import { agentLogTailCommand } from "./log-tail.js";
import { agentNarrateSetCommand } from "./narrate-set.js";
import { agentPreviewCommand } from "./preview.js";
import { agentRunCommand } from "./run.js";
import { toolCommands } from "./tool-commands.js";
import { agentWatchBuildCommand } from "./watch-build.js";
import { agentWatchCommand } from "./watch.js";

/** Subcommands of svc-agent, each in its own file in this folder, then one per offered MCP tool. */
export const agentCommands: Command[] = [
  agentRunCommand,
  agentWatchCommand,
  agentWatchBuildCommand,
  agentCommandsCommand,
  agentConfigInitCommand,
  agentLogTailCommand,
  agentPreviewCommand,
  agentCheckOptypesCommand,
  agentNarrateSetCommand,
  ...(await toolCommands()),
];
