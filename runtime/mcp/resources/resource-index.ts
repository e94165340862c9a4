/**
 * Every `svc://` resource's registration (name, URI or template, description, completion variables)
 * and the module that holds it, written at build time (`npm run build` runs
 * scripts/generate-build-indexes.mjs after tsc) next to this module in dist/. A server registers its
 * resources from it and imports a resource's file on its first read or completion. The index keeps
 * the text of catalog.js it was made from: when the catalog has changed since (a resource added),
 * the server imports the catalog as before, so no resource is ever missing.
 */
import type { Services } from "../../services.js";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { ServerCatalog } from "../catalog-view.js";
import type { ResourceDefinition } from "./registry.js";

export const RESOURCE_INDEX_PATH = fileURLToPath(new URL("./resource-index.generated.json", import.meta.url));
const CATALOG_PATH = fileURLToPath(new URL("./catalog.js", import.meta.url));

export interface ResourceIndexEntry {
  /** The module under resources/ that exports it, and the export's name. */
  module: string;
  export: string;
  name: string;
  title?: string;
  description: string;
  mimeType: ResourceDefinition["mimeType"];
  uri?: string;
  template?: string;
  /** The template variables it completes. */
  completes?: string[];
}

export interface ResourceIndex {
  catalog: string;
  resources: ResourceIndexEntry[];
}

/** The index of `resources` (in their order), each found by identity among `modules`' exports. */
export function indexResources(
  resources: readonly ResourceDefinition[],
  modules: ReadonlyMap<string, Record<string, unknown>>,
  catalog: string,
): ResourceIndex {
  const entries = resources.map((r): ResourceIndexEntry => {
    const [module, exports] = [...modules].find(([, e]) => Object.values(e).includes(r)) ?? [];
    const exportName = exports && Object.entries(exports).find(([, v]) => v === r)?.[0];
    if (module === undefined || exportName === undefined)
      throw new Error(`resource '${r.name}' is exported by no module under resources/`);
    const where =
      "uri" in r
        ? { uri: r.uri }
        : { template: r.template, ...(r.complete ? { completes: Object.keys(r.complete) } : {}) };
    return {
      module,
      export: exportName,
      name: r.name,
      ...(r.title ? { title: r.title } : {}),
      description: r.description,
      mimeType: r.mimeType,
      ...where,
    };
  });
  return { catalog, resources: entries };
}

/** The catalog module's text, which the index must have been made from. */
export function catalogSource(): string {
  return readFileSync(CATALOG_PATH, "utf8");
}

/** Definitions that import their file when first read or completed; undefined without a current index. */
export function indexedResources(): ResourceDefinition[] | undefined {
  if (!existsSync(RESOURCE_INDEX_PATH) || !existsSync(CATALOG_PATH)) return undefined;
  const index = JSON.parse(readFileSync(RESOURCE_INDEX_PATH, "utf8")) as ResourceIndex;
  if (index.catalog !== catalogSource()) return undefined;
  return lazyResources(index.resources);
}

/** The definitions of `entries`, each importing its module (beside this one) on first use. */
export function lazyResources(entries: readonly ResourceIndexEntry[]): ResourceDefinition[] {
  return entries.map(lazyDefinition);
}

function lazyDefinition(entry: ResourceIndexEntry): ResourceDefinition {
  let loading: Promise<ResourceDefinition> | undefined;
  const load = () =>
    (loading ??= import(new URL(`./${entry.module}`, import.meta.url).href).then((m: Record<string, unknown>) => {
      const def = m[entry.export] as ResourceDefinition | undefined;
      if (def === undefined || def.name !== entry.name)
        throw new Error(`resource '${entry.name}' moved since the build: run \`npm run build\``);
      return def;
    }));
  const common = {
    name: entry.name,
    ...(entry.title ? { title: entry.title } : {}),
    description: entry.description,
    mimeType: entry.mimeType,
  };
  if (entry.uri !== undefined) {
    return {
      ...common,
      uri: entry.uri,
      read: async (catalog: ServerCatalog, services: Services) =>
        ((await load()) as Extract<ResourceDefinition, { uri: string }>).read(catalog, services),
    };
  }
  type Templated = Exclude<ResourceDefinition, { uri: string }>;
  const complete = entry.completes
    ? Object.fromEntries(
        entry.completes.map((v) => [v, async (value: string) => ((await load()) as Templated).complete![v]!(value)]),
      )
    : undefined;
  return {
    ...common,
    template: entry.template!,
    ...(complete ? { complete } : {}),
    read: async (vars: Record<string, string>, catalog: ServerCatalog, services: Services) =>
      ((await load()) as Templated).read(vars, catalog, services),
  };
}
