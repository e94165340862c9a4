/**
 * The bridge's events, forwarded to an MCP client (spec 6): each one as a log message
 * (`notifications/message`, logger `svc.events`) on whatever stream the transport has for
 * server-initiated messages (stdout; the HTTP session's GET stream), and, for the resources the
 * client subscribed to, `notifications/resources/updated`.
 */
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import {
  ErrorCode,
  McpError,
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
  type LoggingLevel,
} from "@modelcontextprotocol/sdk/types.js";
import type { BridgeEvent } from "../engine/index.js";
import type { ClientLogLevel } from "./logging.js";
import type { Services } from "../services.js";
import { SCENE_VIEWS, unknownView, viewedNetwork } from "./resources/scene.js";

interface EventSource {
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
const MAX_PENDING_PATHS = 256;
const DIGEST_PREFIX = "svc://digest/";
const SCENE_PREFIX = "svc://scene/";

/** What a subscribed URI shows: a quick filter per event, then a check per coalesced update. */
export interface SubscriptionScope {
  mayCover(path: string): boolean;
  /** Whether a change at one of these paths changes what the resource shows now. */
  covers(paths: readonly string[]): Promise<boolean>;
}

function below(root: string): SubscriptionScope {
  return { mayCover: (path) => within(path, root), covers: async () => true };
}

/** The scope of a subscribable URI, or why it cannot be subscribed to. */
export function subscriptionScope(uri: string, services: Services): SubscriptionScope | string {
  if (uri.startsWith(SCENE_PREFIX)) {
    const view = uri.slice(SCENE_PREFIX.length);
    if (!Object.hasOwn(SCENE_VIEWS, view)) return unknownView(view);
    if (view === "project") return below("/");
    // The editor may show another COMP by the time the update is due: ask the bridge then.
    return {
      mayCover: () => true,
      covers: async (paths) => {
        const network = await viewedNetwork(view, services);
        return network !== null && paths.some((p) => within(p, network));
      },
    };
  }
  const path = subscribedPath(uri);
  return path === undefined
    ? `only svc://digest/{path} and svc://scene/{view} can be subscribed to, not ${uri}`
    : below(path);
}

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
export function forwardEvents(
  server: McpServer,
  logLevel: ClientLogLevel,
  forwarding: EventForwarding,
  services: Services,
): void {
  const subscriptions = new Map<string, SubscriptionScope>();
  /** Per URI, the paths changed since its update was scheduled (bounded; any one may be enough). */
  const due = new Map<string, { timer: NodeJS.Timeout; paths: Set<string> }>();
  server.server.registerCapabilities({ resources: { subscribe: true } });
  server.server.setRequestHandler(SubscribeRequestSchema, async (request) => {
    const scope = subscriptionScope(request.params.uri, services);
    if (typeof scope === "string") throw new McpError(ErrorCode.InvalidParams, scope);
    if (!subscriptions.has(request.params.uri) && subscriptions.size >= MAX_SUBSCRIPTIONS) {
      throw new McpError(ErrorCode.InvalidParams, `at most ${MAX_SUBSCRIPTIONS} subscriptions; unsubscribe one first`);
    }
    subscriptions.set(request.params.uri, scope);
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
    for (const [uri, scope] of subscriptions) {
      if (!scope.mayCover(path)) continue;
      const pending = due.get(uri);
      if (pending) {
        if (pending.paths.size < MAX_PENDING_PATHS) pending.paths.add(path);
        continue;
      }
      const paths = new Set([path]);
      const timer = setTimeout(() => {
        due.delete(uri);
        if (subscriptions.get(uri) !== scope) return;
        scope.covers([...paths]).then(
          (yes) => yes && notify("notifications/resources/updated", { uri }),
          () => notify("notifications/resources/updated", { uri }), // cannot tell: a needless re-read beats a missed change
        );
      }, UPDATE_COALESCE_MS);
      timer.unref?.();
      due.set(uri, { timer, paths });
    }
  });
  const previous = server.server.onclose;
  server.server.onclose = () => {
    stop();
    for (const { timer } of due.values()) clearTimeout(timer);
    previous?.();
  };
}
