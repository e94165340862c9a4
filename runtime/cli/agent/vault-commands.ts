/**
 * The vault tools as svc-agent subcommands (`svc-agent vault list|read|search|write|link|plan|apply`):
 * each runs its MCP tool (runtime/mcp/tools/vault/) with the vault SVC_VAULT_PATH names.
 */
import type { ToolCommandEntry } from "./tool-command.js";

export const vaultCommandEntries: readonly ToolCommandEntry[] = [
  { tool: "list_vault_notes", command: ["vault", "list"], positionals: ["folder"] },
  { tool: "read_vault_note", command: ["vault", "read"], positionals: ["path"] },
  { tool: "search_vault", command: ["vault", "search"], positionals: ["query"] },
  { tool: "write_vault_note", command: ["vault", "write"], positionals: ["path"] },
  { tool: "link_vault_note", command: ["vault", "link"], positionals: ["note", "node"] },
  { tool: "plan_vault_note", command: ["vault", "plan"], positionals: ["path"] },
  { tool: "apply_vault_note", command: ["vault", "apply"], positionals: ["path"] },
];
