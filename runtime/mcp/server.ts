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
import { indexedResources } from "./resources/resource-index.js";
import { creativeResources } from "./resources/creative.js";
import { registerResources } from "./resources/registry.js";
import { generatedToolList } from "./tools/generated-tool-list.js";
import { listedTool } from "./tools/listed-tool.js";
import { loadTool, toolByName } from "./tools/load-tools.js";
import { checkCatalog, selectTools, type ToolSelection } from "./tools/registry.js";
import { serveTools, type ServedTool } from "./tools/serve-tools.js";
import { toolManifest, type ToolManifestEntry } from "./tools/tool-manifest.js";
import { packageVersion } from "../package-root.js";
import { createServices, type Services } from "../services.js";

const INSTRUCTIONS = [
  "svc builds TouchDesigner networks from .svcnet source text.",
  "Read svc://language for the language, svc://commands for every tool and prompt of this server,",
  "and the svc://operators/{name} resources or the knowledge tools for operator facts.",
].join(" ");

/** What one server serves: the catalog, and its tools ready to list and to load on first call. */
interface ServerTools {
  catalog: ServerCatalog;
  tools: ServedTool[];
}

/**
 * A manifest line as served: listed from the build's generated listing without importing its file,
 * or, when the listing lacks it (a tool added since the last `npm run build`), imported and converted now.
 */
async function serveLine(entry: ToolManifestEntry): Promise<ServedTool> {
  const listing = generatedToolList().get(entry.name);
  if (listing) return { name: entry.name, listing, load: () => loadTool(entry) };
  const tool = await loadTool(entry);
  return { name: entry.name, listing: listedTool(tool), load: async () => tool };
}

/** The selected profile's tools; no tool file is imported when the build's listing has them all. */
async function buildCatalog(selection: ToolSelection): Promise<ServerTools> {
  const entries = selectTools(toolManifest, selection).sort((a, b) => a.name.localeCompare(b.name));
  const tools = await Promise.all(entries.map(serveLine));
  const problems = checkCatalog(
    entries.map((e, i) => ({
      ...e,
      description: tools[i]!.listing.description ?? "",
      annotations: tools[i]!.listing.annotations ?? {},
    })),
  );
  if (problems.length > 0) throw new Error(`the tool registry is inconsistent:\n  ${problems.join("\n  ")}`);
  const toolNames = tools.map((t) => t.name);
  const prompts = selectPrompts(allPrompts, new Set(toolNames));
  return { catalog: { selection, toolNames, prompts }, tools };
}

export interface ServerOptions {
  /** The bridge's events, when SVC_EVENTS is on: forwarded as log messages and resource updates. */
  events?: EventForwarding;
  /**
   * The services every tool and resource is given; a transport passes the process's one set. A
   * server made without them makes its own from the environment and closes them when it closes.
   */
  services?: Services;
  /**
   * Whether the roots the client offers widen what tools may read and write (client-roots-trust.ts):
   * true for stdio and for an HTTP client that proved itself; absent is false.
   */
  trustClientRoots?: boolean;
}

export async function createSvcServer(selection: ToolSelection, options: ServerOptions = {}): Promise<McpServer> {
  const { catalog, tools } = await buildCatalog(selection);
  const server = new McpServer(
    { name: "svc", version: packageVersion() },
    { capabilities: { logging: {} }, instructions: INSTRUCTIONS },
  );
  const services = options.services ?? createServices(process.env);
  if (!options.services) {
    const closed = server.server.onclose;
    server.server.onclose = () => {
      closed?.();
      void services.close();
    };
  }
  const logLevel = new ClientLogLevel();
  logLevel.install(server);
  serveTools(server, tools, logLevel, {
    services,
    tool: toolByName,
    trustClientRoots: options.trustClientRoots === true,
  });
  // The repertoire is opt-in (spec 2.7): its resources exist only when it is switched on.
  // Registered from the build's index, each file imported on first read; the catalog itself without one.
  const resources = indexedResources() ?? (await import("./resources/all-resources.js")).allResources;
  registerResources(
    server,
    selection.creative?.enabled ? [...resources, ...creativeResources] : resources,
    catalog,
    services,
  );
  registerPrompts(server, catalog.prompts, new Set(catalog.toolNames));
  if (options.events) forwardEvents(server, logLevel, options.events, services);
  return server;
}
