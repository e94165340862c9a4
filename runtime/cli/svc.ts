#!/usr/bin/env node
import { svcCommands } from "./commands/index.js";
import { dispatch, processIO } from "./dispatch.js";

const SUMMARY = "svc: network-as-code for TouchDesigner. Check, plan and apply .svcnet networks.";

const code = await dispatch("svc", SUMMARY, svcCommands, process.argv.slice(2), processIO());
process.exitCode = code;
