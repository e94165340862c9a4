import type { SourceRange } from "./source-range.js";
import { messages, type DiagnosticCode, type MessageArgsOf } from "./messages.js";
import type { Severity } from "./severity.js";
import { stepForPeople, type NextStep } from "./next-step.js";

export type { Severity } from "./severity.js";

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
  /** A next step that names a tool (next-step.ts): its help line is phrased for the terminal. */
  nextStep?: NextStep;
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
  /** A next step naming a tool: added to the help, phrased for the terminal (`forAssistant` rephrases it). */
  nextStep?: NextStep;
}

/**
 * The arguments `diagnostic()` takes after the range for a code: optional when its message has no
 * `{argument}`, else exactly the ones it names.
 */
export type ArgsAndExtras<
  Code extends DiagnosticCode,
  Extras = DiagnosticExtras,
> = keyof MessageArgsOf<Code> extends never
  ? [args?: Record<string, never>, extras?: Extras]
  : [args: MessageArgsOf<Code>, extras?: Extras];

/**
 * Builds a diagnostic from the catalog, filling the message template with `args`. The arguments are
 * typed by the template: a missing or misspelt one is a compile error, not a `{key}` left in the text.
 */
export function diagnostic<Code extends DiagnosticCode>(
  code: Code,
  range: SourceRange,
  ...[args, extras]: ArgsAndExtras<Code>
): Diagnostic {
  return diagnosticFromCheckedArgs(code, range, args ?? {}, extras ?? {});
}

/**
 * `diagnostic()` for helpers that take a code and its arguments themselves and have already typed
 * them with `MessageArgsOf` / `ArgsAndExtras` (the type checker cannot follow a generic code through).
 */
export function diagnosticFromCheckedArgs(
  code: DiagnosticCode,
  range: SourceRange,
  args: MessageArgs,
  extras: DiagnosticExtras = {},
): Diagnostic {
  const entry = messages[code];
  const d: Diagnostic = {
    code,
    severity: extras.severity ?? entry.severity,
    message: fill(entry.message, args),
    range,
    help:
      extras.nextStep === undefined ? (extras.help ?? []) : [...(extras.help ?? []), stepForPeople(extras.nextStep)],
    suggestions: extras.suggestions ?? [],
  };
  if (extras.file !== undefined) d.file = extras.file;
  if (extras.nextStep !== undefined) d.nextStep = extras.nextStep;
  return d;
}

/** The same diagnostic, said of `file` (scanners find problems before they know the file). */
export function inFile(d: Diagnostic, file: string | undefined): Diagnostic {
  return file === undefined ? d : { ...d, file };
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
