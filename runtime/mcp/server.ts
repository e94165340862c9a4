/**
 * Builds one MCP server: the tools of the chosen profile, every `svc://` resource and the prompts
 * whose tools are present. stdio makes one; HTTP makes one per session.
 */
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { ServerCatalog } from "./catalog-view.js";
import { forwardEvents, type EventForwarding } from "./event-forwarding.js";
import { ClientLogLevel } from "./logging.js";
import { allPrompts } from "./prompts/all-prompts.js";
import { registerPrompts, selectPrompts } from "./prompts/registry.js";
import { allResources } from "./resources/all-resources.js";
import { creativeResources } from "./resources/creative.js";
import { registerResources } from "./resources/registry.js";
import { loadTools } from "./tools/load-tools.js";
import { checkCatalog, registerTools, selectTools, type ToolSelection } from "./tools/registry.js";
import { toolManifest } from "./tools/tool-manifest.js";
import { packageVersion } from "../package-root.js";

const INSTRUCTIONS = [
  "svc builds TouchDesigner networks from .svcnet source text.",
  "Read svc://language for the language, svc://commands for every tool and prompt of this server,",
  "and the svc://operators/{name} resources or the knowledge tools for operator facts.",
].join(" ");

/** Imports only the selected profile's tool files: the others' schemas are never built. */
export async function buildCatalog(selection: ToolSelection): Promise<ServerCatalog> {
  const tools = await loadTools(selectTools(toolManifest, selection));
  const problems = checkCatalog(tools);
  if (problems.length > 0) throw new Error(`the tool registry is inconsistent:\n  ${problems.join("\n  ")}`);
  const prompts = selectPrompts(allPrompts, new Set(tools.map((t) => t.name)));
  return { selection, tools, prompts };
}

export interface ServerOptions {
  /** The bridge's events, when SVC_EVENTS is on: forwarded as log messages and resource updates. */
  events?: EventForwarding;
}

export async function createSvcServer(selection: ToolSelection, options: ServerOptions = {}): Promise<McpServer> {
  const catalog = await buildCatalog(selection);
  const server = new McpServer(
    { name: "svc", version: packageVersion() },
    { capabilities: { logging: {} }, instructions: INSTRUCTIONS },
  );
  const logLevel = new ClientLogLevel();
  logLevel.install(server);
  registerTools(server, catalog.tools, logLevel);
  // The repertoire is opt-in (spec 2.7): its resources exist only when it is switched on.
  registerResources(server, selection.creative?.enabled ? [...allResources, ...creativeResources] : allResources, catalog);
  registerPrompts(server, catalog.prompts, new Set(catalog.tools.map((t) => t.name)));
  if (options.events) forwardEvents(server, logLevel, options.events);
  return server;
}
