/**
 * What one server instance offers, as the command-catalog resource and the prompts see it: the
 * profile selection in force, the tools and the prompts that were registered. (The whole registry is
 * `tools/all-tools.ts`, imported only when asked for.)
 */
import type { AnyPromptDefinition } from "./prompts/registry.js";
import type { ToolSelection } from "./tools/registry.js";

export interface ServerCatalog {
  selection: ToolSelection;
  /** The names of the tools this server offers, in tools/list order (their files load on first call). */
  toolNames: readonly string[];
  prompts: readonly AnyPromptDefinition[];
}
