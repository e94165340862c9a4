/**
 * Walks the vault for notes, bounded: depth, entries looked at. Links are never followed (they are
 * counted, so an answer can say notes were passed over), and hidden files and folders are skipped.
 */
import { lstatSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { MAX_DEPTH, MAX_ENTRIES_SCANNED } from "./limits.js";
import { noteSegments } from "./note-path.js";
import { checkFolder } from "./safe-fs.js";
import type { Vault } from "./vault-root.js";

export interface WalkedNote {
  path: string;
  bytes: number;
  modified: string;
}

export interface WalkStats {
  /** Links passed over (svc never follows them). */
  links_skipped: number;
  /** Folders deeper than MAX_DEPTH not walked into. */
  too_deep: number;
  /** Stopped because MAX_ENTRIES_SCANNED entries were looked at. */
  entries_capped: boolean;
}

/** The folder's segments after checking it (no link on its way); [] for the whole vault. */
export function startFolder(vault: Vault, folder: string | undefined): string[] {
  if (folder === undefined || folder === "") return [];
  const segments = noteSegments(folder.replace(/\/+$/, ""), "folder");
  checkFolder(vault, segments);
  return segments;
}

/**
 * Every note below `segments`, in path order (folders sorted, files before subfolders). `visit`
 * returns false to stop early.
 */
export function walkNotes(vault: Vault, segments: readonly string[], visit: (note: WalkedNote) => boolean): WalkStats {
  const stats: WalkStats = { links_skipped: 0, too_deep: 0, entries_capped: false };
  let scanned = 0;
  const walk = (rel: string, depth: number): boolean => {
    const dir = rel === "" ? vault.real : join(vault.real, rel);
    const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
    );
    const folders: string[] = [];
    for (const entry of entries) {
      if (++scanned > MAX_ENTRIES_SCANNED) {
        stats.entries_capped = true;
        return false;
      }
      if (entry.name.startsWith(".")) continue;
      const path = rel === "" ? entry.name : `${rel}/${entry.name}`;
      if (entry.isSymbolicLink()) {
        stats.links_skipped++;
        continue;
      }
      if (entry.isDirectory()) folders.push(path);
      else if (entry.isFile() && entry.name.toLowerCase().endsWith(".md")) {
        const st = lstatSync(join(vault.real, path), { throwIfNoEntry: false });
        if (st === undefined) continue;
        if (!st.isFile()) {
          stats.links_skipped++;
          continue;
        }
        if (!visit({ path, bytes: st.size, modified: st.mtime.toISOString() })) return false;
      }
    }
    for (const folder of folders) {
      if (depth + 1 > MAX_DEPTH) {
        stats.too_deep++;
        continue;
      }
      if (!walk(folder, depth + 1)) return false;
    }
    return true;
  };
  walk(segments.join("/"), segments.length);
  return stats;
}
