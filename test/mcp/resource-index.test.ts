import { readdirSync, readFileSync } from "node:fs";
import { createServices } from "../../runtime/services.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { describe, expect, it } from "vitest";
import type { ServerCatalog } from "../../runtime/mcp/catalog-view.js";
import { allResources } from "../../runtime/mcp/resources/all-resources.js";
import { registerResources, type ResourceDefinition } from "../../runtime/mcp/resources/registry.js";
import { indexResources, lazyResources, type ResourceIndex } from "../../runtime/mcp/resources/resource-index.js";
import { ROOT } from "./helpers.js";
import { rawExchange } from "./sdk-reference.js";

const DIR = new URL("../../runtime/mcp/resources/", import.meta.url);
const BUILT_INDEX = `${ROOT}dist/runtime/mcp/resources/resource-index.generated.json`;

/** The resource modules' exports, under the names they have once built (`x.js`). */
async function sourceModules(): Promise<Map<string, Record<string, unknown>>> {
  const modules = new Map<string, Record<string, unknown>>();
  for (const file of readdirSync(DIR)
    .filter((f) => f.endsWith(".ts") && !["catalog.ts", "all-resources.ts"].includes(f))
    .sort()) {
    modules.set(file.replace(/\.ts$/, ".js"), (await import(new URL(file, DIR).href)) as Record<string, unknown>);
  }
  return modules;
}

const catalog: ServerCatalog = {
  selection: { profile: "core", rawPython: true },
  toolNames: ["search_operators"],
  prompts: [],
};

function serverWith(resources: readonly ResourceDefinition[]): McpServer {
  const server = new McpServer({ name: "svc", version: "1" }, { capabilities: { logging: {} } });
  registerResources(server, resources, catalog, createServices(process.env));
  return server;
}

describe("resources registered from the build's index", () => {
  it("list, read and complete exactly as the resources themselves", async () => {
    const index = indexResources(allResources, await sourceModules(), "");
    expect(index.resources.map((e) => e.name)).toEqual(allResources.map((r) => r.name));
    const requests = [
      { method: "resources/list" },
      { method: "resources/templates/list" },
      { method: "resources/read", params: { uri: "svc://commands" } },
      { method: "resources/read", params: { uri: "svc://operators/noiseTOP" } },
      { method: "resources/read", params: { uri: "svc://operators/noSuchTOP" } },
      {
        method: "completion/complete",
        params: {
          ref: { type: "ref/resource", uri: "svc://operators/{name}" },
          argument: { name: "name", value: "nois" },
        },
      },
    ];
    const direct = await rawExchange(serverWith(allResources), requests);
    const lazy = await rawExchange(serverWith(lazyResources(index.resources)), requests);
    expect(lazy).toEqual(direct);
    // The exchange reached the resources: a listing, an operator's page, a refusal, completions.
    expect(direct[1]).toContain("svc://commands");
    expect(direct[4]).toContain("noiseTOP");
    expect(direct[5]).toContain("noSuchTOP");
    expect(direct[6]).toContain("noiseTOP");
  });

  it("the index in dist/ matches every resource now", async () => {
    const built = JSON.parse(readFileSync(BUILT_INDEX, "utf8")) as ResourceIndex;
    const current = indexResources(allResources, await sourceModules(), "");
    // By name: Node lists a module's exports in name order, vitest in declaration order.
    const byName = (index: ResourceIndex) =>
      JSON.stringify([...index.resources].sort((a, b) => a.name.localeCompare(b.name)));
    expect(
      byName(built) === byName(current),
      `${BUILT_INDEX} is out of date with the resources: run \`npm run build\``,
    ).toBe(true);
  });
});
