/**
 * The vault: the folder SVC_VAULT_PATH names. Its own path is the artist's setting and may pass
 * through links (a synced folder often does), so it is resolved once; below it nothing may be a link.
 */
import { realpathSync, statSync } from "node:fs";
import { isAbsolute } from "node:path";
import { VaultError } from "./vault-error.js";

export interface Vault {
  /** As configured. */
  configured: string;
  /** Its real location, links resolved: every path svc touches starts here. */
  real: string;
}

const SETUP_HELP =
  "set SVC_VAULT_PATH to the absolute path of a folder of Markdown notes (for example in ~/.svc/env: SVC_VAULT_PATH=/home/me/notes), then run 'svc doctor --fix' to create it";

/** The configured vault, checked: set, absolute, existing, a folder. */
export function openVault(env: NodeJS.ProcessEnv): Vault {
  const configured = env.SVC_VAULT_PATH?.trim();
  if (!configured) throw new VaultError("vault-not-configured", "no vault: SVC_VAULT_PATH is not set", SETUP_HELP);
  if (!isAbsolute(configured)) {
    throw new VaultError(
      "vault-path-not-absolute",
      `SVC_VAULT_PATH must be an absolute path, not '${configured}'`,
      SETUP_HELP,
    );
  }
  let real: string;
  try {
    real = realpathSync(configured);
  } catch {
    throw new VaultError(
      "vault-missing",
      `the vault folder ${configured} does not exist`,
      "run 'svc doctor --fix' to create it, or point SVC_VAULT_PATH at an existing folder",
    );
  }
  if (!statSync(real).isDirectory()) {
    throw new VaultError(
      "vault-not-a-folder",
      `the vault ${configured} is not a folder`,
      "point SVC_VAULT_PATH at a folder of Markdown notes",
    );
  }
  return { configured, real };
}
