/**
 * Where a problem of an imported recipe is: the JSON path of the field (`$.nodes[2].type`) and its
 * range in the file. Every importer diagnostic names both, so a person sees a code frame of the JSON
 * and a tool can address the field.
 */
import {
  diagnostic,
  type Diagnostic,
  type DiagnosticCode,
  type DiagnosticExtras,
  type MessageArgs,
} from "../../diagnostics/index.js";
import type { SourceRange } from "../../diagnostics/source-range.js";

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

/** Collects the diagnostics of one imported file. */
export class Report {
  readonly diagnostics: Diagnostic[] = [];
  constructor(readonly file: string) {}

  /** Adds a diagnostic at a field; `{at}` in the message is the field's JSON path. */
  add(code: DiagnosticCode, where: Where, args: MessageArgs = {}, extras: Omit<DiagnosticExtras, "file"> = {}): void {
    this.diagnostics.push(diagnostic(code, where.range, { at: where.path, ...args }, { ...extras, file: this.file }));
  }

  hasErrors(): boolean {
    return this.diagnostics.some((d) => d.severity === "error");
  }
}
