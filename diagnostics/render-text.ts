import type { Diagnostic } from "./diagnostic.js";

export interface RenderTextOptions {
  /** The source the diagnostic points into; without it only the header and help are printed. */
  source?: string;
  /** ANSI colour for terminals; off when piped. */
  color?: boolean;
}

const ANSI = {
  red: "\u001b[31m",
  yellow: "\u001b[33m",
  blue: "\u001b[34m",
  cyan: "\u001b[36m",
  bold: "\u001b[1m",
  dim: "\u001b[2m",
  reset: "\u001b[0m",
};

/** Long lines are cut around the caret so a 1 MB line does not flood a terminal. */
const MAX_FRAME_WIDTH = 160;

function lineAt(source: string, lineNumber: number): string | undefined {
  let start = 0;
  for (let n = 1; n < lineNumber; n++) {
    const next = source.indexOf("\n", start);
    if (next < 0) return undefined;
    start = next + 1;
  }
  let end = source.indexOf("\n", start);
  if (end < 0) end = source.length;
  return source.slice(start, end).replace(/\r$/, "");
}

/** Makes a line printable: tabs become one space so the caret lines up, control bytes become '?'. */
function printable(text: string): string {
  return text.replace(/\t/g, " ").replace(/[\u0000-\u001f\u007f]/g, "?");
}

/**
 * A code frame for people:
 *
 *   error[unknown-parameter]: 'noiseTOP' has no parameter 'resolutionx'
 *    --> tunnel.svcnet:3:22
 *     |
 *   3 |   noise1: noiseTOP { resolutionx: 1280 }
 *     |                      ^^^^^^^^^^^
 *     = help: did you mean 'resolutionw'?
 */
export function renderText(d: Diagnostic, options: RenderTextOptions = {}): string {
  const c = options.color
    ? (code: keyof typeof ANSI, s: string) => `${ANSI[code]}${s}${ANSI.reset}`
    : (_code: keyof typeof ANSI, s: string) => s;
  const sevColor = d.severity === "error" ? "red" : d.severity === "warning" ? "yellow" : "blue";
  const out: string[] = [];
  out.push(`${c(sevColor, `${d.severity}[${d.code}]`)}${c("bold", `: ${d.message}`)}`);
  const where = `${d.file ?? "<input>"}:${d.range.start.line}:${d.range.start.column}`;
  const gutterWidth = String(d.range.start.line).length;
  const pad = " ".repeat(gutterWidth);
  out.push(`${pad}${c("cyan", "-->")} ${where}`);
  const line = options.source === undefined ? undefined : lineAt(options.source, d.range.start.line);
  if (line !== undefined) {
    const startCol = d.range.start.column - 1;
    const sameLine = d.range.end.line === d.range.start.line;
    let width = sameLine ? d.range.end.column - d.range.start.column : line.length - startCol;
    width = Math.max(1, Math.min(width, Math.max(1, line.length - startCol)));
    let shown = line;
    let caretCol = startCol;
    if (shown.length > MAX_FRAME_WIDTH) {
      const from = Math.max(0, startCol - 40);
      shown = (from > 0 ? "…" : "") + shown.slice(from, from + MAX_FRAME_WIDTH) + "…";
      caretCol = startCol - from + (from > 0 ? 1 : 0);
      width = Math.min(width, MAX_FRAME_WIDTH - (caretCol - (from > 0 ? 1 : 0)));
    }
    out.push(`${pad} ${c("cyan", "|")}`);
    out.push(`${c("cyan", `${d.range.start.line} |`)} ${printable(shown)}`);
    out.push(
      `${pad} ${c("cyan", "|")} ${" ".repeat(Math.max(0, caretCol))}${c(sevColor, "^".repeat(Math.max(1, width)))}`,
    );
  }
  for (const h of d.help) out.push(`${pad} ${c("cyan", "=")} ${c("bold", "help")}: ${h}`);
  return out.join("\n");
}

/** All diagnostics, a blank line apart, with a closing count. */
export function renderTextAll(
  diagnostics: readonly Diagnostic[],
  sources: ReadonlyMap<string, string> = new Map(),
  color = false,
): string {
  const parts = diagnostics.map((d) => {
    const source = d.file === undefined ? undefined : sources.get(d.file);
    return renderText(d, source === undefined ? { color } : { source, color });
  });
  const errors = diagnostics.filter((d) => d.severity === "error").length;
  const warnings = diagnostics.filter((d) => d.severity === "warning").length;
  if (diagnostics.length > 0)
    parts.push(`${errors} error${errors === 1 ? "" : "s"}, ${warnings} warning${warnings === 1 ? "" : "s"}`);
  return parts.join("\n\n");
}
