/**
 * The MCP tools svc-agent offers as subcommands, one line each. A line names the tool and, where
 * the default does not read well, the subcommand's words, its positionals and which arguments are
 * paths (relative ones are taken from the working folder). To offer another tool, add its line;
 * the tool's schema gives the flags, help and checks (tool-command.ts).
 */
import type { Command } from "../command.js";
import type { ToolCommandEntry } from "./tool-command.js";
import { vaultCommandEntries } from "./vault-commands.js";

export const toolCommandEntries: readonly ToolCommandEntry[] = [
  // packaging
  { tool: "bundle_dependencies", command: ["bundle-deps"], positionals: ["path"], paths: ["out_dir", "base_dir"] },
  { tool: "export_externalized_tree", command: ["export-external-tree"], positionals: ["path"], paths: ["out_dir"] },
  { tool: "generate_readme", positionals: ["path"], paths: ["out_dir"] },
  { tool: "provenance_stamp", positionals: ["path"] },
  { tool: "make_portable_tox", positionals: ["path"], paths: ["out_dir"] },
  { tool: "manage_component", positionals: ["action"], paths: ["library"] },
  // the operator knowledge base
  { tool: "search_operators", positionals: ["query"] },
  { tool: "get_td_docs", positionals: ["name"] },
  { tool: "get_parameter_menu", positionals: ["operator", "parameter"] },
  { tool: "check_operator_availability", positionals: ["operator"] },
  // the bridge
  { tool: "reload_bridge" },
  // recipes, packages and skills
  { tool: "apply_recipe", positionals: ["recipe"] },
  { tool: "publish_recipe_bundle", paths: ["package_dir", "recipe_files"] },
  { tool: "manage_packages", positionals: ["action", "name"] },
  { tool: "manage_agent_skills", positionals: ["action"] },
  // the vault
  ...vaultCommandEntries,
];

/** Loads each listed tool from the manifest and makes its command. */
export async function toolCommands(entries: readonly ToolCommandEntry[] = toolCommandEntries): Promise<Command[]> {
  const { toolManifest } = await import("../../mcp/tools/tool-manifest.js");
  const { toolCommand } = await import("./tool-command.js");
  return Promise.all(
    entries.map(async (entry) => {
      const line = toolManifest.find((t) => t.name === entry.tool);
      if (line === undefined) throw new Error(`svc-agent: no MCP tool '${entry.tool}' to offer as a command`);
      return toolCommand(entry, await line.load());
    }),
  );
}
