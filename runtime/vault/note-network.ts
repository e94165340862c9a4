/**
 * A note's fenced svcnet blocks as source for the ordinary plan and apply: the blocks (all of them,
 * or the one asked for) laid over the note so every diagnostic points at the note's own line.
 * Problems with the blocks themselves are diagnostics at the note's lines too.
 */
import { diagnostic, type Diagnostic } from "../../diagnostics/diagnostic.js";
import { positionAt } from "../../diagnostics/source-range.js";
import type { Vault } from "./vault-root.js";
import { readNoteFile } from "./safe-fs.js";
import { blocksAsSource, scanSvcnetBlocks, type SvcnetBlock } from "./svcnet-blocks.js";

export interface NoteNetworkSource {
  /** The note's path inside the vault: the file diagnostics name. */
  file: string;
  /** What the compiler reads: the blocks over a blanked note (same lines, columns and offsets). */
  source: string;
  /** The note itself, for code frames. */
  note: string;
  blocks: SvcnetBlock[];
  /** Set when there is nothing to compile: no block, an unclosed one, or the block asked for is not there. */
  diagnostics: Diagnostic[];
}

function lineRange(text: string, line: number) {
  const lines = text.split("\n");
  const start = lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0);
  return {
    start: positionAt(text, start),
    end: positionAt(text, start + (lines[line - 1]?.replace(/\r$/, "").length ?? 0)),
  };
}

export function noteNetworkSource(vault: Vault, path: string, block?: number): NoteNetworkSource {
  const note = readNoteFile(vault, path).text;
  const scan = scanSvcnetBlocks(note);
  const out: NoteNetworkSource = { file: path, source: "", note, blocks: [], diagnostics: [] };
  const at = (line: number) => lineRange(note, line);
  if (scan.unclosed !== undefined && (block === undefined || block === scan.unclosed.index)) {
    out.diagnostics.push(
      diagnostic(
        "vault-svcnet-block-unclosed",
        at(scan.unclosed.fenceLine),
        {},
        { file: path, help: ["close it with a line of three backticks (```) after its last line"] },
      ),
    );
    return out;
  }
  if (scan.blocks.length === 0) {
    out.diagnostics.push(
      diagnostic(
        "vault-no-svcnet-block",
        at(1),
        { note: path },
        {
          file: path,
          help: ["put the network in a fenced block: a line ```svcnet, the .svcnet source, then a line ```"],
        },
      ),
    );
    return out;
  }
  const chosen = block === undefined ? scan.blocks : scan.blocks.filter((b) => b.index === block);
  if (chosen.length === 0) {
    const where = scan.blocks.map((b) => `block ${b.index} at line ${b.fenceLine}`).join(", ");
    out.diagnostics.push(
      diagnostic(
        "vault-svcnet-block-missing",
        at(1),
        { note: path, count: scan.blocks.length, block: block! },
        { file: path, help: [`the note's blocks: ${where}`] },
      ),
    );
    return out;
  }
  out.blocks = chosen;
  out.source = blocksAsSource(note, chosen);
  return out;
}
