/** Runs an `svc` or `svc-agent` command in-process with captured output, as a terminal-less caller would. */
import type { Command } from "../../runtime/cli/command.js";
import { svcCommands } from "../../runtime/cli/commands/index.js";
import { dispatch } from "../../runtime/cli/dispatch.js";

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export async function runSvc(argv: string[], env: NodeJS.ProcessEnv = {}, cwd = process.cwd()): Promise<CliRun> {
  return runCommand("svc", svcCommands, argv, env, cwd);
}

/** `svc-agent` in-process (its tool subcommands read the process environment, as a spawned one would). */
export async function runAgent(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  cwd = process.cwd(),
): Promise<CliRun> {
  const { agentCommands } = await import("../../runtime/cli/agent/index.js");
  return runCommand("svc-agent", agentCommands, argv, env, cwd);
}

async function runCommand(
  program: string,
  commands: Command[],
  argv: string[],
  env: NodeJS.ProcessEnv,
  cwd: string,
): Promise<CliRun> {
  let stdout = "";
  let stderr = "";
  const code = await dispatch(program, program, commands, argv, {
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
    readStdin: async () => "",
    isTTY: false,
    cwd,
    env,
  });
  return { code, stdout, stderr };
}
