import { hostname } from "node:os";

/** The process that writes an apply journal, so that another command does not undo an apply still running. */
export function journalOwner(): { pid: number; host: string } {
  return { pid: process.pid, host: hostname() };
}
