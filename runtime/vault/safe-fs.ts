/**
 * The only code that touches the vault's files. Nothing below the vault may be a link: every
 * folder on a note's path is opened without following links, one at a time, and the note is
 * opened, written and renamed inside the folder actually opened.
 *
 * Where the system offers /proc/self/fd (Linux), each folder is held open and its children are
 * addressed through it, as openat() would, so a folder swapped for a link after it was checked
 * is not followed, and every opened file's real location is read back from its descriptor before
 * one byte is read or kept. A note is written by svc's atomic writer without resolving any name
 * (its temporary file created with O_EXCL | O_NOFOLLOW in the folder held open, then renamed over
 * the note's own name, after one more look), and the folder is checked again afterwards. Elsewhere (macOS, Windows: UNVERIFIED there) each path is checked
 * with lstat just before it is used, which leaves a window of microseconds open to another
 * program swapping a link in.
 */
import { createHash } from "node:crypto";
import {
  closeSync,
  constants,
  existsSync,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readlinkSync,
  readSync,
  type Stats,
} from "node:fs";
import { join } from "node:path";
import { writeFileAtomicSync } from "../atomic-write.js";
import { MAX_NOTE_BYTES } from "./limits.js";
import { noteSegments } from "./note-path.js";
import { VaultError } from "./vault-error.js";
import type { Vault } from "./vault-root.js";

const FD_DIR = "/proc/self/fd";
const HAS_FD_PATHS = existsSync(FD_DIR);
const NOFOLLOW = constants.O_NOFOLLOW ?? 0;
const DIRECTORY = constants.O_DIRECTORY ?? 0;

const LINK_HELP = "svc never follows links inside the vault; put the note itself in the vault instead of a link to it";

function symlinkError(rel: string): VaultError {
  return new VaultError(
    "vault-symlink",
    `'${rel}' is a symbolic link; svc does not read or write through links inside the vault`,
    LINK_HELP,
    { path: rel },
  );
}

