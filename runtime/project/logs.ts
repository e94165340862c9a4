/** GET /api/logs: the reply, one line as people read it, and the follow loop of `svc logs --follow`. */
import type { BridgeClient } from "../engine/index.js";

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
function newLines(previous: ReadonlySet<string>, next: readonly LogLine[]): { fresh: LogLine[]; seen: Set<string> } {
  const seen = new Set(next.map(keyOf));
  return { fresh: next.filter((l) => !previous.has(keyOf(l))), seen };
}

/** How often a follow asks; the bridge keeps its lines, so nothing is lost between two reads. */
const FOLLOW_INTERVAL_MS = 750;

/**
 * The first read's lines, then each later read's new lines, until `signal` aborts or the bridge
 * goes away (then it returns "gone"); any other bridge error is thrown.
 */
export async function* followLogs(
  client: BridgeClient,
  query: LogsQuery,
  signal?: AbortSignal,
): AsyncGenerator<{ lines: LogLine[]; truncated: boolean }, "gone" | "stopped"> {
  const { BridgeError } = await import("../engine/index.js");
  const { setTimeout: sleep } = await import("node:timers/promises");
  const first = await readLogs(client, query);
  let seen = newLines(new Set(), first.lines).seen;
  yield { lines: first.lines, truncated: first.truncated };
  while (!signal?.aborted) {
    try {
      await sleep(FOLLOW_INTERVAL_MS, undefined, signal ? { signal } : {});
    } catch {
      return "stopped";
    }
    let next: LogsReply;
    try {
      next = await readLogs(client, query);
    } catch (err) {
      if (err instanceof BridgeError && (err.kind === "connection" || err.kind === "timeout")) return "gone";
      throw err;
    }
    const step = newLines(seen, next.lines);
    seen = step.seen;
    if (step.fresh.length > 0) yield { lines: step.fresh, truncated: false };
  }
  return "stopped";
}
