/**
 * The OAuth state that must survive a restart (registered clients, refresh-token families), kept
 * as one small JSON file, replaced through svc's one atomic writer: a crash leaves either the old
 * state or the new, never half of one.
 */
import { readFileSync } from "node:fs";
import { writeFileAtomicSync } from "../../atomic-write.js";

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
  // Owner-only, file and folder: the file holds the digests of refresh tokens.
  writeFileAtomicSync(path, JSON.stringify(value), { mode: 0o600, makeFolder: true, privateFolder: true });
}
