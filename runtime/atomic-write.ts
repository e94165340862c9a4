/**
 * The one way svc replaces a file that holds a user's data (the creative index and cards, vault notes,
 * the OAuth state, saved plans, the session profile and agent brief, converted imports, agent
 * configs): the new bytes go to a temporary file beside the old one, are flushed to disk, and the
 * temporary file is renamed over the old one. A write that fails or a process killed mid-way leaves
 * the old file whole (and no temporary file once the process exits normally); a reader never sees
 * half of either. Built on `write-file-atomic` (npm's own), which also serialises concurrent writes
 * of one file within a process and keeps the old file's mode unless one is given.
 *
 * Below every layer that writes: it imports nothing of svc.
 */
import { lstatSync, mkdirSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { dirname } from "node:path";
import writeFileAtomicLibrary from "write-file-atomic";

export interface AtomicWriteOptions {
  /** The new file's permission bits (the old file's when left out, else the default). */
  mode?: number;
  /** Creates the folder first (mode 0o700 when `privateFolder`). */
  makeFolder?: boolean;
  privateFolder?: boolean;
  /**
   * When the target is a symbolic link, throw this instead of writing through it (the vault never
   * follows a link; every other caller writes the file a link names, as an editor would).
   */
  refuseLink?: () => Error;
}

function checkLink(path: string, options: AtomicWriteOptions): void {
  if (options.refuseLink === undefined) return;
  let isLink = false;
  try {
    isLink = lstatSync(path).isSymbolicLink();
  } catch {
    // Nothing there yet: a new file.
  }
  if (isLink) throw options.refuseLink();
}

function libraryOptions(options: AtomicWriteOptions): writeFileAtomicLibrary.Options {
  return { fsync: true, ...(options.mode !== undefined ? { mode: options.mode } : {}) };
}

/** Replaces `path` with `data` all at once, or throws and leaves the old file as it was. */
export async function writeFileAtomic(
  path: string,
  data: string | Uint8Array,
  options: AtomicWriteOptions = {},
): Promise<void> {
  if (options.makeFolder)
    await mkdir(dirname(path), { recursive: true, ...(options.privateFolder ? { mode: 0o700 } : {}) });
  checkLink(path, options);
  await writeFileAtomicLibrary(path, typeof data === "string" ? data : Buffer.from(data), libraryOptions(options));
}

/** The same, for callers that are synchronous. */
export function writeFileAtomicSync(path: string, data: string | Uint8Array, options: AtomicWriteOptions = {}): void {
  if (options.makeFolder)
    mkdirSync(dirname(path), { recursive: true, ...(options.privateFolder ? { mode: 0o700 } : {}) });
  checkLink(path, options);
  writeFileAtomicLibrary.sync(path, typeof data === "string" ? data : Buffer.from(data), libraryOptions(options));
}
