/**
 * `svc doctor`'s vault check: SVC_VAULT_PATH set to an absolute path of a writable folder, with how
 * many notes the vault tools see in it. `--fix` creates the folder when it is missing.
 */
import { accessSync, constants, existsSync, mkdirSync } from "node:fs";
import { isAbsolute } from "node:path";
import type { Check, CheckResult } from "./check.js";
import { vaultPath } from "./places.js";

const ID = "vault";

export function vaultCheck(env: NodeJS.ProcessEnv): Check {
  const dir = vaultPath(env);
  return {
    id: ID,
    async run(): Promise<CheckResult> {
      if (dir === undefined)
        return {
          id: ID,
          status: "skip",
          detail: "SVC_VAULT_PATH is not set (no vault)",
          hint: "set SVC_VAULT_PATH to a folder of Markdown notes to use the vault tools",
        };
      if (!isAbsolute(dir))
        return {
          id: ID,
          status: "fail",
          detail: `SVC_VAULT_PATH '${dir}' is not an absolute path`,
          hint: "set SVC_VAULT_PATH to the vault's absolute path",
        };
      if (!existsSync(dir))
        return { id: ID, status: "fail", detail: `the vault ${dir} does not exist`, fixable: `create ${dir}` };
      const [{ openVault }, { listNotes }, { isVaultError }] = await Promise.all([
        import("../vault/vault-root.js"),
        import("../vault/notes.js"),
        import("../vault/vault-error.js"),
      ]);
      try {
        const vault = openVault(env);
        const list = listNotes(vault, undefined, 1000);
        const count = `${list.notes.length}${list.complete ? "" : "+"} note${list.notes.length === 1 ? "" : "s"}`;
        const links = list.links_skipped > 0 ? `; ${list.links_skipped} link(s) inside it are never followed` : "";
        try {
          accessSync(vault.real, constants.W_OK);
        } catch {
          return {
            id: ID,
            status: "warn",
            detail: `the vault ${dir} (${count}) is not writable`,
            hint: "write_vault_note and link_vault_note need to write there: change the folder's permissions",
          };
        }
        return {
          id: ID,
          status: "ok",
          detail: `the vault ${dir}${vault.real === dir ? "" : ` (${vault.real})`}: ${count}${links}`,
        };
      } catch (err) {
        if (!isVaultError(err)) throw err;
        return { id: ID, status: "fail", detail: err.message, hint: err.help };
      }
    },
    async fix() {
      if (dir !== undefined && isAbsolute(dir) && !existsSync(dir)) mkdirSync(dir, { recursive: true });
    },
  };
}
