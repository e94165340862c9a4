/**
 * A real LSP client for the tests: starts the built `svc lsp` as a child process and talks
 * JSON-RPC to it over stdio with vscode-jsonrpc, exactly as an editor does.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";
import { pathToFileURL } from "node:url";
import {
  createMessageConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type MessageConnection,
} from "vscode-jsonrpc/node";
import type { Diagnostic, InitializeResult, PublishDiagnosticsParams } from "vscode-languageserver";

const CLI = new URL("../../dist/runtime/cli/svc.js", import.meta.url).pathname;

export const fileUri = (path: string) => pathToFileURL(path).href;

export class LspClient {
  private readonly published = new Map<string, PublishDiagnosticsParams[]>();
  private readonly waiters: (() => void)[] = [];
  private readonly versions = new Map<string, number>();
  stderr = "";

  private constructor(
    readonly child: ChildProcess,
    readonly connection: MessageConnection,
  ) {}

  /** `server`: another command that starts the server (an installed extension's), instead of the built CLI. */
  static async start(
    options: Record<string, unknown> = {},
    server?: { command: string; args: string[]; env?: NodeJS.ProcessEnv },
  ): Promise<{ client: LspClient; init: InitializeResult }> {
    const child = server
      ? spawn(server.command, server.args, { stdio: ["pipe", "pipe", "pipe"], env: server.env })
      : spawn(process.execPath, [CLI, "lsp", "--stdio"], { stdio: ["pipe", "pipe", "pipe"] });
    const connection = createMessageConnection(
      new StreamMessageReader(child.stdout!),
      new StreamMessageWriter(child.stdin!),
    );
    const client = new LspClient(child, connection);
    child.stderr!.on("data", (d: Buffer) => (client.stderr += d.toString()));
    connection.onNotification("textDocument/publishDiagnostics", (p: PublishDiagnosticsParams) => {
      const list = client.published.get(p.uri) ?? [];
      list.push(p);
      client.published.set(p.uri, list);
      for (const wake of client.waiters.splice(0)) wake();
    });
    connection.listen();
    const init = await connection.sendRequest<InitializeResult>("initialize", {
      processId: process.pid,
      rootUri: null,
      capabilities: { textDocument: { rename: { prepareSupport: true } } },
      initializationOptions: { diagnosticsDelayMs: 0, ...options },
    });
    await connection.sendNotification("initialized", {});
    return { client, init };
  }

  request<R>(method: string, params: unknown): Promise<R> {
    return this.connection.sendRequest<R>(method, params);
  }

  async open(uri: string, text: string): Promise<void> {
    this.versions.set(uri, 1);
    await this.connection.sendNotification("textDocument/didOpen", {
      textDocument: { uri, languageId: "svcnet", version: 1, text },
    });
  }

  /** Replaces the whole text (a full-content change) and returns the new version. */
  async change(uri: string, text: string): Promise<number> {
    const version = (this.versions.get(uri) ?? 1) + 1;
    this.versions.set(uri, version);
    await this.connection.sendNotification("textDocument/didChange", {
      textDocument: { uri, version },
      contentChanges: [{ text }],
    });
    return version;
  }

  /** An incremental change: `text` replaces the range. */
  async edit(
    uri: string,
    range: { start: { line: number; character: number }; end: { line: number; character: number } },
    text: string,
  ): Promise<number> {
    const version = (this.versions.get(uri) ?? 1) + 1;
    this.versions.set(uri, version);
    await this.connection.sendNotification("textDocument/didChange", {
      textDocument: { uri, version },
      contentChanges: [{ range, text }],
    });
    return version;
  }

  /** Every diagnostics notification received for `uri` so far, oldest first. */
  publishedFor(uri: string): PublishDiagnosticsParams[] {
    return this.published.get(uri) ?? [];
  }

  /** The diagnostics published for `uri` at `version` or later (waits for them). */
  async diagnostics(uri: string, version = 1): Promise<Diagnostic[]> {
    for (;;) {
      const hit = (this.published.get(uri) ?? []).filter((p) => (p.version ?? version) >= version).pop();
      if (hit !== undefined) return hit.diagnostics;
      await new Promise<void>((wake) => this.waiters.push(wake));
    }
  }

  async stop(): Promise<void> {
    const exited = new Promise<void>((resolve) => this.child.once("exit", () => resolve()));
    await this.request("shutdown", null);
    await this.connection.sendNotification("exit");
    await exited;
    this.connection.dispose();
  }
}

/** The LSP position of the `nth` occurrence of `needle` in `text` (plus `shift` characters). */
export function positionOf(text: string, needle: string, shift = 0, nth = 0): { line: number; character: number } {
  let at = -1;
  for (let i = 0; i <= nth; i++) {
    at = text.indexOf(needle, at + 1);
    if (at < 0) throw new Error(`'${needle}' not found`);
  }
  const offset = at + shift;
  const before = text.slice(0, offset);
  const line = before.split("\n").length - 1;
  return { line, character: offset - (before.lastIndexOf("\n") + 1) };
}

/**
 * One server and one scratch folder for a test file: started before its tests, stopped and removed
 * after. `options` (read when the server starts) become the server's initializationOptions.
 */
export function useLsp(options: () => Record<string, unknown> = () => ({})): {
  readonly client: LspClient;
  readonly init: InitializeResult;
  readonly dir: string;
} {
  let started: { client: LspClient; init: InitializeResult; dir: string } | undefined;
  beforeAll(async () => {
    const { client, init } = await LspClient.start(options());
    started = { client, init, dir: mkdtempSync(join(tmpdir(), "svc-lsp-")) };
  });
  afterAll(async () => {
    await started?.client.stop();
    if (started !== undefined) rmSync(started.dir, { recursive: true, force: true });
  });
  const need = () => {
    if (started === undefined) throw new Error("the language server is not running: use lsp.* inside a test");
    return started;
  };
  return {
    get client() {
      return need().client;
    },
    get init() {
      return need().init;
    },
    get dir() {
      return need().dir;
    },
  };
}
