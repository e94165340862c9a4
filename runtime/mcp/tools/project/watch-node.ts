import { z } from "zod";
import type { BridgeEventStream } from "../../../engine/index.js";
import { defineTool } from "../registry.js";
import { failure, success } from "../result.js";
import { tdPath } from "../live/live-input.js";

const value = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.null(),
  z.array(z.union([z.string(), z.number(), z.boolean(), z.null()])),
]);

const watchRow = z.object({
  id: z.string(),
  path: z.string(),
  params: z.array(z.string()),
  state: z.enum(["active", "node_missing"]),
  values: z.record(z.string(), value).nullable(),
  changes: z
    .array(z.object({ param: z.string(), old: value, new: value }))
    .describe("each parameter that changed since the last read, once, however often it changed"),
});

interface WatchReply {
  id: string;
  path: string;
  params: string[];
  state?: "active" | "node_missing";
  values: Record<string, z.infer<typeof value>> | null;
  changes?: Array<{ param: string; old: z.infer<typeof value>; new: z.infer<typeof value> }>;
}

const line = (w: z.infer<typeof watchRow>) =>
  `${w.id} ${w.path} (${w.params.join(", ")}): ${w.state === "node_missing" ? "the node is gone" : w.changes.length === 0 ? "no change" : w.changes.map((c) => `${c.param} ${JSON.stringify(c.old)} -> ${JSON.stringify(c.new)}`).join(", ")}`;

export const watchNode = defineTool({
  name: "watch_node",
  title: "Watch parameters",
  description:
    "Watch parameters of an operator and read what changed since the last read: add a watch, read every watch, or remove one.",
  input: {
    action: z.enum(["add", "read", "remove"]).default("read"),
    path: tdPath("add: the operator to watch").optional(),
    params: z
      .array(
        z
          .string()
          .regex(/^[A-Za-z_][A-Za-z0-9_]*$/)
          .max(64),
      )
      .min(1)
      .max(256)
      .optional()
      .describe("add: parameter names, e.g. ['seed', 'period']"),
    id: z
      .string()
      .regex(/^w[0-9]+$/)
      .optional()
      .describe("remove: the watch id add returned"),
    wait_seconds: z
      .number()
      .min(0)
      .max(60)
      .default(0)
      .describe(
        "read: wait up to this long for a change (pushed by the event stream when SVC_EVENTS is on, else polled)",
      ),
  },
  output: { watches: z.array(watchRow), removed: z.string().nullable() },
  annotations: { readOnlyHint: true, openWorldHint: true },
  profiles: ["safe"],
  async handler({ action, path, params, id, wait_seconds }, ctx) {
    const bridge = await ctx.services.bridge();
    if (action === "add") {
      if (path === undefined || params === undefined) return failure("missing-argument", "add needs path and params");
      const w = await bridge.post<WatchReply>("/api/params/watch", { path, params });
      const row = { id: w.id, path: w.path, params: w.params, state: "active" as const, values: w.values, changes: [] };
      return success(
        { watches: [row], removed: null },
        `watching ${row.params.join(", ")} of ${row.path} as ${row.id}`,
      );
    }
    if (action === "remove") {
      if (id === undefined) return failure("missing-argument", "remove needs the id add returned");
      const r = await bridge.delete<{ removed: string }>("/api/params/watch", { id });
      return success({ watches: [], removed: r.removed }, `removed watch ${r.removed}`);
    }
    const deadline = ctx.services.clock.now() + wait_seconds * 1000;
    let r = await bridge.get<{ watches: WatchReply[] }>("/api/params/watch");
    while (
      ctx.services.clock.now() < deadline &&
      !ctx.signal.aborted &&
      !r.watches.some((w) => (w.changes ?? []).length > 0 || w.state === "node_missing")
    ) {
      await nextChange(ctx.services.events(), deadline - ctx.services.clock.now(), ctx.signal);
      r = await bridge.get<{ watches: WatchReply[] }>("/api/params/watch");
    }
    const watches = r.watches.map((w) => ({
      id: w.id,
      path: w.path,
      params: w.params,
      state: w.state ?? "active",
      values: w.values,
      changes: w.changes ?? [],
    }));
    return success({ watches, removed: null }, watches.length === 0 ? "no watches" : watches.map(line).join("\n"));
  },
});

/** Until the event stream reports a watched change (SVC_EVENTS on and connected), or a short poll interval. */
function nextChange(stream: BridgeEventStream | undefined, maxMs: number, signal: AbortSignal): Promise<void> {
  const pushed = stream?.isConnected === true;
  return new Promise((resolve) => {
    let stop = () => {};
    const done = () => {
      clearTimeout(timer);
      stop();
      signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, Math.max(0, Math.min(maxMs, pushed ? maxMs : POLL_MS)));
    signal.addEventListener("abort", done);
    if (pushed) stop = stream.on((e) => void (e.event === "param.changed" && done()));
  });
}

const POLL_MS = 250;
