import { hostname } from "node:os";

export interface JournalOwner {
  pid: number;
  host: string;
}

/** The process that writes an apply journal, so that another command does not undo an apply still running. */
export function journalOwner(): JournalOwner {
  return { pid: process.pid, host: hostname() };
}

/** The transactions this process is applying now (an MCP server may run several calls at once). */
const applyingHere = new Set<string>();

export function applyingNow(transaction: string): void {
  applyingHere.add(transaction);
}

export function applyEnded(transaction: string): void {
  applyingHere.delete(transaction);
}

/**
 * Whether an svc process on this machine still runs the apply its journal describes: another process
 * that is alive, or this one while that very transaction's apply has not returned.
 */
export function ownerRunning(owner: JournalOwner | undefined, transaction: string): boolean {
  if (owner === undefined || owner.host !== hostname()) return false;
  if (owner.pid === process.pid) return applyingHere.has(transaction);
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but is another user's.
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}
