#!/usr/bin/env node
import { agentCommands } from "./agent/index.js";
import { dispatch, processIO } from "./dispatch.js";
import { applyEnvFile } from "../onboarding/env-file.js";

const SUMMARY = "svc-agent: the scriptable agent CLI. Runs .svcnet files against the bridge step by step.";

applyEnvFile(process.env);
const code = await dispatch("svc-agent", SUMMARY, agentCommands, process.argv.slice(2), processIO());
process.exitCode = code;
