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
  "empty-file": entry("error", "the file has no statements"),
  "missing-version-header": entry("error", "the file does not start with the version header 'svcnet 1'"),
  "unsupported-version": entry("error", "this svc reads .svcnet version 1, not version {version}"),
  "misplaced-version-header": entry("error", "the version header must be the first statement of the file"),
  "unexpected-character": entry("error", "unexpected character {char}"),
  "unterminated-string": entry("error", "the string is not closed on this line"),
  "invalid-escape": entry("error", "'{escape}' is not an escape sequence"),
  "invalid-number": entry("error", "'{text}' is not a number"),
  "invalid-colour": entry("error", "'{text}' is not a colour"),
  "unterminated-text-block": entry("error", "the text block opened at {line}:{column} is never closed"),
  "text-block-indentation": entry("error", "this line is indented less than the closing {fence} of its text block"),
  "invalid-text-block": entry("error", "only a language name may follow the opening {fence} of a text block"),
  "empty-expression": entry("error", "'=' must be followed by a Python expression"),
  "unclosed-expression-bracket": entry("error", "'{bracket}' in the Python expression is not closed on this line"),
  "unexpected-token": entry("error", "unexpected {found}: expected {expected}"),
  "unclosed-block": entry("error", "expected '}' to close {what} opened at {line}:{column}"),
  "unclosed-bracket": entry("error", "expected '{closer}' to close the '{opener}' opened at {line}:{column}"),
  "unmatched-bracket": entry("error", "'{bracket}' closes nothing: no '{opener}' is open here"),
  "incomplete-wire": entry("error", "the wire from '{from}' stops at '->' without a target"),
  "missing-operator-type": entry("error", "node '{name}' needs an operator type after ':'"),
  "missing-value": entry("error", "'{name}' has no value after ':'"),
  "invalid-wire-index": entry("error", "'{text}' is not a connector index"),
  "unknown-flag": entry("error", "'{name}' is not a node flag"),
  "invalid-flag-value": entry("error", "flag '{name}' takes {expected}"),
  "duplicate-entry": entry("error", "'{name}' is written twice in {where}"),
  "unknown-declaration-type": entry("error", "'{type}' is not a {what} type"),
  "invalid-range": entry("error", "the range {min}..{max} is empty: its minimum is larger than its maximum"),
  "params-outside-recipe": entry("error", "a 'params' block belongs in a recipe"),
  "misplaced-controls": entry("error", "'controls' belongs in a network block, not among a node's parameters"),
  "statement-outside-network": entry("error", "{what} must be inside a network or a recipe"),
  "invalid-layout-entry": entry("error", "a pinned position is two numbers: (x, y)"),
  "missing-declaration-type": entry("error", "'{name}' needs a type after ':'"),
  "parser-internal-error": entry("error", "the parser failed on this file: {reason}"),

  // ── resolve (compiler/resolve) ─────────────────────────────────────────────

  // ── check (compiler/check) ─────────────────────────────────────────────────

  // ── live environment (verify after apply) ──────────────────────────────────
} as const satisfies Record<string, CatalogEntry>;

export type DiagnosticCode = keyof typeof messages;
