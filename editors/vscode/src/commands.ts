/**
 * The palette commands: check, fmt, plan and apply run the svc CLI on the active file and show its
 * output; preview draws the network (`svc draw --png`) and shows the picture beside the text.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as vscode from "vscode";
import { svcInvocation } from "./svc-process";

function run(subcommand: string[], cwd: string | undefined): Promise<{ code: number; stdout: string; stderr: string }> {
  const { command, args, env } = svcInvocation(subcommand);
  return new Promise((resolve) => {
    execFile(command, args, { cwd, env, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === "number" ? error.code : 1;
      resolve({
        code,
        stdout,
        stderr: stderr || (error !== null && typeof error.code !== "number" ? error.message : ""),
      });
    });
  });
}

/** The active .svcnet file, saved first (svc reads the disk). */
async function activeFile(): Promise<vscode.TextDocument | undefined> {
  const doc = vscode.window.activeTextEditor?.document;
  if (doc === undefined || doc.languageId !== "svcnet" || doc.uri.scheme !== "file") {
    void vscode.window.showWarningMessage("svc: open a saved .svcnet file first");
    return undefined;
  }
  if (doc.isDirty) await doc.save();
  return doc;
}

const folderOf = (doc: vscode.TextDocument) => vscode.workspace.getWorkspaceFolder(doc.uri)?.uri.fsPath;

function cliCommand(output: vscode.OutputChannel, subcommand: string, confirm?: string): () => Promise<void> {
  return async () => {
    const doc = await activeFile();
    if (doc === undefined) return;
    if (
      confirm !== undefined &&
      (await vscode.window.showWarningMessage(confirm, { modal: true }, "Apply")) !== "Apply"
    )
      return;
    output.show(true);
    output.appendLine(`$ svc ${subcommand} ${doc.uri.fsPath}`);
    const result = await run([subcommand, doc.uri.fsPath], folderOf(doc));
    output.append(result.stdout);
    output.append(result.stderr);
    output.appendLine(`(exit ${result.code})`);
  };
}

async function preview(context: vscode.ExtensionContext): Promise<void> {
  const doc = await activeFile();
  if (doc === undefined) return;
  const dir = mkdtempSync(join(tmpdir(), "svc-preview-"));
  try {
    const png = join(dir, "network.png");
    const result = await run(["draw", doc.uri.fsPath, "--png", png], folderOf(doc));
    if (result.code !== 0) {
      void vscode.window.showErrorMessage(`svc draw: ${result.stderr.trim().split("\n").pop() ?? "failed"}`);
      return;
    }
    const panel = vscode.window.createWebviewPanel(
      "svc.preview",
      `Network: ${doc.fileName.split(/[\\/]/).pop()}`,
      vscode.ViewColumn.Beside,
      { enableScripts: false },
    );
    const data = readFileSync(png).toString("base64");
    panel.webview.html = `<!DOCTYPE html><html><head><meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:;"></head><body style="margin:0;background:#1c1c1c"><img alt="network picture" style="max-width:100%" src="data:image/png;base64,${data}"></body></html>`;
    context.subscriptions.push(panel);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function registerCommands(context: vscode.ExtensionContext, output: vscode.OutputChannel): void {
  context.subscriptions.push(
    vscode.commands.registerCommand("svc.check", cliCommand(output, "check")),
    vscode.commands.registerCommand("svc.fmt", () => vscode.commands.executeCommand("editor.action.formatDocument")),
    vscode.commands.registerCommand("svc.plan", cliCommand(output, "plan")),
    vscode.commands.registerCommand(
      "svc.apply",
      cliCommand(output, "apply", "Apply this file to the live TouchDesigner project?"),
    ),
    vscode.commands.registerCommand("svc.preview", () => preview(context)),
  );
}
