/**
 * A cursor over the source text that keeps line and column as it moves, so every lexeme knows its
 * range without rescanning. Lines count '\n' only (as the diagnostics renderer does).
 */
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import type { Position, SourceRange } from "../diagnostics/source-range.js";

export interface Mark {
  offset: number;
  line: number;
  column: number;
}

/** A piece of source with its half-open range (end column is the column after the last char). */
export class Lexeme {
  constructor(
    readonly image: string,
    readonly startOffset: number,
    readonly startLine: number,
    readonly startColumn: number,
    readonly endOffset: number,
    readonly endLine: number,
    readonly endColumn: number,
  ) {}

  range(): SourceRange {
    return {
      start: { line: this.startLine, column: this.startColumn, offset: this.startOffset },
      end: { line: this.endLine, column: this.endColumn, offset: this.endOffset },
    };
  }
}

export class Scanner {
  offset = 0;
  line = 1;
  /** Offset where the cursor's line starts. */
  lineStart = 0;

  constructor(readonly text: string) {}

  atEnd(ahead = 0): boolean {
    return this.offset + ahead >= this.text.length;
  }

  /** The char code `ahead` positions on, or -1 past the end. */
  peek(ahead = 0): number {
    const i = this.offset + ahead;
    return i < this.text.length ? this.text.charCodeAt(i) : -1;
  }

  /** 2 for a surrogate pair (one character, two code units), else 1. */
  codePointLength(ahead = 0): number {
    const c = this.peek(ahead);
    return c >= 0xd800 && c <= 0xdbff && this.peek(ahead + 1) >= 0xdc00 && this.peek(ahead + 1) <= 0xdfff ? 2 : 1;
  }

  get column(): number {
    return this.offset - this.lineStart + 1;
  }

  position(): Position {
    return { line: this.line, column: this.column, offset: this.offset };
  }

  mark(): Mark {
    return { offset: this.offset, line: this.line, column: this.column };
  }

  advance(n: number): void {
    const end = Math.min(this.text.length, this.offset + n);
    for (let i = this.offset; i < end; i++) {
      if (this.text.charCodeAt(i) === 10) {
        this.line++;
        this.lineStart = i + 1;
      }
    }
    this.offset = end;
  }

  /** Moves to the next '\n' (not past it), skipping a '\r' just before it. */
  advanceToLineEnd(): void {
    let i = this.text.indexOf("\n", this.offset);
    if (i < 0) i = this.text.length;
    if (i > this.offset && this.text.charCodeAt(i - 1) === 13) i--;
    this.offset = Math.max(this.offset, i);
  }

  lexeme(start: Mark): Lexeme {
    return new Lexeme(
      this.text.slice(start.offset, this.offset),
      start.offset,
      start.line,
      start.column,
      this.offset,
      this.line,
      this.column,
    );
  }

  advanceAndLexeme(start: Mark, n: number): Lexeme {
    this.advance(n);
    return this.lexeme(start);
  }

  /** A range for a part of the current line, by offsets (both on the cursor's line or before it). */
  rangeOf(startOffset: number, endOffset: number, line: number, lineStartOffset: number): SourceRange {
    return {
      start: { line, column: startOffset - lineStartOffset + 1, offset: startOffset },
      end: { line, column: endOffset - lineStartOffset + 1, offset: endOffset },
    };
  }

  /** Offset where the cursor's line starts. */
  get currentLineStart(): number {
    return this.lineStart;
  }

  /** Skips whitespace, keeping lines counted; returns false at the end of the text. */
  skipWhitespace(): void {
    const text = this.text;
    let i = this.offset;
    for (; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10) {
        this.line++;
        this.lineStart = i + 1;
      } else if (c !== 32 && c !== 9 && c !== 13) break;
    }
    this.offset = i;
  }
}

/** A problem found while scanning: a diagnostic whose file the lexer adds (it knows the file). */
export type LexProblem = Diagnostic;
