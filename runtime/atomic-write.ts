/**
 * The one way svc replaces a file that holds a user's data (the creative index and cards, vault notes,
 * the OAuth state, saved plans, the session profile and agent brief, converted imports, agent
 * configs, `svc export`/`adopt --out`, sources `svc fmt` rewrites, svc's env file, MCP client
 * configs): the new bytes go to a temporary file beside the old one, are flushed to disk, and the
 * temporary file is renamed over the old one. A write that fails or a process killed mid-way leaves
 * the old file whole (and no temporary file once the process exits normally); a reader never sees
 * half of either. Built on `write-file-atomic` (npm's own), which also serialises concurrent writes
 * of one file within a process and keeps the old file's mode unless one is given; a caller that must
 * never write through a link (the vault) gets the same steps without any name being resolved.
 *
 * Below every layer that writes: it imports nothing of svc.
 */
import { randomBytes } from "node:crypto";
// The whole module object, called through it: a test that fills the disk or kills the process
// mid-write patches these calls, as it patches write-file-atomic's.
import fs, { lstatSync, mkdirSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import type WriteFileAtomic from "write-file-atomic";

// write-file-atomic (CommonJS) is loaded on the first write, so commands that write nothing (`svc
// --help`, an MCP server answering tools/list) do not load it.
const requireHere = createRequire(import.meta.url);
let library: typeof WriteFileAtomic | undefined;
const writeFileAtomicLibrary = (): typeof WriteFileAtomic =>
  (library ??= requireHere("write-file-atomic") as typeof WriteFileAtomic);

export interface AtomicWriteOptions {
  /** The new file's permission bits (the old file's when left out, else the default). */
  mode?: number;
  /** Creates the folder first (mode 0o700 when `privateFolder`). */
  makeFolder?: boolean;
  privateFolder?: boolean;
  /**
   * When the target is a symbolic link, throw this instead of writing through it (the vault never
   * follows a link; every other caller writes the file a link names, as an editor would). The path
   * is then never resolved: see writeWithoutFollowingSync.
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

function libraryOptions(options: AtomicWriteOptions): WriteFileAtomic.Options {
  return { fsync: true, ...(options.mode !== undefined ? { mode: options.mode } : {}) };
}

const NO_FOLLOW_CREATE =
  fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | (fs.constants.O_NOFOLLOW ?? 0);

/**
 * The write for a caller that never follows a link (`refuseLink`). write-file-atomic resolves the
 * path first (realpath) and then writes and renames by the resolved name, so a link swapped in
 * after the check, for the file or for a folder on its path, would be followed. Here nothing is
 * resolved: the temporary file is created beside `path` exclusively and without following a link
 * (O_CREAT | O_EXCL | O_NOFOLLOW), written and flushed; the target is looked at once more; and the
 * temporary file is renamed over `path` itself. A rename replaces whatever holds the name at that
 * instant (a link swapped in at the very last is replaced, its target never written). A caller that
 * holds its folder open addresses `path` through the folder's descriptor (/proc/self/fd/N/name), so
 * both files stay in the folder it checked even if that folder is moved or replaced meanwhile.
 */
function writeWithoutFollowingSync(path: string, bytes: Buffer, options: AtomicWriteOptions): void {
  checkLink(path, options);
  const temporary = `${path}.${randomBytes(6).toString("hex")}`;
  const mode = options.mode ?? 0o644;
  const fd = fs.openSync(temporary, NO_FOLLOW_CREATE, mode);
  let replaced = false;
  try {
    try {
      for (let done = 0; done < bytes.length;) done += fs.writeSync(fd, bytes, done, bytes.length - done);
      fs.fchmodSync(fd, mode);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    checkLink(path, options);
    fs.renameSync(temporary, path);
    replaced = true;
  } finally {
    if (!replaced) fs.rmSync(temporary, { force: true });
  }
}

const bytesOf = (data: string | Uint8Array) =>
  typeof data === "string" ? Buffer.from(data, "utf8") : Buffer.from(data);

/** Replaces `path` with `data` all at once, or throws and leaves the old file as it was. */
export async function writeFileAtomic(
  path: string,
  data: string | Uint8Array,
  options: AtomicWriteOptions = {},
): Promise<void> {
  if (options.makeFolder)
    await mkdir(dirname(path), { recursive: true, ...(options.privateFolder ? { mode: 0o700 } : {}) });
  if (options.refuseLink !== undefined) return writeWithoutFollowingSync(path, bytesOf(data), options);
  await writeFileAtomicLibrary()(path, typeof data === "string" ? data : Buffer.from(data), libraryOptions(options));
}

/** The same, for callers that are synchronous. */
export function writeFileAtomicSync(path: string, data: string | Uint8Array, options: AtomicWriteOptions = {}): void {
  if (options.makeFolder)
    mkdirSync(dirname(path), { recursive: true, ...(options.privateFolder ? { mode: 0o700 } : {}) });
  if (options.refuseLink !== undefined) return writeWithoutFollowingSync(path, bytesOf(data), options);
  writeFileAtomicLibrary().sync(path, typeof data === "string" ? data : Buffer.from(data), libraryOptions(options));
}
