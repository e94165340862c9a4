/**
 * What every vault tool shares: the note-path argument, and turning the vault's coded refusals into
 * tool failures that carry their code and what to do (`details.help`). Light: loaded at start-up.
 */
import { z } from "zod";
import { MAX_NOTE_PATH_CHARS } from "../../../vault/limits.js";
import { isVaultError } from "../../../vault/vault-error.js";
import { openVault, type Vault } from "../../../vault/vault-root.js";
import { failure, type ToolOutcome } from "../result.js";

export function notePath(what = "the note's path inside the vault, e.g. 'shows/tunnel.md'") {
  return z.string().min(1).max(MAX_NOTE_PATH_CHARS).describe(what);
}

export const folderPath = z
  .string()
  .min(1)
  .max(MAX_NOTE_PATH_CHARS)
  .optional()
  .describe("only notes below this folder of the vault");

/** Runs `work` on the vault SVC_VAULT_PATH names; a vault refusal becomes the tool's coded failure. */
export async function withVault<T>(
  work: (vault: Vault) => Promise<ToolOutcome<T>> | ToolOutcome<T>,
): Promise<ToolOutcome<T>> {
  try {
    return await work(openVault(process.env));
  } catch (err) {
    if (!isVaultError(err)) throw err;
    return failure(err.code, `${err.message}; ${err.help}`, { details: err.details });
  }
}
