/**
 * A file replaced whole or not at all: the text goes to a temporary file beside it, is flushed to
 * the disk, and is renamed over the old one. A process killed at any moment leaves either the old
 * file or the new one, never half of each. (One small function, so that a shared helper for every
 * writer of the user's data can replace it.)
 */
import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from "node:fs";
import { dirname, join } from "node:path";
import { randomBytes } from "node:crypto";

export function writeFileDurably(path: string, text: string): void {
  const dir = dirname(path);
  mkdirSync(dir, { recursive: true });
  const temp = join(dir, `.${randomBytes(6).toString("hex")}.tmp`);
  const fd = openSync(temp, "w", 0o600);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } catch (err) {
    closeSync(fd);
    rmSync(temp, { force: true });
    throw err;
  }
  closeSync(fd);
  try {
    renameSync(temp, path);
  } catch (err) {
    rmSync(temp, { force: true });
    throw err;
  }
  // The rename itself is durable once the folder is flushed (not possible on every platform).
  try {
    const dirFd = openSync(dir, "r");
    try {
      fsyncSync(dirFd);
    } finally {
      closeSync(dirFd);
    }
  } catch {
    // Windows cannot open a folder for flushing; the rename is still atomic there.
  }
}
