/**
 * What the lexer builds as it goes: the tokens, the comments, the diagnostics, and the previous
 * token (a few rules depend on it). The rules of the lexer (lexer.ts, lex-uncommon.ts) add to it.
 */
import type { IToken, TokenType } from "chevrotain";
import {
  diagnosticFromCheckedArgs,
  inFile,
  type Diagnostic,
  type DiagnosticCode,
  type MessageArgsOf,
} from "../diagnostics/index.js";
import type { Comment } from "./ast.js";
import type { Lexeme, Scanner } from "./scanner.js";
import * as T from "./tokens.js";

/** Tokens after which a value is expected (so `#` may be a colour and `=` an expression). */
const VALUE_STARTERS = new Set<TokenType>([T.Colon, T.Comma, T.LParen, T.Equals]);
/** Tokens after which `=` starts a Python expression. */
const EXPRESSION_STARTERS = new Set<TokenType>([T.Colon, T.Comma, T.LParen]);

export class LexState {
  // `svcRange` is filled in later by the AST builder (tokenRange); declaring it here keeps one shape.
  readonly tokens: (IToken & { svcRange: undefined })[] = [];
  readonly comments: Comment[] = [];
  readonly diagnostics: Diagnostic[] = [];
  private previous: TokenType | undefined;

  constructor(
    readonly s: Scanner,
    readonly file: string | undefined,
  ) {}

  /** True where a value is expected: after ':', ',', '(' or '='. */
  get atValue(): boolean {
    return this.previous !== undefined && VALUE_STARTERS.has(this.previous);
  }

  /** True where `=` starts a Python expression: after ':', ',' or '('. */
  get atExpression(): boolean {
    return this.previous !== undefined && EXPRESSION_STARTERS.has(this.previous);
  }

  // Tokens are plain objects of one shape (chevrotain's, plus payload): a 10,000-node file has
  // about 200,000 of them, so creating them cheaply matters.
  push(type: TokenType, lx: Lexeme, payload?: unknown): void {
    this.tokens.push({
      image: lx.image,
      startOffset: lx.startOffset,
      endOffset: lx.endOffset - 1,
      startLine: lx.startLine,
      endLine: lx.endLine,
      startColumn: lx.startColumn,
      endColumn: lx.endColumn - 1,
      tokenTypeIdx: type.tokenTypeIdx!,
      tokenType: type,
      payload,
      svcRange: undefined,
    });
    this.previous = type;
  }

  /** The common case: a one-line token from the cursor to `end`; moves the cursor there. */
  pushHere(type: TokenType, end: number, payload?: unknown, image?: string): void {
    const s = this.s;
    const start = s.offset;
    const column = start - s.lineStart + 1;
    this.tokens.push({
      image: image ?? s.text.slice(start, end),
      startOffset: start,
      endOffset: end - 1,
      startLine: s.line,
      endLine: s.line,
      startColumn: column,
      endColumn: column + (end - start) - 1,
      tokenTypeIdx: type.tokenTypeIdx!,
      tokenType: type,
      payload,
      svcRange: undefined,
    });
    s.offset = end;
    this.previous = type;
  }

  /** Reports a problem over a lexeme of the file. */
  report<Code extends DiagnosticCode>(code: Code, lx: Lexeme, args: MessageArgsOf<Code>, help: string[] = []): void {
    const file = this.file;
    this.diagnostics.push(
      diagnosticFromCheckedArgs(code, lx.range(), args, file === undefined ? { help } : { file, help }),
    );
  }

  /** Adds the problems a scanner found (they do not know the file). */
  addProblems(problems: readonly Diagnostic[]): void {
    for (const p of problems) this.diagnostics.push(inFile(p, this.file));
  }
}
