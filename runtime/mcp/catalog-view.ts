/**
 * What one server instance offers, as the command-catalog resource and the prompts see it: the
 * whole tool registry, the profile selection in force, and the prompts that were registered.
 */
import type { AnyPromptDefinition } from "./prompts/registry.js";
import type { AnyToolDefinition, ToolSelection } from "./tools/registry.js";

export interface ServerCatalog {
  selection: ToolSelection;
  /** Every tool svc has, registered or not in this profile. */
  allTools: readonly AnyToolDefinition[];
  /** The tools this server registered. */
  tools: readonly AnyToolDefinition[];
  prompts: readonly AnyPromptDefinition[];
}
