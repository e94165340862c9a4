/**
 * The OAuth state that must survive a restart (registered clients, refresh-token families), kept
 * as one small JSON file. A write goes to a temporary file beside it, is flushed to disk, then
 * renamed over the old one: a crash leaves either the old state or the new, never half of one.
 */
import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync } from "node:fs";
import { dirname } from "node:path";

export class StateFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "StateFileError";
  }
}

/** The parsed file, or undefined when it does not exist yet. Anything unreadable is an error, never a reset. */
export function readStateFile(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw new StateFileError(`the OAuth state file ${path} cannot be read: ${(err as Error).message}`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new StateFileError(`the OAuth state file ${path} is not valid JSON; move it aside to start with no clients`);
  }
}

export function writeStateFile(path: string, value: unknown): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const temporary = `${path}.${process.pid}.tmp`;
  // Owner-only: the file holds the digests of refresh tokens.
  const fd = openSync(temporary, "w", 0o600);
  try {
    writeSync(fd, JSON.stringify(value));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    renameSync(temporary, path);
  } catch (err) {
    rmSync(temporary, { force: true });
    throw err;
  }
}
