/** Runs an `svc` command in-process with captured output, as a terminal-less caller would. */
import { svcCommands } from "../../runtime/cli/commands/index.js";
import { dispatch } from "../../runtime/cli/dispatch.js";

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export async function runSvc(argv: string[], env: NodeJS.ProcessEnv = {}, cwd = process.cwd()): Promise<CliRun> {
  let stdout = "";
  let stderr = "";
  const code = await dispatch("svc", "svc", svcCommands, argv, {
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
    readStdin: async () => "",
    isTTY: false,
    cwd,
    env,
  });
  return { code, stdout, stderr };
}
