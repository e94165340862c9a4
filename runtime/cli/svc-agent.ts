#!/usr/bin/env node
import type { Command } from "./command.js";
import { dispatch, processIO } from "./dispatch.js";

const SUMMARY = "svc-agent: the scriptable agent CLI. Runs .svcnet files against the bridge step by step.";

/** Subcommands of svc-agent, each in runtime/cli/agent/. */
export const agentCommands: Command[] = [];

const code = await dispatch("svc-agent", SUMMARY, agentCommands, process.argv.slice(2), processIO());
process.exitCode = code;
