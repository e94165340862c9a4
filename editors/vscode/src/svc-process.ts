/**
 * How the extension runs svc: the command from the `svc.command` setting when someone set it;
 * otherwise the `svc` a workspace folder installed (`node_modules/.bin/svc`, as `npm install svc`
 * leaves it) before the one on PATH. The bridge address goes in the environment.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import * as vscode from "vscode";

export interface SvcInvocation {
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
}

/**
 * The first workspace folder's `node_modules/.bin/svc`, or undefined. Not on Windows, where npm
 * leaves a `.cmd` that needs a shell to start (there: PATH, or set `svc.command`).
 */
export function workspaceSvc(
  folders: readonly string[],
  platform: NodeJS.Platform = process.platform,
): string | undefined {
  if (platform === "win32") return undefined;
  return folders.map((folder) => join(folder, "node_modules", ".bin", "svc")).find((bin) => existsSync(bin));
}

export function svcInvocation(subcommand: string[]): SvcInvocation {
  const config = vscode.workspace.getConfiguration("svc");
  const setting = config.inspect<string[]>("command");
  const chosen = [setting?.workspaceFolderValue, setting?.workspaceValue, setting?.globalValue].find(
    (value) => value !== undefined && value.length > 0,
  );
  const folders = (vscode.workspace.workspaceFolders ?? []).map((folder) => folder.uri.fsPath);
  const base = chosen ?? [workspaceSvc(folders) ?? "svc"];
  const [command = "svc", ...prefix] = base;
  const bridgeUrl = config.get<string>("bridgeUrl", "").trim();
  const env = { ...process.env, ...(bridgeUrl === "" ? {} : { SVC_BRIDGE_URL: bridgeUrl }) };
  return { command, args: [...prefix, ...subcommand], env };
}
