/** SVC_EVENTS settings, and the client-side gate on high-frequency events (no bridge needed). */
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { LoggingMessageNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it, vi } from "vitest";
import { ConfigError, mcpConfigFromEnv } from "../../runtime/mcp/config.js";
import type { BridgeEvent } from "../../runtime/engine/events/bridge-events.js";
import { subscribedPath } from "../../runtime/mcp/event-forwarding.js";
import { createSvcServer } from "../../runtime/mcp/server.js";

function fakeSource() {
  const listeners = new Set<(e: BridgeEvent) => void>();
  return {
    on(fn: (e: BridgeEvent) => void) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    emit(event: string, data: Record<string, unknown>, seq: number) {
      for (const fn of listeners) fn({ event, seq, frame: 1, time: 0, data });
    },
    get count() {
      return listeners.size;
    },
  };
}

async function connected(highFrequency: string[]) {
  const source = fakeSource();
  const server = await createSvcServer(
    { profile: "core", rawPython: true },
    { events: { source, highFrequency: new Set(highFrequency) } },
  );
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "svc-test", version: "1" });
  const got: Array<{ level: string; data: BridgeEvent }> = [];
  client.setNotificationHandler(
    LoggingMessageNotificationSchema,
    (n) => void got.push({ level: n.params.level, data: n.params.data as BridgeEvent }),
  );
  await client.connect(clientSide);
  return { source, client, server, got };
}

describe("SVC_EVENTS", () => {
  it("is off by default, on with on/1/true, and refuses other words and unknown high-frequency names", () => {
    expect(mcpConfigFromEnv({}).events).toEqual({ enabled: false, highFrequency: [] });
    expect(mcpConfigFromEnv({ SVC_EVENTS: "on", SVC_EVENTS_HIGH_FREQUENCY: "node.cook" }).events).toEqual({
      enabled: true,
      highFrequency: ["node.cook"],
    });
    expect(() => mcpConfigFromEnv({ SVC_EVENTS: "sometimes" })).toThrow(ConfigError);
    expect(() => mcpConfigFromEnv({ SVC_EVENTS_HIGH_FREQUENCY: "node.created" })).toThrow(
      /timeline.frame and node.cook/,
    );
  });

  it("forwards normal events with their level and drops high-frequency ones not opted in", async () => {
    const { source, client, server, got } = await connected(["node.cook"]);
    await client.setLoggingLevel("debug"); // high-frequency events come at debug
    source.emit("timeline.frame", { frame: 3 }, 1);
    source.emit("node.cook", { path: "/project1/a", total_cooks: 2 }, 2);
    source.emit("node.error", { path: "/project1/a", erroring: true, errors: ["boom"] }, 3);
    source.emit("node.error", { path: "/project1/a", erroring: false, errors: [] }, 4);
    await vi.waitFor(() => expect(got).toHaveLength(3), { timeout: 10_000 });
    expect(got.map((g) => [g.data.event, g.level])).toEqual([
      ["node.cook", "debug"],
      ["node.error", "error"],
      ["node.error", "notice"],
    ]);
    await client.setLoggingLevel("warning");
    source.emit("node.created", { path: "/project1/b" }, 5);
    source.emit("node.error", { path: "/project1/b", erroring: true, errors: ["x"] }, 6);
    await vi.waitFor(() => expect(got).toHaveLength(4), { timeout: 10_000 });
    expect(got[3]!.data.seq).toBe(6);
    await client.close();
    await server.close();
    expect(source.count).toBe(0);
  });

  it("subscribes only digest URIs of valid paths", () => {
    expect(subscribedPath("svc://digest//project1/net")).toBe("/project1/net");
    expect(subscribedPath("svc://digest/%2Fproject1")).toBe("/project1");
    expect(subscribedPath("svc://digest//project1/../x")).toBeUndefined();
    expect(subscribedPath("svc://recipes/x")).toBeUndefined();
  });
});
