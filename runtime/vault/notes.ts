/** Listing and reading notes: what the list and read tools and commands show. */
import { DEFAULT_LIST_RESULTS } from "./limits.js";
import { frontMatterData, linkedNodes, splitFrontMatter } from "./front-matter.js";
import { readNoteFile, type NoteFile } from "./safe-fs.js";
import { scanSvcnetBlocks } from "./svcnet-blocks.js";
import { startFolder, walkNotes, type WalkedNote, type WalkStats } from "./walk.js";
import type { Vault } from "./vault-root.js";
import { isVaultError } from "./vault-error.js";

export interface NoteList extends WalkStats {
  notes: WalkedNote[];
  /** False when a bound stopped the listing (more notes than `limit`, or too many entries). */
  complete: boolean;
}

export function listNotes(vault: Vault, folder: string | undefined, limit = DEFAULT_LIST_RESULTS): NoteList {
  const notes: WalkedNote[] = [];
  let more = false;
  const stats = walkNotes(vault, startFolder(vault, folder), (n) => {
    if (notes.length >= limit) {
      more = true;
      return false;
    }
    notes.push(n);
    return true;
  });
  return { notes, ...stats, complete: !more && !stats.entries_capped && stats.too_deep === 0 };
}

export interface ReadNote extends NoteFile {
  front_matter: Record<string, unknown>;
  /** The operators the note names in its front matter (`nodes`). */
  nodes: string[];
  /** Its fenced svcnet blocks: number and lines. */
  svcnet_blocks: Array<{ index: number; first_line: number; last_line: number }>;
  /** 1-based line where the body starts (after front matter). */
  body_line: number;
  /** Why the front matter could not be read (the text is still returned). */
  front_matter_error?: string;
}

function frontMatterOf(path: string, text: string): Pick<ReadNote, "front_matter" | "nodes" | "front_matter_error"> {
  try {
    return { front_matter: frontMatterData(path, text), nodes: linkedNodes(path, text) };
  } catch (err) {
    if (!isVaultError(err)) throw err;
    return { front_matter: {}, nodes: [], front_matter_error: err.message };
  }
}

export function readNote(vault: Vault, path: string): ReadNote {
  const file = readNoteFile(vault, path);
  const scan = scanSvcnetBlocks(file.text);
  return {
    ...file,
    ...frontMatterOf(path, file.text),
    svcnet_blocks: scan.blocks.map((b) => ({ index: b.index, first_line: b.firstLine, last_line: b.lastLine })),
    body_line: splitFrontMatter(file.text).bodyLine,
  };
}
