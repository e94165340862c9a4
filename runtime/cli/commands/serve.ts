import { UsageError, intFlag } from "../args.js";
import type { Command } from "../command.js";

export const serveCommand: Command = {
  name: ["serve"],
  summary: "run the MCP server (stdio by default; --http for Streamable HTTP on 127.0.0.1)",
  usage: "[--http] [--port <n>]",
  flags: {
    http: { type: "boolean", description: "serve Streamable HTTP at http://127.0.0.1:<port>/mcp instead of stdio" },
    port: {
      type: "string",
      valueName: "n",
      description: "HTTP port (default 9981, or SVC_MCP_PORT; 0 picks a free one)",
    },
  },
  details: [
    "environment:",
    "  SVC_TRANSPORT=http             same as --http",
    "  SVC_TOOL_PROFILE=core|full|safe which tools are offered (default core)",
    "  SVC_RAW_PYTHON=off             hide the tools that run client-written Python",
    "  SVC_MCP_TOKEN                  HTTP: require 'Authorization: Bearer <token>'",
    "  SVC_MCP_SESSION_IDLE_SECONDS   HTTP: close a session idle this long (default 1800)",
    "  SVC_MCP_MAX_SESSIONS           HTTP: most sessions at once (default 32; the longest idle is evicted)",
    "  SVC_MCP_AUTH=auto|oauth|hybrid HTTP: OAuth 2.0 with the artist's consent (runtime/mcp/README.md, Remote access)",
  ].join("\n"),
  async run(args, io) {
    // Loaded here so that other commands never pay for the MCP SDK.
    const { ConfigError, mcpConfigFromEnv } = await import("../../mcp/config.js");
    const { runMcpServer } = await import("../../mcp/transports/start.js");
    let config;
    try {
      // --http before reading, so settings that need HTTP (SVC_MCP_AUTH=oauth) are checked against it.
      config = mcpConfigFromEnv(args.flags.http ? { ...io.env, SVC_TRANSPORT: "http" } : io.env);
    } catch (err) {
      if (err instanceof ConfigError) throw new UsageError(err.message);
      throw err;
    }
    if (args.flags.http) config.transport = "http";
    if (args.flags.port !== undefined) {
      if (config.transport !== "http") throw new UsageError("--port needs --http (stdio has no port)");
      config.http.port = intFlag(args, "port", config.http.port, 0, 65535);
    }
    return runMcpServer(config, io.stderr);
  },
};
