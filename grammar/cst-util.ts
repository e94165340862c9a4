/**
 * Small helpers for reading chevrotain's CST and turning token positions into source ranges, shared
 * by the CST-to-AST builders.
 */
import type { CstElement, CstNode, IToken } from "chevrotain";
import {
  diagnosticFromCheckedArgs,
  type Diagnostic,
  type DiagnosticCode,
  type MessageArgsOf,
} from "../diagnostics/index.js";
import type { Position, SourceRange } from "../diagnostics/source-range.js";
import type { Identifier } from "./ast.js";

function isCstNode(e: CstElement): e is CstNode {
  return (e as CstNode).children !== undefined;
}

/**
 * What the parser stores under one key of a CST node's children: the element itself while it is
 * the only one (most keys hold one token or one node), an array once there are several. This
 * saves an array per child, about 200,000 for a 10,000-node file. The helpers below read it;
 * nothing else reads `children` directly.
 */
type CstChild = CstElement | CstElement[];
type CstChildren = Record<string, CstChild | undefined>;

const childrenOf = (node: CstNode) => node.children as unknown as CstChildren;

/** Adds `element` under `key` (the parser's side of the representation above). */
export function addCstChild(node: CstNode, key: string, element: CstElement): void {
  const children = childrenOf(node);
  const present = children[key];
  if (present === undefined) children[key] = element;
  else if (Array.isArray(present)) present.push(element);
  else children[key] = [present, element];
}

/** The elements stored under one key, as an array (a new one when there is a single element). */
function elementsOf(node: CstNode, key: string): CstElement[] | undefined {
  const v = childrenOf(node)[key];
  return v === undefined || Array.isArray(v) ? v : [v];
}

/** The first element under one key, without making an array. */
function firstElementOf(node: CstNode, key: string): CstElement | undefined {
  const v = childrenOf(node)[key];
  return Array.isArray(v) ? v[0] : v;
}

const NONE: never[] = [];

export function tokensOf(node: CstNode, key: string): IToken[] {
  return (elementsOf(node, key) as IToken[] | undefined) ?? NONE;
}

export function tokenOf(node: CstNode, key: string): IToken | undefined {
  return firstElementOf(node, key) as IToken | undefined;
}

export function nodesOf(node: CstNode, key: string): CstNode[] {
  return (elementsOf(node, key) as CstNode[] | undefined) ?? NONE;
}

export function nodeOf(node: CstNode, key: string): CstNode | undefined {
  return firstElementOf(node, key) as CstNode | undefined;
}

/** A token chevrotain made up during recovery has no position. */
export function isRealToken(t: IToken | undefined): t is IToken {
  return t !== undefined && !t.isInsertedInRecovery && Number.isFinite(t.startOffset);
}

/** Tokens keep their range once computed, so every AST node that starts or ends there shares it. */
interface RangedToken extends IToken {
  svcRange?: SourceRange;
}

/**
 * A token's range. The object is shared by every AST node that starts or ends at this token
 * (a 10,000-node tree holds far fewer objects this way): AST ranges are read-only.
 */
export function tokenRange(t: IToken): SourceRange {
  const r = t as RangedToken;
  return (r.svcRange ??= {
    start: { line: t.startLine ?? 1, column: t.startColumn ?? 1, offset: t.startOffset },
    end: { line: t.endLine ?? 1, column: (t.endColumn ?? 0) + 1, offset: (t.endOffset ?? t.startOffset) + 1 },
  });
}

export function tokenStart(t: IToken): Position {
  return tokenRange(t).start;
}

function tokenEnd(t: IToken): Position {
  return tokenRange(t).end;
}

/** A zero-width range just after a token (where something missing should have been written). */
export function rangeAfter(t: IToken): SourceRange {
  const end = tokenRange(t).end;
  return { start: end, end };
}

