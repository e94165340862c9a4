import type { Command } from "../command.js";
import { doctorCommand } from "./doctor.js";
import { initCommand } from "./init.js";
import { installClientCommand } from "./install-client.js";

/** The first-run commands: setting up, checking the machine, wiring svc into MCP clients. */
export const onboardingCommands: Command[] = [initCommand, doctorCommand, installClientCommand];
