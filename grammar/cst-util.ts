/**
 * Small helpers for reading chevrotain's CST and turning token positions into source ranges, shared
 * by the CST-to-AST builders.
 */
import type { CstElement, CstNode, IToken } from "chevrotain";
import { diagnostic, type Diagnostic, type DiagnosticCode, type MessageArgs } from "../compiler/diagnostics/index.js";
import type { SourceRange } from "../compiler/diagnostics/source-range.js";
import type { Identifier } from "./ast.js";

export function isCstNode(e: CstElement): e is CstNode {
  return (e as CstNode).children !== undefined;
}

export function tokensOf(node: CstNode, key: string): IToken[] {
  return (node.children[key] as IToken[] | undefined) ?? [];
}

export function tokenOf(node: CstNode, key: string): IToken | undefined {
  return tokensOf(node, key)[0];
}

export function nodesOf(node: CstNode, key: string): CstNode[] {
  return (node.children[key] as CstNode[] | undefined) ?? [];
}

export function nodeOf(node: CstNode, key: string): CstNode | undefined {
  return nodesOf(node, key)[0];
}

/** A token chevrotain made up during recovery has no position. */
export function isRealToken(t: IToken | undefined): t is IToken {
  return t !== undefined && !t.isInsertedInRecovery && Number.isFinite(t.startOffset);
}

export function tokenRange(t: IToken): SourceRange {
  return {
    start: { line: t.startLine ?? 1, column: t.startColumn ?? 1, offset: t.startOffset },
    end: { line: t.endLine ?? 1, column: (t.endColumn ?? 0) + 1, offset: (t.endOffset ?? t.startOffset) + 1 },
  };
}

/** A zero-width range just after a token (where something missing should have been written). */
export function rangeAfter(t: IToken): SourceRange {
  const end = tokenRange(t).end;
  return { start: end, end };
}

/** Every real token under a CST node, in source order. */
export function tokensUnder(node: CstNode, out: IToken[] = []): IToken[] {
  for (const list of Object.values(node.children)) {
    for (const e of list) {
      if (isCstNode(e)) tokensUnder(e, out);
      else if (isRealToken(e)) out.push(e);
    }
  }
  return out;
}

export function firstToken(node: CstNode): IToken | undefined {
  return tokensUnder(node).sort((a, b) => a.startOffset - b.startOffset)[0];
}

/** The range a CST node covers; uses chevrotain's location when it is complete. */
export function nodeRange(node: CstNode, fallback: SourceRange): SourceRange {
  const loc = node.location;
  if (
    loc !== undefined &&
    Number.isFinite(loc.startOffset) &&
    Number.isFinite(loc.endOffset) &&
    loc.startLine !== undefined &&
    loc.endLine !== undefined &&
    Number.isFinite(loc.startLine) &&
    Number.isFinite(loc.endLine)
  ) {
    return {
      start: { line: loc.startLine, column: loc.startColumn ?? 1, offset: loc.startOffset },
      end: { line: loc.endLine, column: (loc.endColumn ?? 0) + 1, offset: (loc.endOffset ?? loc.startOffset) + 1 },
    };
  }
  const toks = tokensUnder(node).sort((a, b) => a.startOffset - b.startOffset);
  if (toks.length === 0) return fallback;
  return { start: tokenRange(toks[0]!).start, end: tokenRange(toks[toks.length - 1]!).end };
}

/** Collects diagnostics for one file while the AST is built. */
export class BuildContext {
  readonly diagnostics: Diagnostic[] = [];

  constructor(readonly file: string | undefined) {}

  report(code: DiagnosticCode, range: SourceRange, args: MessageArgs = {}, help: string[] = []): void {
    this.diagnostics.push(diagnostic(code, range, args, this.file === undefined ? { help } : { file: this.file, help }));
  }

  identifier(t: IToken | undefined, fallback: SourceRange): Identifier {
    if (!isRealToken(t)) return { kind: "Identifier", name: "", range: fallback };
    return { kind: "Identifier", name: t.image, range: tokenRange(t) };
  }
}

/** How a token reads in a message: `'foo'`, `the string "x"`, `end of file`. */
export function describeToken(t: IToken): string {
  const name = t.tokenType.name;
  if (name === "EOF") return "end of file";
  const image = t.image.length > 30 ? `${t.image.slice(0, 30)}…` : t.image;
  switch (name) {
    case "StringLit":
      return `string ${image}`;
    case "NumberLit":
    case "Dimensions":
      return `number '${image}'`;
    case "TextBlock":
      return "text block";
    case "Expression":
      return `expression '${image.split("\n")[0]}'`;
    default:
      return `'${image}'`;
  }
}
