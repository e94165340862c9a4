/**
 * The svc extension: starts `svc lsp` as the language server for .svcnet files (the TextMate
 * grammar colours them before it answers) and registers the palette commands.
 */
import * as vscode from "vscode";
import {
  LanguageClient,
  TransportKind,
  type LanguageClientOptions,
  type ServerOptions,
} from "vscode-languageclient/node";
import { registerCommands } from "./commands";
import { svcInvocation } from "./svc-process";

/** What the language server command is, for anything that checks the installed extension. */
export { svcInvocation } from "./svc-process";

let client: LanguageClient | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const output = vscode.window.createOutputChannel("svc");
  context.subscriptions.push(output);
  registerCommands(context, output);
  const { command, args, env } = svcInvocation(["lsp"]);
  const server: ServerOptions = { command, args, transport: TransportKind.stdio, options: { env } };
  const options: LanguageClientOptions = {
    documentSelector: [{ language: "svcnet" }],
    outputChannel: output,
    synchronize: { fileEvents: vscode.workspace.createFileSystemWatcher("**/*.svcnet") },
  };
  client = new LanguageClient("svc", "svc language server", server, options);
  try {
    await client.start();
  } catch (error) {
    void vscode.window.showErrorMessage(
      `svc: could not start '${[command, ...args].join(" ")}' (set svc.command): ${String(error)}`,
    );
  }
}

export async function deactivate(): Promise<void> {
  await client?.stop();
  client = undefined;
}
