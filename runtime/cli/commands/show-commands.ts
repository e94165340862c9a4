/** The show-control commands (runtime/show/README.md), listed together so the main list names them once. */
import type { Command } from "../command.js";
import { dashboardCommand } from "./dashboard.js";
import { failoverCommand } from "./failover.js";
import { panicCommand } from "./panic.js";
import { showCommand } from "./show.js";

export const showCommands: Command[] = [panicCommand, failoverCommand, showCommand, dashboardCommand];
