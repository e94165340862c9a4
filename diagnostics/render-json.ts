import type { Diagnostic } from "./diagnostic.js";

/** The JSON shape MCP tools and CI read; the same facts as the text rendering. */
export interface DiagnosticJson {
  code: string;
  severity: string;
  message: string;
  file: string | null;
  range: {
    start: { line: number; column: number; offset: number };
    end: { line: number; column: number; offset: number };
  };
  help: string[];
  suggestions: { title: string; replacement: string; range?: DiagnosticJson["range"] }[];
}

export function toJson(d: Diagnostic): DiagnosticJson {
  return {
    code: d.code,
    severity: d.severity,
    message: d.message,
    file: d.file ?? null,
    range: { start: { ...d.range.start }, end: { ...d.range.end } },
    help: [...d.help],
    suggestions: d.suggestions.map((s) =>
      s.range === undefined
        ? { title: s.title, replacement: s.replacement }
        : {
            title: s.title,
            replacement: s.replacement,
            range: { start: { ...s.range.start }, end: { ...s.range.end } },
          },
    ),
  };
}

export function renderJson(diagnostics: readonly Diagnostic[]): string {
  return JSON.stringify(diagnostics.map(toJson), null, 2);
}
