/**
 * Where a problem of an imported recipe is: the JSON path of the field (`$.nodes[2].type`) and its
 * range in the file. Every importer diagnostic names both, so a person sees a code frame of the JSON
 * and a tool can address the field.
 */
import {
  diagnosticFromCheckedArgs,
  type Diagnostic,
  type DiagnosticCode,
  type DiagnosticExtras,
  type MessageArgs,
  type MessageArgsOf,
} from "../../../diagnostics/index.js";
import type { SourceRange } from "../../../diagnostics/source-range.js";

export interface Where {
  /** JSONPath of the field: `$`, `$.nodes[2].type`, `$.glsl_code["my shader"]`. */
  path: string;
  range: SourceRange;
}

export interface Located<T> {
  value: T;
  at: Where;
}

const PLAIN_KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The JSONPath of a member of `parent`. */
export function childPath(parent: string, key: string | number): string {
  if (typeof key === "number") return `${parent}[${key}]`;
  return PLAIN_KEY.test(key) ? `${parent}.${key}` : `${parent}[${JSON.stringify(key)}]`;
}

/** The arguments of a code's message other than `{at}` (the report fills it), optional when there are none. */
type ArgsBesidesAt<Code extends DiagnosticCode> = keyof Omit<MessageArgsOf<Code>, "at"> extends never
  ? [args?: Omit<MessageArgsOf<Code>, "at">, extras?: Omit<DiagnosticExtras, "file">]
  : [args: Omit<MessageArgsOf<Code>, "at">, extras?: Omit<DiagnosticExtras, "file">];

/** Collects the diagnostics of one imported file. */
export class Report {
  readonly diagnostics: Diagnostic[] = [];
  constructor(readonly file: string) {}

  /** Adds a diagnostic at a field; `{at}` in the message is the field's JSON path. */
  add<Code extends DiagnosticCode>(code: Code, where: Where, ...[args, extras]: ArgsBesidesAt<Code>): void {
    const filled: MessageArgs = { at: where.path, ...args };
    this.diagnostics.push(diagnosticFromCheckedArgs(code, where.range, filled, { ...extras, file: this.file }));
  }

  hasErrors(): boolean {
    return this.diagnostics.some((d) => d.severity === "error");
  }
}
