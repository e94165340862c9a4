/**
 * SVC_EVENTS end to end: tdsim's bridge pushes events over its WebSocket, svc forwards them to an
 * SDK client as log messages (stdio and Streamable HTTP) and as resource updates. Arrival and
 * order are asserted with generous waits; latency is measured in bench/events.bench.ts.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { LoggingMessageNotificationSchema, ResourceUpdatedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, describe, expect, it } from "vitest";
import { startHttpServer, type RunningHttpServer } from "../../runtime/mcp/transports/http.js";
import { useLiveSim } from "../support/live-sim.js";
import { stdioClient } from "./helpers.js";

const live = useLiveSim();
const WAIT_MS = 60_000;

interface Forwarded {
  event: string;
  seq: number;
  data: { path?: string; erroring?: boolean; type?: string };
}

/** Collects the svc.events log messages a client receives and waits for one that matches. */
function collect(client: Client) {
  const seen: Forwarded[] = [];
  const waiters: Array<() => void> = [];
  client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
    if (n.params.logger !== "svc.events") return;
    seen.push(n.params.data as Forwarded);
    for (const w of waiters.splice(0)) w();
  });
  return {
    seen,
    async waitFor(match: (e: Forwarded) => boolean, what: string): Promise<Forwarded> {
      const deadline = Date.now() + WAIT_MS;
      for (;;) {
        const hit = seen.find(match);
        if (hit) return hit;
        if (Date.now() > deadline) throw new Error(`no ${what} within ${WAIT_MS} ms; got ${JSON.stringify(seen.map((e) => e.event))}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 250);
        });
      }
    },
  };
}

let probes = 0;

/** The server's stream is connected once a node made now is reported: make probes until one is. */
async function untilStreaming(events: ReturnType<typeof collect>, parent: string): Promise<void> {
  const made = new Set<string>();
  const deadline = Date.now() + WAIT_MS;
  while (Date.now() < deadline) {
    const name = `probe${++probes}`;
    await live.client.post("/api/nodes", { parent_path: parent, type: "noiseTOP", name });
    made.add(`${parent}/${name}`);
    const hit = await Promise.race([
      events.waitFor((e) => e.event === "node.created" && made.has(e.data.path ?? ""), "probe").then(() => true),
      new Promise<boolean>((r) => setTimeout(() => r(false), 1000)),
    ]).catch(() => false);
    if (hit) return;
  }
  throw new Error("the event stream never connected");
}

async function errorCycle(events: ReturnType<typeof collect>, parent: string): Promise<void> {
  await live.client.post("/api/nodes", { parent_path: parent, type: "noiseTOP", name: "bad" });
  const created = await events.waitFor((e) => e.event === "node.created" && e.data.path === `${parent}/bad`, "node.created");
  await live.client.post("/api/batch", { operations: [{ action: "set_mode", path: `${parent}/bad`, param: "seed", mode: "expression", expr: "1/0" }] });
  const error = await events.waitFor((e) => e.event === "node.error" && e.data.path === `${parent}/bad`, "node.error");
  expect(error.data.erroring).toBe(true);
  expect(error.seq).toBeGreaterThan(created.seq);
}

describe("bridge events as MCP notifications", () => {
  it("reach an SDK client over stdio: node.error after node.created", async () => {
    await live.client.post("/api/nodes", { parent_path: "/project1", type: "baseCOMP", name: "viaStdio" });
    const client = await stdioClient({ SVC_EVENTS: "on", SVC_BRIDGE_URL: live.sim.url });
    try {
      const events = collect(client);
      await untilStreaming(events, "/project1/viaStdio");
      await errorCycle(events, "/project1/viaStdio");
      expect(events.seen.some((e) => e.event === "timeline.frame")).toBe(false);
    } finally {
      await client.close();
    }
  });

  describe("over Streamable HTTP", () => {
    let server: RunningHttpServer | undefined;
    const clients: Client[] = [];
    const previous = process.env.SVC_BRIDGE_URL;
    afterAll(async () => {
      await Promise.all(clients.map((c) => c.close().catch(() => {})));
      await server?.close();
      if (previous === undefined) delete process.env.SVC_BRIDGE_URL;
      else process.env.SVC_BRIDGE_URL = previous;
    });

    it("reach an SDK client on its session stream, and digest subscriptions get resources/updated", async () => {
      process.env.SVC_BRIDGE_URL = live.sim.url; // the server's events and its tools' bridge client
      server = await startHttpServer({
        selection: { profile: "safe", rawPython: true }, port: 0, token: undefined, sessionIdleMs: 60_000, maxSessions: 4,
        events: { enabled: true, highFrequency: [] },
      });
      await live.client.post("/api/nodes", { parent_path: "/project1", type: "baseCOMP", name: "viaHttp" });
      const client = new Client({ name: "svc-test", version: "1" });
      clients.push(client);
      await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
      const updated: string[] = [];
      client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => void updated.push(n.params.uri));
      const events = collect(client);
      expect(client.getServerCapabilities()?.resources?.subscribe).toBe(true);
      await client.subscribeResource({ uri: "svc://digest//project1/viaHttp" });
      await expect(client.subscribeResource({ uri: "svc://operators/noiseTOP" })).rejects.toThrow(/only svc:\/\/digest/);
      await untilStreaming(events, "/project1/viaHttp");
      await errorCycle(events, "/project1/viaHttp");
      await events.waitFor(() => updated.includes("svc://digest//project1/viaHttp"), "resources/updated");
      // watch_node: a read that waits returns the change, and the stream forwards it as param.changed
      const bad = "/project1/viaHttp/bad";
      expect((await client.callTool({ name: "watch_node", arguments: { action: "add", path: bad, params: ["period"] } })).isError).toBeFalsy();
      const waiting = client.callTool({ name: "watch_node", arguments: { action: "read", wait_seconds: 60 } });
      await live.client.patch(`/api/nodes/${encodeURIComponent(bad)}`, { parameters: { period: 3 } });
      const read = (await waiting).structuredContent as { watches: Array<{ path: string; changes: Array<{ param: string; new: unknown }> }> };
      expect(read.watches.find((w) => w.path === bad)?.changes).toEqual([expect.objectContaining({ param: "period", new: 3 })]);
      const changed = await events.waitFor((e) => e.event === "param.changed" && e.data.path === bad, "param.changed");
      expect(changed.event).toBe("param.changed");
      await client.unsubscribeResource({ uri: "svc://digest//project1/viaHttp" });
    });
  });
});