/** Every real token under a CST node, in source order. */
export function tokensUnder(node: CstNode, out: IToken[] = []): IToken[] {
  const visit = (e: CstElement) => {
    if (isCstNode(e)) tokensUnder(e, out);
    else if (isRealToken(e)) out.push(e);
  };
  for (const child of Object.values(childrenOf(node))) {
    if (Array.isArray(child)) child.forEach(visit);
    else if (child !== undefined) visit(child);
  }
  return out;
}

/**
 * The first (or last) real token under a CST node. Only the first (last) element of each child
 * list can hold it, so the walk follows the edges instead of visiting the whole subtree.
 */
function edgeToken(node: CstNode, last: boolean): IToken | undefined {
  let best: IToken | undefined;
  const children = childrenOf(node);
  for (const key in children) {
    const child = children[key]!;
    const list = Array.isArray(child) ? child : undefined;
    const count = list === undefined ? 1 : list.length;
    // Recovery can leave made-up tokens at the edges: look inward until a real one is found.
    for (let k = 0; k < count; k++) {
      const e = list === undefined ? (child as CstElement) : list[last ? count - 1 - k : k]!;
      const t = isCstNode(e) ? edgeToken(e, last) : isRealToken(e) ? e : undefined;
      if (t === undefined) continue;
      if (best === undefined || (last ? t.startOffset > best.startOffset : t.startOffset < best.startOffset)) best = t;
      break;
    }
  }
  return best;
}

export function firstToken(node: CstNode): IToken | undefined {
  return edgeToken(node, false);
}

/** The range a CST node covers, from its first to its last real token (walking the CST). */
function nodeRange(node: CstNode, fallback: SourceRange): SourceRange {
  const first = edgeToken(node, false);
  if (first === undefined) return fallback;
  const last = edgeToken(node, true) ?? first;
  return { start: tokenStart(first), end: tokenEnd(last) };
}

/** Index of the last token starting at or before `offset` (tokens are in source order). */
function tokenIndexAt(tokens: readonly IToken[], offset: number): number {
  let lo = 0;
  let hi = tokens.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (tokens[mid]!.startOffset <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Collects diagnostics for one file while the AST is built. */
export class BuildContext {
  readonly diagnostics: Diagnostic[] = [];

  /**
   * `tokens`: the lexer's tokens, so CST offsets (chevrotain's location) map back to lines and columns;
   * `text`: the source, for a message that quotes what was written (characters the lexer dropped too).
   */
  constructor(
    readonly file: string | undefined,
    private readonly tokens: readonly IToken[] = [],
    readonly text = "",
  ) {}

  /**
   * The range a CST node covers. When chevrotain recorded offsets (location tracking), the tokens
   * there give lines and columns; otherwise (and for nodes touched by recovery) the CST is walked.
   */
  rangeOf(node: CstNode, fallback: SourceRange): SourceRange {
    const loc = node.location;
    const tokens = this.tokens;
    if (loc !== undefined && tokens.length > 0 && Number.isFinite(loc.startOffset) && Number.isFinite(loc.endOffset)) {
      const first = tokens[tokenIndexAt(tokens, loc.startOffset)]!;
      const last = tokens[tokenIndexAt(tokens, loc.endOffset!)]!;
      if (first.startOffset === loc.startOffset && last.endOffset === loc.endOffset)
        return { start: tokenStart(first), end: tokenEnd(last) };
    }
    return nodeRange(node, fallback);
  }

  /**
   * The range from `first` to `last` when both are real tokens (the builders know them for the
   * statements a file is made of), else the range of `node` found by walking it.
   */
  span(node: CstNode, first: IToken | undefined, last: IToken | undefined, fallback: SourceRange): SourceRange {
    if (isRealToken(first) && isRealToken(last)) return { start: tokenStart(first), end: tokenEnd(last) };
    return this.rangeOf(node, fallback);
  }

  report<Code extends DiagnosticCode>(
    code: Code,
    range: SourceRange,
    args: MessageArgsOf<Code>,
    help: string[] = [],
  ): void {
    this.diagnostics.push(
      diagnosticFromCheckedArgs(code, range, args, this.file === undefined ? { help } : { file: this.file, help }),
    );
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
