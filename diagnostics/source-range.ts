/** A point in a source text. Lines and columns count from 1 (as editors show them); offset from 0. */
export interface Position {
  line: number;
  column: number;
  offset: number;
}

/** A half-open span [start, end) of a source text. */
export interface SourceRange {
  start: Position;
  end: Position;
}

export const NO_RANGE: SourceRange = {
  start: { line: 1, column: 1, offset: 0 },
  end: { line: 1, column: 1, offset: 0 },
};

export function formatPosition(p: Position): string {
  return `${p.line}:${p.column}`;
}

/** The smallest range covering both. */
export function spanRanges(a: SourceRange, b: SourceRange): SourceRange {
  return {
    start: a.start.offset <= b.start.offset ? a.start : b.start,
    end: a.end.offset >= b.end.offset ? a.end : b.end,
  };
}

/** Position of `offset` in `text`, computed by scanning (for tools that only know offsets). */
export function positionAt(text: string, offset: number): Position {
  let line = 1;
  let lineStart = 0;
  const limit = Math.min(offset, text.length);
  for (let i = 0; i < limit; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: limit - lineStart + 1, offset: limit };
}
