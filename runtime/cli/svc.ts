#!/usr/bin/env node
const SUMMARY =
  "svc: network-as-code for TouchDesigner. Check, plan and apply .svcnet networks. With no command, svc serves MCP.";

const argv = process.argv.slice(2);
// variables svc init or doctor --fix wrote to ~/.svc/env, for those the environment leaves unset
const { applyEnvFile } = await import("../onboarding/env-file.js");
applyEnvFile(process.env);
if (process.env.SVC_KB_BUILD?.trim()) {
  // the knowledge base of one build (svc kb sync --live), for every command and the servers
  const { useKbOverlay } = await import("../verify/kb-overlay.js");
  await useKbOverlay(process.env, (t) => process.stderr.write(t));
}
if (argv.length === 0) {
  // No command: the MCP server (stdio, or HTTP with SVC_TRANSPORT=http). Only its modules load.
  const { runMcpServerFromEnv } = await import("../mcp/transports/start.js");
  process.exitCode = await runMcpServerFromEnv(process.env, (t) => process.stderr.write(t));
} else {
  const { dispatch, processIO } = await import("./dispatch.js");
  // One command imports only its own module, `svc --help` none (command-index.ts); the rest the whole list.
  const { helpFromIndex, singleCommandFor } = await import("./command-index.js");
  const help = helpFromIndex(argv);
  const single = help ? undefined : await singleCommandFor(argv);
  const { svcCommands, svcGroups } = help
    ? { svcCommands: help.commands, svcGroups: help.groups }
    : single
      ? { svcCommands: [single], svcGroups: undefined }
      : await import("./commands/index.js");
  const loadAll = async () => {
    const all = await import("./commands/index.js");
    return { commands: all.svcCommands, groups: all.svcGroups };
  };
  process.exitCode = await dispatch("svc", SUMMARY, svcCommands, argv, processIO(), svcGroups, loadAll);
}
