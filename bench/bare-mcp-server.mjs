// The baseline for bench/mcp.bench.mjs: the smallest MCP server the SDK makes on stdio, one tool
// with a zod schema, so that the SDK's own start-up (its imports, zod) is measured alike.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "bare", version: "1" });
server.registerTool(
  "echo",
  { description: "Echoes its text.", inputSchema: { text: z.string() } },
  async ({ text }) => ({ content: [{ type: "text", text }] }),
);
await server.connect(new StdioServerTransport());
