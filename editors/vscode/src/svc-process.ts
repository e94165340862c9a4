/** How the extension runs svc: the command from the `svc.command` setting, with the bridge address in the environment. */
import * as vscode from "vscode";

export interface SvcInvocation {
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
}

export function svcInvocation(subcommand: string[]): SvcInvocation {
  const config = vscode.workspace.getConfiguration("svc");
  const base = config.get<string[]>("command", ["svc"]);
  const [command = "svc", ...prefix] = base.length > 0 ? base : ["svc"];
  const bridgeUrl = config.get<string>("bridgeUrl", "").trim();
  const env = { ...process.env, ...(bridgeUrl === "" ? {} : { SVC_BRIDGE_URL: bridgeUrl }) };
  return { command, args: [...prefix, ...subcommand], env };
}
