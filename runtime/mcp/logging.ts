/**
 * Log messages for the client (MCP `notifications/message`), sent on the stream of the request
 * that caused them so an HTTP client sees them while its tool call is still running.
 */
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import {
  LoggingLevelSchema,
  SetLevelRequestSchema,
  type LoggingLevel,
  type ServerNotification,
  type ServerRequest,
} from "@modelcontextprotocol/sdk/types.js";

export type RequestExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

const SEVERITY: readonly LoggingLevel[] = LoggingLevelSchema.options;

/** The level the client asked for with `logging/setLevel`; one per server, and a server serves one client. */
export class ClientLogLevel {
  level: LoggingLevel = "info";

  allows(level: LoggingLevel): boolean {
    return SEVERITY.indexOf(level) >= SEVERITY.indexOf(this.level);
  }

  /** Takes over `logging/setLevel` so the level is known where the notifications are sent. */
  install(server: McpServer): void {
    server.server.setRequestHandler(SetLevelRequestSchema, async (request) => {
      this.level = request.params.level;
      return {};
    });
  }
}

/** What a tool needs to report to its client while it runs. */
export interface ProgressSink {
  extra: RequestExtra;
  logLevel: ClientLogLevel;
}

export interface ProgressOptions {
  level?: LoggingLevel;
  /** Work done so far and in total, for clients that asked for progress on this request. */
  done?: number;
  total?: number;
}

/**
 * Tells the client what a long tool call is doing ("planning 14 nodes", "applying chunk 2 of 5").
 * Never throws: a client that went away must not fail the tool.
 */
export async function progress(ctx: ProgressSink, message: string, options: ProgressOptions = {}): Promise<void> {
  const level = options.level ?? "info";
  try {
    if (ctx.logLevel.allows(level)) {
      await ctx.extra.sendNotification({
        method: "notifications/message",
        params: { level, logger: "svc", data: message },
      });
    }
    const token = ctx.extra._meta?.progressToken;
    if (token !== undefined && options.done !== undefined) {
      await ctx.extra.sendNotification({
        method: "notifications/progress",
        params: {
          progressToken: token,
          progress: options.done,
          ...(options.total !== undefined ? { total: options.total } : {}),
          message,
        },
      });
    }
  } catch {
    // The client disconnected; the work itself goes on and its result is simply not read.
  }
}
