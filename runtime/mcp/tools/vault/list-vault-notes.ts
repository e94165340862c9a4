import { z } from "zod";
import { DEFAULT_LIST_RESULTS, MAX_LIST_RESULTS } from "../../../vault/limits.js";
import { defineTool } from "../registry.js";
import { success } from "../result.js";
import { folderPath, withVault } from "./vault-tool.js";

export const listVaultNotes = defineTool({
  name: "list_vault_notes",
  title: "List the vault's notes",
  description:
    "List the Markdown notes of the vault (SVC_VAULT_PATH) in path order, with size and modification time; links and hidden folders are never followed. Bounded; says when it is incomplete.",
  input: {
    folder: folderPath,
    limit: z.number().int().min(1).max(MAX_LIST_RESULTS).default(DEFAULT_LIST_RESULTS).describe("most notes to list"),
  },
  output: {
    notes: z.array(z.object({ path: z.string(), bytes: z.number(), modified: z.string() })),
    complete: z.boolean().describe("false when the limit, the entry cap or the depth cap left notes out"),
    links_skipped: z.number(),
    too_deep: z.number(),
    entries_capped: z.boolean(),
  },
  annotations: { readOnlyHint: true, openWorldHint: false },
  profiles: ["safe"],
  async handler({ folder, limit }) {
    return withVault(async (vault) => {
      const { listNotes } = await import("../../../vault/notes.js");
      const list = listNotes(vault, folder, limit);
      const lines = list.notes.map((n) => n.path);
      const tail = list.complete
        ? ""
        : `\n(incomplete: more notes than shown${list.links_skipped ? `; ${list.links_skipped} link(s) not followed` : ""})`;
      return success(list, `${list.notes.length} note(s)${lines.length ? `:\n${lines.join("\n")}` : ""}${tail}`);
    });
  },
});
