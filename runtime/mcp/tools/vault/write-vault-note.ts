import { z } from "zod";
import { MAX_NOTE_BYTES } from "../../../vault/limits.js";
import { defineTool } from "../registry.js";
import { success } from "../result.js";
import { notePath, withVault } from "./vault-tool.js";

export const writeVaultNote = defineTool({
  name: "write_vault_note",
  title: "Write a vault note",
  description:
    "Create or replace a Markdown note of the vault, atomically (a temporary file renamed over it). Never outside the vault, never through a link; an existing note is replaced only with overwrite or its expected_sha256.",
  input: {
    path: notePath(),
    text: z.string().max(MAX_NOTE_BYTES).describe("the whole note, Markdown"),
    overwrite: z.boolean().default(false).describe("replace the note if it exists"),
    expected_sha256: z
      .string()
      .regex(/^[0-9a-f]{64}$/, "a SHA-256 in lowercase hex, as read_vault_note returns it")
      .optional()
      .describe("replace only if the note still has this content (from read_vault_note)"),
  },
  output: { path: z.string(), bytes: z.number(), sha256: z.string(), created: z.boolean() },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  profiles: [],
  async handler({ path, text, overwrite, expected_sha256 }) {
    return withVault(async (vault) => {
      const { writeNoteFile } = await import("../../../vault/safe-fs.js");
      const w = writeNoteFile(vault, path, text, {
        overwrite,
        ...(expected_sha256 === undefined ? {} : { expectedSha256: expected_sha256 }),
      });
      return success(w, `${w.created ? "created" : "replaced"} ${w.path} (${w.bytes} bytes)`);
    });
  },
});
