/**
 * Fenced ```svcnet blocks in a note (CommonMark fences: three or more backticks or tildes, indented
 * at most three spaces, closed by the same character at least as long). Other fenced blocks are
 * skipped whole, so an svcnet fence shown inside a ```markdown example is not a block.
 */

export interface SvcnetBlock {
  /** 1-based, in note order. */
  index: number;
  /** 1-based note line of the opening fence. */
  fenceLine: number;
  /** 1-based note lines of the first and last content line (last < first: an empty block). */
  firstLine: number;
  lastLine: number;
  text: string;
}

interface UnclosedFence {
  /** The block's number, had it been closed, and its opening line. */
  index: number;
  fenceLine: number;
}

export interface BlockScan {
  blocks: SvcnetBlock[];
  /** An svcnet fence never closed (runs to the end of the note): reported, not compiled. */
  unclosed?: UnclosedFence;
}

const FENCE = /^( {0,3})(`{3,}|~{3,})\s*([^\s`]*)/;

export function scanSvcnetBlocks(text: string): BlockScan {
  const lines = text.split("\n").map((l) => l.replace(/\r$/, ""));
  const blocks: SvcnetBlock[] = [];
  let i = 0;
  while (i < lines.length) {
    const open = FENCE.exec(lines[i]!);
    // A backtick fence's info string may not hold a backtick (then it is inline code, not a fence).
    if (!open || (open[2]![0] === "`" && lines[i]!.slice(open[0].length).includes("`"))) {
      i++;
      continue;
    }
    const [, indent, fence, info] = open;
    const isSvcnet = info!.toLowerCase() === "svcnet";
    const close = new RegExp(`^ {0,3}${fence![0] === "`" ? "`" : "~"}{${fence!.length},}\\s*$`);
    let end = i + 1;
    while (end < lines.length && !close.test(lines[end]!)) end++;
    if (isSvcnet) {
      if (end >= lines.length) return { blocks, unclosed: { index: blocks.length + 1, fenceLine: i + 1 } };
      const body = lines.slice(i + 1, end).map((l) => stripIndent(l, indent!.length));
      blocks.push({
        index: blocks.length + 1,
        fenceLine: i + 1,
        firstLine: i + 2,
        lastLine: end,
        text: body.join("\n"),
      });
    }
    i = end + 1;
  }
  return { blocks };
}

/** CommonMark: content lines lose as many leading spaces as the fence was indented by. */
function stripIndent(line: string, indent: number): string {
  let n = 0;
  while (n < indent && line[n] === " ") n++;
  return line.slice(n);
}

/**
 * The chosen blocks as one source laid over the note: their lines kept as they are, every other
 * character turned into a space. Lines, columns and offsets of a diagnostic are then the note's own,
 * so a code frame can show the note itself.
 */
export function blocksAsSource(noteText: string, blocks: readonly SvcnetBlock[]): string {
  const keep = new Set<number>();
  for (const b of blocks) for (let line = b.firstLine; line <= b.lastLine; line++) keep.add(line);
  return noteText
    .split("\n")
    .map((line, i) => (keep.has(i + 1) ? line : line.replace(/[^\r]/g, " ")))
    .join("\n");
}
