/** Document symbols (networks, recipes, nodes, controls) and folding ranges, from the syntax tree. */
import { FoldingRangeKind, SymbolKind, type DocumentSymbol, type FoldingRange } from "vscode-languageserver";
import type * as ast from "../../grammar/ast.js";
import { toLspRange } from "./convert.js";

type Body = ast.Network | ast.InnerNetwork | ast.Recipe;

function declarationSymbol(d: ast.Declaration, kind: SymbolKind): DocumentSymbol {
  return {
    name: d.name.name,
    detail: d.type.name,
    kind,
    range: toLspRange(d.range),
    selectionRange: toLspRange(d.name.range),
  };
}

function bodySymbols(body: Body): DocumentSymbol[] {
  const out: DocumentSymbol[] = [];
  if (body.kind === "Recipe")
    for (const d of body.params?.declarations ?? []) out.push(declarationSymbol(d, SymbolKind.TypeParameter));
  for (const block of body.controls)
    for (const d of block.declarations) out.push(declarationSymbol(d, SymbolKind.Field));
  for (const node of body.nodes) {
    if (node.name.name === "") continue;
    const symbol: DocumentSymbol = {
      name: node.name.name,
      detail: node.type.name,
      kind: node.network === null ? SymbolKind.Object : SymbolKind.Module,
      range: toLspRange(node.range),
      selectionRange: toLspRange(node.name.range),
    };
    if (node.network !== null) symbol.children = bodySymbols(node.network);
    out.push(symbol);
  }
  return out;
}

export function documentSymbols(program: ast.Program): DocumentSymbol[] {
  const top = (body: ast.Network | ast.Recipe, kind: SymbolKind, detail: string): DocumentSymbol => ({
    name: body.name.name || "(unnamed)",
    detail,
    kind,
    range: toLspRange(body.range),
    selectionRange: toLspRange(body.name.range),
    children: bodySymbols(body),
  });
  return [
    ...program.networks.map((n) => top(n, SymbolKind.Namespace, "network")),
    ...program.recipes.map((r) => top(r, SymbolKind.Class, "recipe")),
  ].sort((a, b) => a.range.start.line - b.range.start.line);
}

/** A fold from the block's first line to the line before its last (the closing bracket stays visible). */
function fold(range: ast.SourceRange, out: FoldingRange[], kind?: FoldingRangeKind, keepLast = true): void {
  const start = range.start.line - 1;
  const end = range.end.line - 1 - (keepLast ? 1 : 0);
  if (end > start) out.push({ startLine: start, endLine: end, ...(kind === undefined ? {} : { kind }) });
}

function foldValue(v: ast.Value, out: FoldingRange[]): void {
  if (v.kind === "String" && v.range.end.line > v.range.start.line) fold(v.range, out);
  if (v.kind === "Tuple") for (const item of v.items) foldValue(item, out);
}

function foldBody(body: Body, out: FoldingRange[]): void {
  fold(body.range, out);
  for (const block of body.controls) fold(block.range, out);
  if (body.kind === "Recipe" && body.params !== null) fold(body.params.range, out);
  for (const node of body.nodes) {
    fold(node.range, out);
    for (const p of node.params) foldValue(p.value, out);
    if (node.network !== null) foldBody(node.network, out);
  }
}

/** Blocks, text blocks, the layout block, and runs of two or more comment lines. */
export function foldingRanges(program: ast.Program, comments: readonly ast.Comment[]): FoldingRange[] {
  const out: FoldingRange[] = [];
  for (const body of [...program.networks, ...program.recipes]) foldBody(body, out);
  if (program.layout !== null) fold(program.layout.range, out);
  let run: ast.Comment[] = [];
  const flush = () => {
    if (run.length > 1)
      out.push({
        startLine: run[0]!.range.start.line - 1,
        endLine: run[run.length - 1]!.range.start.line - 1,
        kind: FoldingRangeKind.Comment,
      });
    run = [];
  };
  for (const c of comments) {
    if (run.length > 0 && c.range.start.line !== run[run.length - 1]!.range.start.line + 1) flush();
    run.push(c);
  }
  flush();
  return out.sort((a, b) => a.startLine - b.startLine || a.endLine - b.endLine);
}
