/**
 * Every way a vault call can be refused, as one coded error: the code is stable (tools and scripts
 * match on it), the message names the note or folder, and `help` says what to do instead.
 */
import { CodedError } from "../artifacts/coded-error.js";

export type VaultErrorCode =
  | "vault-not-configured"
  | "vault-path-not-absolute"
  | "vault-missing"
  | "vault-not-a-folder"
  | "vault-path-invalid"
  | "vault-path-absolute"
  | "vault-path-escapes"
  | "vault-path-hidden"
  | "vault-not-markdown"
  | "vault-symlink"
  | "vault-not-a-file"
  | "vault-note-not-found"
  | "vault-note-exists"
  | "vault-note-too-large"
  | "vault-note-not-text"
  | "vault-note-changed"
  | "vault-changed-during-write"
  | "vault-front-matter-invalid";

export class VaultError extends CodedError {
  constructor(
    override readonly code: VaultErrorCode,
    message: string,
    readonly help: string,
    details: Record<string, unknown> = {},
  ) {
    super(code, message, { ...details, help });
  }
}

export function isVaultError(err: unknown): err is VaultError {
  return err instanceof VaultError;
}
