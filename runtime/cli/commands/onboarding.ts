import type { Command } from "../command.js";
import { doctorCommand } from "./doctor.js";
import { installClientCommand } from "./install-client.js";

/** The first-run commands: checking the machine and wiring svc into MCP clients. */
export const onboardingCommands: Command[] = [doctorCommand, installClientCommand];
