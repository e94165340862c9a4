/** Shared set-up for the MCP suites: in-process clients, clients of the built CLI, and raw HTTP. */
import { existsSync } from "node:fs";
import { request } from "node:http";
import { fileURLToPath } from "node:url";
import { expect } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { createSvcServer } from "../../runtime/mcp/server.js";
import type { ToolSelection } from "../../runtime/mcp/tools/registry.js";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const BUILT_CLI = `${ROOT}dist/runtime/cli/svc.js`;

export function requireBuiltCli(): string {
  if (!existsSync(BUILT_CLI))
    throw new Error("dist/ is missing: run `npx tsc -p tsconfig.build.json` (npm test does it)");
  return BUILT_CLI;
}

/** A client connected to a fresh in-process server, no sockets. */
export async function memoryClient(selection: ToolSelection = { profile: "core", rawPython: true }): Promise<Client> {
  const server = await createSvcServer(selection);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "svc-test", version: "1" });
  await client.connect(clientSide);
  return client;
}

/** A client of the built `svc` over stdio, with extra environment. */
export async function stdioClient(env: Record<string, string> = {}): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [requireBuiltCli()],
    env: { PATH: process.env.PATH ?? "", ...env },
    stderr: "pipe",
  });
  const client = new Client({ name: "svc-test", version: "1" });
  await client.connect(transport);
  return client;
}

export function textOf(result: CallToolResult): string {
  return result.content.map((c) => (c.type === "text" ? c.text : "")).join("\n");
}

/** The structured answer of a tool call that must have succeeded (its text shown when it did not). */
export function dataOf<T>(r: CallToolResult): T {
  expect(r.isError, textOf(r)).toBeFalsy();
  return r.structuredContent as T;
}

/** The JSON error block a failed tool call carries. */
export function errorOf(result: CallToolResult): {
  code: string;
  message: string;
  details?: Record<string, unknown>;
  diagnostics?: unknown[];
} {
  const block = result.content.find((c) => c.type === "text" && c.text.startsWith("{"));
  if (!block || block.type !== "text") throw new Error(`no error JSON in ${JSON.stringify(result)}`);
  return (JSON.parse(block.text) as { error: ReturnType<typeof errorOf> }).error;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One HTTP request with full control of the headers (fetch forbids setting Host). */
export function rawRequest(
  port: number,
  options: { method?: string; path?: string; headers?: Record<string, string>; body?: string },
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    // An empty `host` header means: send none at all.
    const headers = { ...(options.headers ?? {}) };
    const noHost = headers.host === "";
    if (noHost) delete headers.host;
    const req = request(
      {
        host: "127.0.0.1",
        port,
        method: options.method ?? "POST",
        path: options.path ?? "/mcp",
        headers,
        setHost: !noHost,
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (body += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on("error", reject);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

export const INITIALIZE = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
});

/** Headers a well-behaved MCP client sends on POST. */
export function mcpHeaders(port: number, extra: Record<string, string> = {}): Record<string, string> {
  return {
    host: `127.0.0.1:${port}`,
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
    ...extra,
  };
}
