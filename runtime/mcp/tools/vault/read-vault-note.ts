import { z } from "zod";
import { defineTool } from "../registry.js";
import { success } from "../result.js";
import { notePath, withVault } from "./vault-tool.js";

export const readVaultNote = defineTool({
  name: "read_vault_note",
  title: "Read a vault note",
  description:
    "Read one Markdown note of the vault: its text, SHA-256 (for a later write_vault_note), front matter, the operators it names (`nodes`) and its svcnet blocks. Links, binary files and notes over 1 MB are refused.",
  input: { path: notePath() },
  output: {
    path: z.string(),
    text: z.string(),
    bytes: z.number(),
    sha256: z.string(),
    modified: z.string(),
    front_matter: z.record(z.string(), z.unknown()),
    front_matter_error: z.string().optional(),
    nodes: z.array(z.string()),
    svcnet_blocks: z.array(z.object({ index: z.number(), first_line: z.number(), last_line: z.number() })),
    body_line: z.number(),
  },
  annotations: { readOnlyHint: true, openWorldHint: false },
  profiles: ["safe"],
  async handler({ path }) {
    return withVault(async (vault) => {
      const { readNote } = await import("../../../vault/notes.js");
      const note = readNote(vault, path);
      return success(note, note.text);
    });
  },
});
