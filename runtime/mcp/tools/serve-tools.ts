/**
 * Serves tools/list and tools/call for a set of tools whose files are imported on their first call.
 * tools/list answers from each tool's listing (generated at build time, or converted when the tool
 * was already loaded); tools/call loads the tool, then checks its arguments, runs it and checks its
 * structured result with the same steps, messages and error results as the SDK's McpServer.
 */
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import {
  getParseErrorMessage,
  normalizeObjectSchema,
  objectFromShape,
  safeParseAsync,
} from "@modelcontextprotocol/sdk/server/zod-compat.js";
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
} from "@modelcontextprotocol/sdk/types.js";
import type { ClientLogLevel, RequestExtra } from "../logging.js";
import { listedTool, type ListedTool } from "./listed-tool.js";
import { strictInput, toolCallback, type AnyToolDefinition, type ToolProvisions } from "./registry.js";

export interface ServedTool {
  name: string;
  listing: ListedTool;
  /** Imports the tool's file; called once, on the tool's first call. */
  load(): Promise<AnyToolDefinition>;
}

/** A tool loaded for calling: its checked schemas and its wrapped handler. */
interface Callable {
  input: ReturnType<typeof strictInput>;
  output?: ReturnType<typeof normalizeObjectSchema>;
  call(args: unknown, extra: RequestExtra): Promise<CallToolResult>;
}

/** Tools already in memory (tests, hosts that built them): listed by converting their schemas. */
export function registerTools(
  server: McpServer,
  tools: readonly AnyToolDefinition[],
  logLevel: ClientLogLevel,
  provisions: ToolProvisions,
): void {
  serveTools(
    server,
    tools.map((t) => ({ name: t.name, listing: listedTool(t), load: async () => t })),
    logLevel,
    provisions,
  );
}

export function serveTools(
  server: McpServer,
  tools: readonly ServedTool[],
  logLevel: ClientLogLevel,
  provisions: ToolProvisions,
): void {
  const byName = new Map(tools.map((t) => [t.name, t]));
  // A tool that recommends another (plan_visual) names only what this client can call.
  provisions = { ...provisions, offered: (name) => byName.has(name) };
  const callables = new Map<string, Promise<Callable>>();
  const callable = (served: ServedTool): Promise<Callable> => {
    let pending = callables.get(served.name);
    if (!pending) {
      pending = served.load().then((tool) => ({
        input: strictInput(tool),
        output: tool.output ? normalizeObjectSchema(objectFromShape(tool.output)) : undefined,
        call: toolCallback(tool, logLevel, provisions),
      }));
      // A file that failed to load is tried again on the next call.
      pending.catch(() => callables.delete(served.name));
      callables.set(served.name, pending);
    }
    return pending;
  };

  // What McpServer declares once a tool is registered.
  server.server.registerCapabilities({ tools: { listChanged: true } });
  server.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: tools.map((t) => t.listing) }));
  server.server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const name = request.params.name;
    try {
      const served = byName.get(name);
      if (!served) throw new McpError(ErrorCode.InvalidParams, `Tool ${name} not found`);
      const tool = await callable(served);
      const parsed = await safeParseAsync(tool.input, request.params.arguments ?? {});
      if (!parsed.success) {
        throw new McpError(
          ErrorCode.InvalidParams,
          `Input validation error: Invalid arguments for tool ${name}: ${getParseErrorMessage(parsed.error)}`,
        );
      }
      const result = await tool.call(parsed.data, extra);
      if (request.params.task) return result;
      if (tool.output && !result.isError) {
        if (!result.structuredContent) {
          throw new McpError(
            ErrorCode.InvalidParams,
            `Output validation error: Tool ${name} has an output schema but no structured content was provided`,
          );
        }
        const checked = await safeParseAsync(tool.output, result.structuredContent);
        if (!checked.success) {
          throw new McpError(
            ErrorCode.InvalidParams,
            `Output validation error: Invalid structured content for tool ${name}: ${getParseErrorMessage(checked.error)}`,
          );
        }
      }
      return result;
    } catch (error) {
      if (error instanceof McpError && error.code === ErrorCode.UrlElicitationRequired) throw error;
      return {
        content: [{ type: "text", text: error instanceof Error ? error.message : String(error) }],
        isError: true,
      };
    }
  });
}
