/**
 * The SDK's own way of serving svc's tools (McpServer.registerTool with the zod schemas), kept as the
 * reference that svc's own tools/list and tools/call must match byte for byte, and a raw exchange
 * that returns a request's result exactly as it goes over the wire.
 */
import { createServices } from "../../runtime/services.js";
import { toolByName } from "../../runtime/mcp/tools/load-tools.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { ClientLogLevel } from "../../runtime/mcp/logging.js";
import { strictInput, toolCallback, type AnyToolDefinition } from "../../runtime/mcp/tools/registry.js";

export function referenceServer(tools: readonly AnyToolDefinition[]): McpServer {
  const server = new McpServer({ name: "svc", version: "1" }, { capabilities: { logging: {} } });
  const logLevel = new ClientLogLevel();
  logLevel.install(server);
  for (const tool of [...tools].sort((a, b) => a.name.localeCompare(b.name))) {
    const config = {
      description: tool.description,
      inputSchema: strictInput(tool),
      annotations: tool.annotations,
      ...(tool.title ? { title: tool.title } : {}),
      ...(tool.output ? { outputSchema: tool.output } : {}),
    };
    (server.registerTool as (name: string, config: object, cb: unknown) => unknown).call(
      server,
      tool.name,
      config,
      toolCallback(tool, logLevel, { services: createServices(process.env), tool: toolByName }),
    );
  }
  return server;
}

/**
 * Connects a bare JSON-RPC peer to `server`, initializes, sends each request and returns each raw
 * result (or error) as JSON text, the initialize result first.
 */
export async function rawExchange(
  server: McpServer,
  requests: readonly { method: string; params?: Record<string, unknown> }[],
): Promise<string[]> {
  const [peer, serverSide] = InMemoryTransport.createLinkedPair();
  const answers = new Map<number, (m: JSONRPCMessage) => void>();
  peer.onmessage = (m) => {
    if ("id" in m && typeof m.id === "number") answers.get(m.id)?.(m);
  };
  await server.connect(serverSide);
  await peer.start();
  let id = 0;
  const send = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<JSONRPCMessage>((resolve) => {
      answers.set(++id, resolve);
      void peer.send({ jsonrpc: "2.0", id, method, params });
    });
  const init = (await send("initialize", {
    protocolVersion: "2025-06-18",
    capabilities: {},
    clientInfo: { name: "t", version: "1" },
  })) as { result?: unknown };
  await peer.send({ jsonrpc: "2.0", method: "notifications/initialized" });
  const out: string[] = [JSON.stringify(init.result)];
  for (const r of requests) {
    const m = (await send(r.method, r.params)) as { result?: unknown; error?: unknown };
    out.push(JSON.stringify(m.result ?? { error: m.error }));
  }
  await server.close();
  return out;
}
