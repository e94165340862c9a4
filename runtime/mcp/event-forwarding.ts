/**
 * The bridge's events, forwarded to an MCP client (spec 6): each one as a log message
 * (`notifications/message`, logger `svc.events`) on whatever stream the transport has for
 * server-initiated messages (stdout; the HTTP session's GET stream), and, for the resources the
 * client subscribed to, `notifications/resources/updated`.
 */
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { ErrorCode, McpError, SubscribeRequestSchema, UnsubscribeRequestSchema, type LoggingLevel } from "@modelcontextprotocol/sdk/types.js";
import type { BridgeEvent } from "../events/bridge-events.js";
import type { ClientLogLevel } from "./logging.js";

export interface EventSource {
  on(fn: (event: BridgeEvent) => void): () => void;
}

export interface EventForwarding {
  source: EventSource;
  /** High-frequency events the server asked for; the rest of that kind never reaches a client. */
  highFrequency: ReadonlySet<string>;
}

const HIGH_FREQUENCY = new Set(["timeline.frame", "node.cook"]);
/** Resource updates for one URI are sent at most this often (a burst of node events is one update). */
const UPDATE_COALESCE_MS = 50;
const MAX_SUBSCRIPTIONS = 64;
const DIGEST_PREFIX = "svc://digest/";

function levelOf(event: BridgeEvent): LoggingLevel {
  if (event.event === "node.error") return event.data.erroring === true ? "error" : "notice";
  return HIGH_FREQUENCY.has(event.event) ? "debug" : "info";
}

/** The operator path a subscribable URI covers, or undefined for URIs that cannot be subscribed. */
export function subscribedPath(uri: string): string | undefined {
  if (!uri.startsWith(DIGEST_PREFIX)) return undefined;
  let path: string;
  try {
    path = decodeURIComponent(uri.slice(DIGEST_PREFIX.length));
  } catch {
    return undefined;
  }
  return /^\/[A-Za-z0-9_/]*$/.test(path) ? path.replace(/(.)\/+$/, "$1") : undefined;
}

function within(path: string, root: string): boolean {
  return root === "/" || path === root || path.startsWith(`${root}/`);
}

/** Installs forwarding on a server before it connects; it stops when the server closes. */
export function forwardEvents(server: McpServer, logLevel: ClientLogLevel, forwarding: EventForwarding): void {
  const subscriptions = new Map<string, string>();
  const due = new Map<string, NodeJS.Timeout>();
  server.server.registerCapabilities({ resources: { subscribe: true } });
  server.server.setRequestHandler(SubscribeRequestSchema, async (request) => {
    const path = subscribedPath(request.params.uri);
    if (path === undefined) {
      throw new McpError(ErrorCode.InvalidParams, `only svc://digest/{path} can be subscribed to, not ${request.params.uri}`);
    }
    if (!subscriptions.has(request.params.uri) && subscriptions.size >= MAX_SUBSCRIPTIONS) {
      throw new McpError(ErrorCode.InvalidParams, `at most ${MAX_SUBSCRIPTIONS} subscriptions; unsubscribe one first`);
    }
    subscriptions.set(request.params.uri, path);
    return {};
  });
  server.server.setRequestHandler(UnsubscribeRequestSchema, async (request) => {
    subscriptions.delete(request.params.uri);
    return {};
  });

  const notify = (method: string, params: Record<string, unknown>) => {
    server.server.notification({ method, params } as never).catch(() => {
      // not connected yet, or the client left: events are not queued for it
    });
  };
  const stop = forwarding.source.on((event) => {
    if (HIGH_FREQUENCY.has(event.event) && !forwarding.highFrequency.has(event.event)) return;
    const level = levelOf(event);
    if (logLevel.allows(level)) notify("notifications/message", { level, logger: "svc.events", data: event });
    const path = typeof event.data.path === "string" ? event.data.path : undefined;
    if (path === undefined || HIGH_FREQUENCY.has(event.event)) return;
    for (const [uri, root] of subscriptions) {
      if (!within(path, root) || due.has(uri)) continue;
      const timer = setTimeout(() => {
        due.delete(uri);
        notify("notifications/resources/updated", { uri });
      }, UPDATE_COALESCE_MS);
      timer.unref?.();
      due.set(uri, timer);
    }
  });
  const previous = server.server.onclose;
  server.server.onclose = () => {
    stop();
    for (const timer of due.values()) clearTimeout(timer);
    previous?.();
  };
}
