import { hostname } from "node:os";

export interface JournalOwner {
  pid: number;
  host: string;
}

/** The process that writes an apply journal, so that another command does not undo an apply still running. */
export function journalOwner(): JournalOwner {
  return { pid: process.pid, host: hostname() };
}

/** Whether another svc process on this machine still runs the apply its journal describes. */
export function ownerRunning(owner: JournalOwner | undefined): boolean {
  if (owner === undefined || owner.host !== hostname() || owner.pid === process.pid) return false;
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but is another user's.
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}
