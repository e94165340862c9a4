/**
 * Starts the MCP server the configuration asks for and runs it until the client leaves (stdio) or
 * the process is stopped (HTTP). Returns the process exit code.
 */
import { ConfigError, mcpConfigFromEnv, type McpConfig } from "../config.js";
import { untilSignal } from "./shutdown.js";

export async function runMcpServer(config: McpConfig, stderr: (text: string) => void): Promise<number> {
  // The hardened profile checks the Python a network carries against the bridge's safe subset
  // before anything is sent, as SVC_BRIDGE_EXPRESSIONS=safe does (compiler/check/python/policy.ts).
  if (config.profile === "safe") process.env.SVC_BRIDGE_EXPRESSIONS = "safe";
  const selection = { profile: config.profile, rawPython: config.rawPython, creative: config.creative };
  // Each transport loads only its own SDK modules: stdio startup never pays for the HTTP stack.
  if (config.transport === "stdio") {
    const { serveStdio } = await import("./stdio.js");
    await serveStdio(selection, config.events);
    return 0;
  }
  const { startHttpServer } = await import("./http.js");
  let running;
  try {
    running = await startHttpServer({
      selection,
      ...config.http,
      events: config.events,
      log: (line) => stderr(`svc: ${line}\n`),
    });
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === "EADDRINUSE") {
      stderr(`svc: port ${config.http.port} is already in use; choose another with --port or SVC_MCP_PORT\n`);
      return 1;
    }
    if ((err as Error).name === "StateFileError" || code === "EACCES" || code === "EROFS" || code === "ENOTDIR") {
      stderr(`svc: ${(err as Error).message} (SVC_MCP_OAUTH_STATE)\n`);
      return 2;
    }
    throw err;
  }
  const mode = config.http.auth.mode;
  const auth =
    mode === "oauth"
      ? `OAuth; clients kept in ${config.http.auth.oauth.statePath}, consent asked through the bridge`
      : mode === "hybrid"
        ? `OAuth or SVC_MCP_TOKEN; clients kept in ${config.http.auth.oauth.statePath}`
        : config.http.token
          ? "bearer token required"
          : "no token (set SVC_MCP_TOKEN to require one)";
  stderr(`svc: MCP server listening on ${running.url} (profile ${config.profile}, ${auth})\n`);
  await untilSignal();
  await running.close();
  return 0;
}

/** `svc` with no arguments: the transport and everything else from the environment. */
export async function runMcpServerFromEnv(env: NodeJS.ProcessEnv, stderr: (text: string) => void): Promise<number> {
  try {
    return await runMcpServer(mcpConfigFromEnv(env), stderr);
  } catch (err) {
    if (err instanceof ConfigError) {
      stderr(`svc: ${err.message}\n`);
      return 2;
    }
    throw err;
  }
}
