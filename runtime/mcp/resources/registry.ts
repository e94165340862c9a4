/**
 * MCP resources under `svc://`. Each resource (fixed URI or URI template) is a definition in its
 * own file, listed once in `catalog.ts`; this file registers them with the SDK, decodes template
 * variables and turns a missing entry into a clear "not found" error.
 */
import type { Services } from "../../services.js";
import { ResourceTemplate, type McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { ErrorCode, McpError, type ReadResourceResult } from "@modelcontextprotocol/sdk/types.js";
import type { ServerCatalog } from "../catalog-view.js";
import { QueryUriTemplate } from "./query-template.js";

/** What a resource read returns: one text body. JSON bodies are pretty-printed for people too. */
export interface ResourceBody {
  text: string;
  mimeType: "application/json" | "text/markdown" | "text/plain";
}

interface ResourceCommon {
  /** Unique registration name, kebab-case. */
  name: string;
  title?: string;
  /** One plain sentence: what the body holds. */
  description: string;
  mimeType: ResourceBody["mimeType"];
}

export interface FixedResource extends ResourceCommon {
  uri: string;
  read(catalog: ServerCatalog, services: Services): Promise<ResourceBody>;
}

export interface TemplatedResource extends ResourceCommon {
  /** RFC 6570 template, e.g. `svc://operators/{name}`. */
  template: string;
  /** Candidate values per variable for completion; filtered by prefix here. */
  complete?: Record<string, (value: string) => Promise<readonly string[]>>;
  read(vars: Record<string, string>, catalog: ServerCatalog, services: Services): Promise<ResourceBody>;
}

export type ResourceDefinition = FixedResource | TemplatedResource;

/** A resource that does not exist: the client gets an error naming it and what to try. */
export class ResourceNotFound extends Error {
  /** -32002 is MCP's "resource not found"; the SDK sends an error's numeric `code` as is. */
  readonly code = -32002;
  constructor(message: string) {
    super(message);
    this.name = "ResourceNotFound";
  }
}

export function json(value: unknown): ResourceBody {
  return { text: JSON.stringify(value, null, 2), mimeType: "application/json" };
}

/** Most completions a client gets at once; the MCP limit is 100. */
const MAX_COMPLETIONS = 100;

/** Case-insensitive prefix matches first, then substring matches; bounded. */
function completeFrom(candidates: readonly string[], typed: string): string[] {
  const needle = typed.toLowerCase();
  const prefix = candidates.filter((c) => c.toLowerCase().startsWith(needle));
  const inner = needle
    ? candidates.filter((c) => !c.toLowerCase().startsWith(needle) && c.toLowerCase().includes(needle))
    : [];
  return [...prefix, ...inner].slice(0, MAX_COMPLETIONS);
}

function decode(raw: string | string[]): string {
  const value = Array.isArray(raw) ? raw.join(",") : raw;
  try {
    return decodeURIComponent(value);
  } catch {
    throw new McpError(ErrorCode.InvalidParams, `'${value}' is not a valid percent-encoded URI part`);
  }
}

function toResult(uri: string, body: ResourceBody): ReadResourceResult {
  return { contents: [{ uri, mimeType: body.mimeType, text: body.text }] };
}

export function registerResources(
  server: McpServer,
  resources: readonly ResourceDefinition[],
  catalog: ServerCatalog,
  services: Services,
): void {
  for (const r of resources) {
    const metadata = { description: r.description, mimeType: r.mimeType, ...(r.title ? { title: r.title } : {}) };
    if ("uri" in r) {
      server.registerResource(r.name, r.uri, metadata, async (uri) =>
        toResult(uri.href, await r.read(catalog, services)),
      );
      continue;
    }
    const complete: Record<string, (value: string) => Promise<string[]>> = {};
    for (const [variable, candidates] of Object.entries(r.complete ?? {})) {
      complete[variable] = async (value) => completeFrom(await candidates(value), value);
    }
    const uriTemplate = QueryUriTemplate.fits(r.template) ? new QueryUriTemplate(r.template) : r.template;
    const template = new ResourceTemplate(uriTemplate, { list: undefined, complete });
    server.registerResource(r.name, template, metadata, async (uri, variables) => {
      const vars: Record<string, string> = {};
      for (const [k, v] of Object.entries(variables)) vars[k] = decode(v);
      return toResult(uri.href, await r.read(vars, catalog, services));
    });
  }
}
