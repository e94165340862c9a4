/**
 * svc diagnostics as LSP diagnostics: the catalog code, the range, the message with its help lines,
 * and the fixes the compiler offers kept in `data` so code actions can offer them as quick fixes.
 * A problem inside an imported file is shown on the import that brought it in, with the real place
 * as a related location (an editor shows a file's problems only when they are that file's own).
 */
import {
  CodeActionKind,
  DiagnosticSeverity,
  type CodeAction,
  type Diagnostic as LspDiagnostic,
  type DiagnosticRelatedInformation,
} from "vscode-languageserver";
import type { Diagnostic, Severity } from "../../diagnostics/index.js";
import type { Program } from "../../grammar/ast.js";
import type { CompilerHost } from "../../compiler/index.js";
import { pathToUri, toLspRange, type LspRange } from "./convert.js";

const SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  info: DiagnosticSeverity.Information,
};

/** What a quick fix needs, carried by the LSP diagnostic. */
interface FixData {
  fixes: { title: string; replacement: string; range: LspRange }[];
}

function messageWithHelp(d: Diagnostic): string {
  return [d.message, ...d.help].join("\n");
}

function toLsp(d: Diagnostic, range: LspRange, related: DiagnosticRelatedInformation[] = []): LspDiagnostic {
  const out: LspDiagnostic = {
    range,
    severity: SEVERITY[d.severity],
    code: d.code,
    source: "svc",
    message: messageWithHelp(d),
  };
  if (related.length > 0) out.relatedInformation = related;
  const data: FixData = {
    fixes: d.suggestions.map((s) => ({
      title: s.title,
      replacement: s.replacement,
      range: toLspRange(s.range ?? d.range),
    })),
  };
  if (data.fixes.length > 0) out.data = data;
  return out;
}

/**
 * The diagnostics to show in the document at `path`: its own, and those of files it imports placed
 * on the import that leads to them.
 */
export function documentDiagnostics(
  path: string,
  ast: Program,
  diagnostics: readonly Diagnostic[],
  host: CompilerHost,
): LspDiagnostic[] {
  const imports = ast.imports.map((imp) => ({ imp, target: host.resolve(path, imp.path.value) }));
  const out: LspDiagnostic[] = [];
  for (const d of diagnostics) {
    if (d.file === undefined || d.file === path) {
      out.push(toLsp(d, toLspRange(d.range)));
      continue;
    }
    const via = imports.find((i) => i.target === d.file) ?? imports[0];
    const related = [{ location: { uri: pathToUri(d.file), range: toLspRange(d.range) }, message: d.message }];
    const shown = toLsp(
      { ...d, suggestions: [], message: `in ${d.file}: ${d.message}` },
      via === undefined
        ? { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }
        : toLspRange(via.imp.path.range),
      related,
    );
    out.push(shown);
  }
  return out;
}

/** Quick fixes for the diagnostics the editor sends back (those the compiler offered a fix for). */
export function quickFixes(uri: string, diagnostics: readonly LspDiagnostic[]): CodeAction[] {
  const actions: CodeAction[] = [];
  for (const d of diagnostics) {
    const data = d.data as FixData | undefined;
    if (data === undefined || !Array.isArray(data.fixes)) continue;
    data.fixes.forEach((fix, i) => {
      actions.push({
        title: fix.title,
        kind: CodeActionKind.QuickFix,
        diagnostics: [d],
        isPreferred: i === 0,
        edit: { changes: { [uri]: [{ range: fix.range, newText: fix.replacement }] } },
      });
    });
  }
  return actions;
}
