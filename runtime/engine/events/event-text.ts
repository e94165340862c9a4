/** One line per bridge event, as `svc events` prints it. */
import type { BridgeEvent } from "./bridge-events.js";

export function eventText(e: BridgeEvent): string {
  const d = e.data as Record<string, unknown>;
  const head = `#${e.seq} ${e.event}`;
  switch (e.event) {
    case "node.created":
    case "node.deleted":
      return `${head} ${d.path} (${d.type})`;
    case "node.error":
      return d.erroring
        ? `${head} ${d.path}: ${(d.errors as string[] | undefined)?.join(" | ") ?? ""}`
        : `${head} ${d.path}: no errors now`;
    case "param.changed": {
      const changes = (d.changes as Array<{ param: string; old: unknown; new: unknown }> | undefined) ?? [];
      return `${head} ${d.path} (${d.id}): ${changes.map((c) => `${c.param} ${JSON.stringify(c.old)} -> ${JSON.stringify(c.new)}`).join(", ")}`;
    }
    case "project.saved":
      return `${head} ${d.file_path}`;
    case "node.cook":
      return `${head} ${d.path} (${d.total_cooks} cooks)`;
    case "timeline.frame":
      return `${head} frame ${d.frame}`;
    default:
      return `${head} ${JSON.stringify(d)}`;
  }
}
