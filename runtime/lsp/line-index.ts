/** Offsets to svc positions in one text, by binary search over line starts (no rescans per lookup). */
import type { Position, SourceRange } from "../../diagnostics/index.js";

export class LineIndex {
  private readonly starts: number[] = [0];

  constructor(readonly text: string) {
    for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) this.starts.push(i + 1);
  }

  position(offset: number): Position {
    const at = Math.max(0, Math.min(offset, this.text.length));
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.starts[mid]! <= at) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: at - this.starts[low]! + 1, offset: at };
  }

  range(start: number, end: number): SourceRange {
    return { start: this.position(start), end: this.position(end) };
  }
}
