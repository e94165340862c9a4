import type { SourceRange } from "./source-range.js";
import { messages, type DiagnosticCode } from "./messages.js";

export type Severity = "error" | "warning" | "info";

/** A concrete edit that would fix the problem (for editors and assistants). */
export interface Suggestion {
  /** What the fix does, in words ("replace with 'resolutionw'"). */
  title: string;
  /** Replacement text for `range` (the diagnostic's range when absent). */
  replacement: string;
  range?: SourceRange;
}

/** Every problem svc finds is one of these: never an exception. */
export interface Diagnostic {
  code: DiagnosticCode;
  severity: Severity;
  message: string;
  /** The file the range points into, when there is one. */
  file?: string;
  range: SourceRange;
  /** Plain-language hints: the closest names, the valid entries, the allowed range. */
  help: string[];
  suggestions: Suggestion[];
}

export type MessageArgs = Record<string, string | number>;

function fill(template: string, args: MessageArgs): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in args ? String(args[key]) : whole));
}

export interface DiagnosticExtras {
  file?: string;
  help?: string[];
  suggestions?: Suggestion[];
  /** Overrides the catalog severity (a rule that is a warning in one context). */
  severity?: Severity;
}

/** Builds a diagnostic from the catalog, filling the message template with `args`. */
export function diagnostic(
  code: DiagnosticCode,
  range: SourceRange,
  args: MessageArgs = {},
  extras: DiagnosticExtras = {},
): Diagnostic {
  const entry = messages[code];
  const d: Diagnostic = {
    code,
    severity: extras.severity ?? entry.severity,
    message: fill(entry.message, args),
    range,
    help: extras.help ?? [],
    suggestions: extras.suggestions ?? [],
  };
  if (extras.file !== undefined) d.file = extras.file;
  return d;
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === "error");
}

/** Stable order for output: by file, then position, then code. */
export function sortDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return [...diagnostics].sort(
    (a, b) =>
      (a.file ?? "").localeCompare(b.file ?? "") ||
      a.range.start.offset - b.range.start.offset ||
      a.code.localeCompare(b.code),
  );
}
