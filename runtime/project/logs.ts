/** GET /api/logs: the reply, one line as people read it, and the follow loop of `svc logs --follow`. */
import type { BridgeClient } from "../bridge-client/index.js";

export interface LogLine {
  severity: "info" | "warning" | "error";
  source: string;
  message: string;
  path?: string;
  time?: number;
}

export interface LogsReply {
  lines: LogLine[];
  truncated: boolean;
  complete: boolean;
}

export interface LogsQuery {
  severity: "info" | "warning" | "error";
  max_lines: number;
  scope: string;
}

export function readLogs(client: BridgeClient, query: LogsQuery): Promise<LogsReply> {
  return client.get<LogsReply>("/api/logs", { ...query });
}

export function logText(l: LogLine): string {
  return `${l.severity.padEnd(7)} ${l.source === "cook" ? l.path : "bridge"}: ${l.message}`;
}

const keyOf = (l: LogLine) => JSON.stringify([l.source, l.path ?? "", l.message, l.time ?? 0, l.severity]);

/**
 * The lines of `next` not in `previous`. A cook error is state, not an event: it is shown when it
 * appears, and again only if it went away and came back.
 */
export function newLines(previous: ReadonlySet<string>, next: readonly LogLine[]): { fresh: LogLine[]; seen: Set<string> } {
  const seen = new Set(next.map(keyOf));
  return { fresh: next.filter((l) => !previous.has(keyOf(l))), seen };
}
