/**
 * SVC_EVENTS end to end: tdsim's bridge pushes events over its WebSocket, svc forwards them to an
 * SDK client as log messages (stdio and Streamable HTTP) and as resource updates. Arrival and
 * order are asserted with generous waits; latency is measured in bench/events.bench.ts.
 */
import { createServices } from "../../runtime/services.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import {
  LoggingMessageNotificationSchema,
  ResourceUpdatedNotificationSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { subscriptionScope, type SubscriptionScope } from "../../runtime/mcp/event-forwarding.js";
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
        if (Date.now() > deadline)
          throw new Error(`no ${what} within ${WAIT_MS} ms; got ${JSON.stringify(seen.map((e) => e.event))}`);
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

/** Shows `path` in tdsim's network editor (a job run on a later frame) and waits until it shows `network`. */
async function focusEditor(path: string, network: string): Promise<void> {
  await live.client.post("/api/editor/focus", { path });
  const deadline = Date.now() + WAIT_MS;
  while (
    (await live.client.get<{ active_editor: { network: string } | null }>("/api/editor/context")).active_editor
      ?.network !== network
  ) {
    if (Date.now() > deadline) throw new Error(`the editor never showed ${network}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function errorCycle(events: ReturnType<typeof collect>, parent: string): Promise<void> {
  await live.client.post("/api/nodes", { parent_path: parent, type: "noiseTOP", name: "bad" });
  const created = await events.waitFor(
    (e) => e.event === "node.created" && e.data.path === `${parent}/bad`,
    "node.created",
  );
  await live.client.post("/api/batch", {
    operations: [{ action: "set_mode", path: `${parent}/bad`, param: "seed", mode: "expression", expr: "1/0" }],
  });
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
    beforeAll(async () => {
      process.env.SVC_BRIDGE_URL = live.sim.url; // the server's events and its tools' bridge client
      server = await startHttpServer({
        selection: { profile: "safe", rawPython: true },
        port: 0,
        token: undefined,
        sessionIdleMs: 60_000,
        maxSessions: 4,
        events: { enabled: true, highFrequency: [] },
      });
    });
    afterAll(async () => {
      await Promise.all(clients.map((c) => c.close().catch(() => {})));
      await server?.close();
      if (previous === undefined) delete process.env.SVC_BRIDGE_URL;
      else process.env.SVC_BRIDGE_URL = previous;
    });

    async function connect(): Promise<{ client: Client; updated: string[]; events: ReturnType<typeof collect> }> {
      const client = new Client({ name: "svc-test", version: "1" });
      clients.push(client);
      await client.connect(new StreamableHTTPClientTransport(new URL(server!.url)));
      const updated: string[] = [];
      client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => void updated.push(n.params.uri));
      return { client, updated, events: collect(client) };
    }

    it("reach an SDK client on its session stream, and digest subscriptions get resources/updated", async () => {
      await live.client.post("/api/nodes", { parent_path: "/project1", type: "baseCOMP", name: "viaHttp" });
      const { client, updated, events } = await connect();
      expect(client.getServerCapabilities()?.resources?.subscribe).toBe(true);
      await client.subscribeResource({ uri: "svc://digest//project1/viaHttp" });
      await expect(client.subscribeResource({ uri: "svc://operators/noiseTOP" })).rejects.toThrow(
        /only svc:\/\/digest/,
      );
      await untilStreaming(events, "/project1/viaHttp");
      await errorCycle(events, "/project1/viaHttp");
      await events.waitFor(() => updated.includes("svc://digest//project1/viaHttp"), "resources/updated");
      // watch_node: a read that waits returns the change, and the stream forwards it as param.changed
      const bad = "/project1/viaHttp/bad";
      expect(
        (await client.callTool({ name: "watch_node", arguments: { action: "add", path: bad, params: ["period"] } }))
          .isError,
      ).toBeFalsy();
      const waiting = client.callTool({ name: "watch_node", arguments: { action: "read", wait_seconds: 60 } });
      await live.client.patch(`/api/nodes/${encodeURIComponent(bad)}`, { parameters: { period: 3 } });
      const read = (await waiting).structuredContent as {
        watches: Array<{ path: string; changes: Array<{ param: string; new: unknown }> }>;
      };
      expect(read.watches.find((w) => w.path === bad)?.changes).toEqual([
        expect.objectContaining({ param: "period", new: 3 }),
      ]);
      const changed = await events.waitFor((e) => e.event === "param.changed" && e.data.path === bad, "param.changed");
      expect(changed.event).toBe("param.changed");
      await client.unsubscribeResource({ uri: "svc://digest//project1/viaHttp" });
    });

    it("serve svc://scene/{view}: completed view names, the editor's COMP and the top level, updates when the editor's network changes", async () => {
      const net = "/project1/viaScene";
      await live.client.post("/api/nodes", { parent_path: "/project1", type: "baseCOMP", name: "viaScene" });
      await live.client.post("/api/nodes", { parent_path: net, type: "noiseTOP", name: "noise1" });
      const { client, updated, events } = await connect();
      const completed = await client.complete({
        ref: { type: "ref/resource", uri: "svc://scene/{view}" },
        argument: { name: "view", value: "ed" },
      });
      expect(completed.completion.values).toEqual(["editor"]);
      await expect(client.readResource({ uri: "svc://scene/stage" })).rejects.toThrow(
        /no scene view 'stage'; valid views: editor, project/,
      );
      await expect(client.subscribeResource({ uri: "svc://scene/stage" })).rejects.toThrow(
        /valid views: editor, project/,
      );

      // The artist's editor moves into the COMP (tdsim's one network editor starts at /project1).
      await focusEditor(`${net}/noise1`, net);
      const read = async (uri: string) =>
        JSON.parse(((await client.readResource({ uri })).contents[0] as { text: string }).text);
      const editor = await read("svc://scene/editor");
      expect(editor).toMatchObject({
        view: "editor",
        network: net,
        complete: true,
        counts: { children: 1, wires: 0 },
        children: ["noise1: noiseTOP"],
      });
      expect(editor.editor).toMatchObject({
        current: `${net}/noise1`,
        selection: [`${net}/noise1`],
        selectionCount: 1,
      });
      expect(editor.more).toContain(`svc://digest/${net}`);
      const project = await read("svc://scene/project");
      expect(project).toMatchObject({ view: "project", network: "/" });
      expect(project.children).toEqual(expect.arrayContaining(["project1: containerCOMP"]));
      expect(project.editor).toBeUndefined();

      await untilStreaming(events, net);
      await client.subscribeResource({ uri: "svc://scene/editor" });
      await live.client.post("/api/nodes", { parent_path: net, type: "levelTOP", name: "level1" });
      await events.waitFor(() => updated.includes("svc://scene/editor"), "resources/updated for svc://scene/editor");
      expect((await read("svc://scene/editor")).children).toContain("level1: levelTOP");
      await client.unsubscribeResource({ uri: "svc://scene/editor" });

      // What an editor subscription covers follows the artist: a change beside the COMP it shows is
      // not an update until the editor moves out to /project1.
      const services = createServices(process.env);
      try {
        const scope = subscriptionScope("svc://scene/editor", services) as SubscriptionScope;
        expect(await scope.covers([`${net}/level1`])).toBe(true);
        expect(await scope.covers(["/project1/viaHttp/bad"])).toBe(false);
        await focusEditor(net, "/project1");
        expect(await scope.covers(["/project1/viaHttp/bad"])).toBe(true);
      } finally {
        await services.close();
      }
    });
  });
});
