import * as catalog from "./catalog.js";
import type { AnyPromptDefinition } from "./registry.js";

export const allPrompts: readonly AnyPromptDefinition[] = Object.values(catalog) as AnyPromptDefinition[];
