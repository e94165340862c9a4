import * as catalog from "./catalog.js";
import type { ResourceDefinition } from "./registry.js";

export const allResources: readonly ResourceDefinition[] = Object.values(catalog) as ResourceDefinition[];
