/**
 * A network name written as a path or several words is one mistake, said once: what the lexer
 * found inside it ('-', '3d' as a number) is part of it.
 */
function dropInsideBadNetworkNames(ctx: BuildContext): void {
  const names = ctx.diagnostics.filter((d) => d.code === "invalid-network-name");
  if (names.length === 0) return;
  const inside = (d: Diagnostic) =>
    d.code !== "invalid-network-name" &&
    names.some((n) => d.range.start.offset >= n.range.start.offset && d.range.end.offset <= n.range.end.offset);
  const kept = ctx.diagnostics.filter((d) => !inside(d));
  ctx.diagnostics.splice(0, ctx.diagnostics.length, ...kept);
}

/**
 * `parse(text)`: the one entry point from text to AST. It never throws: every problem is a
 * diagnostic, and the AST is always returned (best effort when there are errors).
 */
import { capDiagnostics, diagnostic, sortDiagnostics, type Diagnostic } from "../diagnostics/index.js";
import { NO_RANGE } from "../diagnostics/source-range.js";
import type { Program } from "./ast.js";
import { checkBrackets, endOfContent } from "./brackets.js";
import { attachComments } from "./comments.js";
import { buildProgram } from "./cst-to-ast.js";
import { BuildContext, tokenRange } from "./cst-util.js";
import { lex } from "./lexer.js";
import { reportParseErrors } from "./parse-diagnostics.js";
import { parseTokens } from "./parser.js";

export interface ParseResult {
  ast: Program;
  diagnostics: Diagnostic[];
}

export function emptyProgram(): Program {
  return { kind: "Program", version: null, imports: [], networks: [], recipes: [], layout: null, range: NO_RANGE };
}

export function parse(text: string, file?: string): ParseResult {
  try {
    const result = parseUnsafe(text, file);
    return { ast: result.ast, diagnostics: capDiagnostics(result.diagnostics) };
  } catch (err) {
    // A bug in the parser must still not take down an editor or an MCP tool: report it as one.
    const reason = err instanceof Error ? err.message : String(err);
    const extras =
      file === undefined
        ? { help: ["please report this with the file that caused it"] }
        : { file, help: ["please report this with the file that caused it"] };
    return { ast: emptyProgram(), diagnostics: [diagnostic("parser-internal-error", NO_RANGE, { reason }, extras)] };
  }
}

function parseUnsafe(text: string, file: string | undefined): ParseResult {
  const lexed = lex(text, file);
  const ctx = new BuildContext(file, lexed.tokens, text);
  ctx.diagnostics.push(...lexed.diagnostics);

  if (lexed.tokens.length === 0) {
    const ast = emptyProgram();
    if (lexed.diagnostics.length === 0) {
      ctx.report("empty-file", NO_RANGE, {}, [
        "a .svcnet file starts with 'svcnet 1' followed by a network: network main { ... }",
      ]);
    }
    if (lexed.comments.length > 0) ast.comments = { dangling: [...lexed.comments] };
    return { ast, diagnostics: sortDiagnostics(ctx.diagnostics) };
  }

  const brackets = checkBrackets(ctx, lexed.tokens, text);
  dropConsequencesOfOpenText(ctx);
  if (brackets.tooDeep) return { ast: emptyProgram(), diagnostics: sortDiagnostics(ctx.diagnostics) };
  const tree = parseTokens(lexed.tokens);
  const ast = buildProgram(ctx, tree.cst);
  dropInsideBadNetworkNames(ctx);
  if (tree.errors.length > 0) reportParseErrors(ctx, tree.errors, brackets, endOfContent(text));

  if (
    ast.version === null &&
    !ctx.diagnostics.some(
      (d) =>
        d.code === "misplaced-version-header" ||
        (d.code === "unexpected-token" && d.range.start.offset === lexed.tokens[0]!.startOffset),
    )
  ) {
    const first = tokenRange(lexed.tokens[0]!);
    ctx.report("missing-version-header", { start: first.start, end: first.start }, {}, [
      "add 'svcnet 1' as the first line of the file",
    ]);
  }
  attachComments(ast, lexed.comments);
  return { ast, diagnostics: sortDiagnostics(ctx.diagnostics) };
}

/**
 * A text block that is never closed swallows the rest of the file, so the blocks around it seem
 * unclosed too. Those follow-on reports would only bury the real one.
 */
function dropConsequencesOfOpenText(ctx: BuildContext): void {
  const block = ctx.diagnostics.find((d) => d.code === "unterminated-text-block");
  // A string left open swallows the brackets after it on its line in the same way.
  const stringLines = new Set(
    ctx.diagnostics.filter((d) => d.code === "unterminated-string").map((d) => d.range.start.line),
  );
  const keep = ctx.diagnostics.filter((d) => {
    if (d.code !== "unclosed-block" && d.code !== "unclosed-bracket") return true;
    if (block !== undefined && d.range.start.offset >= block.range.start.offset) return false;
    return !stringLines.has(d.range.start.line);
  });
  ctx.diagnostics.splice(0, ctx.diagnostics.length, ...keep);
}