function lstatOrUndefined(path: string): Stats | undefined {
  try {
    return lstatSync(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw err;
  }
}

/** A folder of the vault, opened: its children are addressed through it. */
class Folder {
  constructor(
    /** Where it should be, links resolved (the vault's real path and the segments). */
    readonly real: string,
    /** The path inside the vault, for messages ("" for the vault itself). */
    readonly rel: string,
    readonly fd: number | undefined,
  ) {}

  child(name: string): string {
    return this.fd === undefined ? join(this.real, name) : `${FD_DIR}/${this.fd}/${name}`;
  }

  childRel(name: string): string {
    return this.rel === "" ? name : `${this.rel}/${name}`;
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
  }
}

function openDirFd(address: string, rel: string): number | undefined {
  if (!HAS_FD_PATHS) return undefined;
  try {
    return openSync(address, constants.O_RDONLY | DIRECTORY | NOFOLLOW);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    // O_NOFOLLOW on a link: it was swapped in after the lstat.
    if (code === "ELOOP" || code === "ENOTDIR") throw symlinkError(rel);
    throw err;
  }
}

/** Where an open descriptor really is; undefined where the system cannot say. */
function realLocation(fd: number): string | undefined {
  return HAS_FD_PATHS ? readlinkSync(`${FD_DIR}/${fd}`) : undefined;
}

function changedError(rel: string): VaultError {
  return new VaultError(
    "vault-changed-during-write",
    `the folder '${rel || "(vault)"}' was moved or replaced while svc was using it; nothing was written`,
    "another program changed the vault at the same moment; try again",
    { path: rel },
  );
}

function movedDuringWrite(rel: string, folderRel: string): VaultError {
  return new VaultError(
    "vault-changed-during-write",
    `the folder '${folderRel || "(vault)"}' was moved or replaced while svc was writing '${rel}'; the note went into the folder svc had opened, wherever it is now, and nothing was written through a link`,
    "another program changed the vault at the same moment; look at the vault and try again",
    { path: rel },
  );
}

/** The folder still is where it was opened (checked again right before a write is made visible). */
function assertFolderInPlace(vault: Vault, folder: Folder): void {
  if (folder.fd !== undefined) {
    if (realLocation(folder.fd) !== folder.real) throw changedError(folder.rel);
    return;
  }
  // Without descriptors: walk the path again, refusing a link anywhere on it.
  let path = vault.real;
  let rel = "";
  for (const segment of folder.rel === "" ? [] : folder.rel.split("/")) {
    path = join(path, segment);
    rel = rel === "" ? segment : `${rel}/${segment}`;
    const st = lstatOrUndefined(path);
    if (st === undefined) throw changedError(rel);
    if (st.isSymbolicLink()) throw symlinkError(rel);
  }
}

/**
 * Opens the folders `segments` below the vault one at a time, refusing a link at any step.
 * With `create`, missing folders are made (each checked after it is made).
 */
function openFolder(vault: Vault, segments: readonly string[], create: boolean): Folder {
  let folder = new Folder(vault.real, "", openDirFd(vault.real, ""));
  try {
    for (const segment of segments) {
      const address = folder.child(segment);
      const rel = folder.childRel(segment);
      let st = lstatOrUndefined(address);
      if (st === undefined) {
        if (!create)
          throw new VaultError(
            "vault-note-not-found",
            `there is no folder '${rel}' in the vault`,
            "list the vault's notes to see its folders",
            { path: rel },
          );
        mkdirSync(address);
        st = lstatSync(address);
      }
      if (st.isSymbolicLink()) throw symlinkError(rel);
      if (!st.isDirectory())
        throw new VaultError(
          "vault-not-a-file",
          `'${rel}' is a file, not a folder`,
          "choose a path whose folders are folders",
          { path: rel },
        );
      const next = new Folder(join(folder.real, segment), rel, openDirFd(address, rel));
      folder.close();
      folder = next;
    }
    return folder;
  } catch (err) {
    folder.close();
    throw err;
  }
}

/** Checks that a folder below the vault exists and that no link is on its path. */
export function checkFolder(vault: Vault, segments: readonly string[]): void {
  openFolder(vault, segments, false).close();
}

export interface NoteFile {
  /** The note's path inside the vault. */
  path: string;
  text: string;
  bytes: number;
  sha256: string;
  modified: string;
}

function tooLarge(rel: string, size: number): VaultError {
  return new VaultError(
    "vault-note-too-large",
    `'${rel}' is ${size} bytes, more than the ${MAX_NOTE_BYTES} a note may have`,
    "split it into several notes",
    { path: rel, bytes: size },
  );
}

/** Decodes a note's bytes, refusing what is not text: a NUL byte or bytes that are not UTF-8. */
function noteText(rel: string, bytes: Buffer): string {
  if (bytes.includes(0))
    throw new VaultError(
      "vault-note-not-text",
      `'${rel}' is a binary file, not a Markdown note`,
      "only UTF-8 text notes are read and written",
      { path: rel },
    );
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new VaultError("vault-note-not-text", `'${rel}' is not UTF-8 text`, "save the note as UTF-8", { path: rel });
  }
}

function sha256(bytes: Buffer | string): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/** Reads an opened regular file of at most MAX_NOTE_BYTES. */
function readOpened(fd: number, rel: string): { bytes: Buffer; st: Stats } {
  const st = fstatSync(fd);
  if (!st.isFile())
    throw new VaultError("vault-not-a-file", `'${rel}' is not a regular file`, "name a Markdown note", { path: rel });
  if (st.size > MAX_NOTE_BYTES) throw tooLarge(rel, st.size);
  const buffer = Buffer.alloc(Math.min(st.size, MAX_NOTE_BYTES) + 1);
  let length = 0;
  for (;;) {
    const n = readSync(fd, buffer, length, buffer.length - length, null);
    if (n === 0) break;
    length += n;
    // It grew while being read.
    if (length > MAX_NOTE_BYTES) throw tooLarge(rel, length);
    if (length === buffer.length) break;
  }
  return { bytes: buffer.subarray(0, length), st };
}

/** Opens `name` in `folder` for reading without following a link, and checks where it really is. */
function openFileIn(folder: Folder, name: string): number {
  const rel = folder.childRel(name);
  const address = folder.child(name);
  const st = lstatOrUndefined(address);
  if (st === undefined)
    throw new VaultError(
      "vault-note-not-found",
      `there is no note '${rel}' in the vault`,
      "list or search the vault to find the note's path",
      { path: rel },
    );
  if (st.isSymbolicLink()) throw symlinkError(rel);
  if (!st.isFile())
    throw new VaultError("vault-not-a-file", `'${rel}' is not a regular file`, "name a Markdown note", { path: rel });
  let fd: number;
  try {
    fd = openSync(address, constants.O_RDONLY | NOFOLLOW);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ELOOP") throw symlinkError(rel);
    throw err;
  }
  const where = realLocation(fd);
  const opened = fstatSync(fd);
  if ((where !== undefined && where !== join(folder.real, name)) || opened.ino !== st.ino || opened.dev !== st.dev) {
    closeSync(fd);
    throw symlinkError(rel);
  }
  return fd;
}

