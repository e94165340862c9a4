import * as catalog from "./catalog.js";
import type { AnyToolDefinition } from "./registry.js";

/** The whole registry, in name order so tools/list is stable. */
export const allTools: readonly AnyToolDefinition[] = (Object.values(catalog) as AnyToolDefinition[]).sort((a, b) => a.name.localeCompare(b.name));
