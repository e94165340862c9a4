/**
 * The single catalog of diagnostics. A code is stable once published: tools and CI match on it.
 * Templates name their arguments in braces; `diagnostic()` fills them.
 * Sections follow the phase that reports them; add new codes to the section of their phase.
 */
import type { Severity } from "./diagnostic.js";

interface CatalogEntry {
  severity: Severity;
  message: string;
}

function entry(severity: Severity, message: string): CatalogEntry {
  return { severity, message };
}

export const messages = {
  // ── files and input ────────────────────────────────────────────────────────
  "file-not-found": entry("error", "cannot read '{path}': no such file"),
  "file-unreadable": entry("error", "cannot read '{path}': {reason}"),
  "invalid-utf8": entry("error", "the file is not valid UTF-8 text (first bad byte at offset {offset})"),

  // ── lexing and parsing (grammar/) ──────────────────────────────────────────

  // ── resolve (compiler/resolve) ─────────────────────────────────────────────

  // ── check (compiler/check) ─────────────────────────────────────────────────

  // ── live environment (verify after apply) ──────────────────────────────────
} as const satisfies Record<string, CatalogEntry>;

export type DiagnosticCode = keyof typeof messages;