/** A note's text: refused when it is a link, sits below a link, is too large or is not text. */
export function readNoteFile(vault: Vault, rel: string): NoteFile {
  const segments = noteSegments(rel, "note");
  const folder = openFolder(vault, segments.slice(0, -1), false);
  try {
    const fd = openFileIn(folder, segments[segments.length - 1]!);
    try {
      const { bytes, st } = readOpened(fd, rel);
      return {
        path: rel,
        text: noteText(rel, bytes),
        bytes: bytes.length,
        sha256: sha256(bytes),
        modified: st.mtime.toISOString(),
      };
    } finally {
      closeSync(fd);
    }
  } finally {
    folder.close();
  }
}

export interface WriteNoteOptions {
  /** Replace an existing note (default: refuse with vault-note-exists). */
  overwrite?: boolean;
  /** Replace only when the note's content still has this SHA-256 (what a read returned). */
  expectedSha256?: string;
  /**
   * Called after every check, before the temporary file is made: the one place another program
   * could swap a link in. Tests use it to do exactly that.
   */
  afterChecks?: () => void;
}

export interface WrittenNote {
  path: string;
  bytes: number;
  sha256: string;
  created: boolean;
}

/**
 * Writes a note atomically through svc's one atomic writer (a temporary file beside it, flushed,
 * renamed over the note), inside the folder actually opened; a note that is a link is refused
 * just before, so nothing is written through a link.
 */
export function writeNoteFile(vault: Vault, rel: string, text: string, options: WriteNoteOptions = {}): WrittenNote {
  const segments = noteSegments(rel, "note");
  const bytes = Buffer.from(text, "utf8");
  if (bytes.length > MAX_NOTE_BYTES) throw tooLarge(rel, bytes.length);
  if (text.includes("\u0000"))
    throw new VaultError(
      "vault-note-not-text",
      `the text for '${rel}' holds a NUL character; notes are text`,
      "send Markdown text",
      { path: rel },
    );
  const name = segments[segments.length - 1]!;
  const folder = openFolder(vault, segments.slice(0, -1), true);
  try {
    const target = folder.child(name);
    const existing = lstatOrUndefined(target);
    if (existing !== undefined) {
      if (existing.isSymbolicLink()) throw symlinkError(rel);
      if (!existing.isFile())
        throw new VaultError("vault-not-a-file", `'${rel}' exists and is not a regular file`, "choose another name", {
          path: rel,
        });
      if (options.overwrite !== true && options.expectedSha256 === undefined) {
        throw new VaultError(
          "vault-note-exists",
          `'${rel}' already exists`,
          "pass overwrite to replace it, or expected_sha256 (from a read) to replace it only if nobody changed it since",
          { path: rel },
        );
      }
      if (options.expectedSha256 !== undefined) {
        const fd = openFileIn(folder, name);
        let current: string;
        try {
          current = sha256(readOpened(fd, rel).bytes);
        } finally {
          closeSync(fd);
        }
        if (current !== options.expectedSha256) {
          throw new VaultError(
            "vault-note-changed",
            `'${rel}' changed since it was read (its SHA-256 is ${current})`,
            "read it again and apply your change to what it holds now",
            { path: rel, sha256: current },
          );
        }
      }
    } else if (options.expectedSha256 !== undefined) {
      throw new VaultError(
        "vault-note-not-found",
        `there is no note '${rel}' to replace`,
        "leave out expected_sha256 to create it",
        { path: rel },
      );
    }
    options.afterChecks?.();
    // The last look before the note is replaced: the folder is where it was, the note no link.
    assertFolderInPlace(vault, folder);
    // Written without resolving any name, inside the folder held open (atomic-write.ts).
    writeFileAtomicSync(target, bytes, {
      mode: existing ? existing.mode & 0o777 : 0o644,
      refuseLink: () => symlinkError(rel),
    });
    // And once more after: a folder moved meanwhile holds the note where it went, which is said.
    try {
      assertFolderInPlace(vault, folder);
    } catch (err) {
      if (err instanceof VaultError) throw movedDuringWrite(rel, folder.rel);
      throw err;
    }
    return { path: rel, bytes: bytes.length, sha256: sha256(bytes), created: existing === undefined };
  } finally {
    folder.close();
  }
}
