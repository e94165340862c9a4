/**
 * The whole of working in an artist's own project, through the built `svc` over stdio with the MCP
 * SDK's client, against tdsim: build a node in a fresh /project1, adopt a network built by hand,
 * change an artist's node only with allow_unmanaged, and plan again with nothing to do.
 */
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BridgeClient, bridgeConfigFromEnv } from "../../runtime/engine/bridge-client/index.js";
import { startSim, type RunningSim } from "../../runtime/sim/start-sim.js";
import { errorOf, stdioClient, textOf } from "./helpers.js";
import { readLiveNetwork } from "../../runtime/engine/plan/live-state.js";

let sim: RunningSim;
let bridge: BridgeClient;
let client: Client;

beforeAll(async () => {
  sim = await startSim({ port: 0 });
  bridge = new BridgeClient(bridgeConfigFromEnv({ SVC_BRIDGE_URL: sim.url }));
  client = await stdioClient({ SVC_BRIDGE_URL: sim.url, SVC_TOOL_PROFILE: "full" });
});

afterAll(async () => {
  await client?.close();
  await bridge?.close();
  await sim?.stop();
});

async function call<T>(name: string, args: Record<string, unknown>): Promise<T> {
  const r = (await client.callTool({ name, arguments: args })) as CallToolResult;
  expect(r.isError, textOf(r)).toBeFalsy();
  return r.structuredContent as T;
}

const node = (path: string) =>
  bridge.get<{ tags: string[]; non_default_params: Array<{ name: string; value: unknown }> }>(
    `/api/nodes/${encodeURIComponent(path)}`,
  );
const param = async (path: string, name: string) =>
  (await node(path)).non_default_params.find((p) => p.name === name)?.value;

describe("an assistant in the artist's own project, over stdio", () => {
  it("builds, adopts, edits an artist's node only when told to, and plans again with nothing to do", async () => {
    // A fresh /project1 holds nothing.
    expect((await bridge.get<{ total: number }>("/api/nodes", { parent: "/project1" })).total).toBe(0);

    // 1. A node in /project1 itself: svc's, the COMP stays the artist's.
    const made = await call<{ path: string; root: string }>("create_td_node", {
      parent: "/project1",
      type: "noiseTOP",
      name: "seed",
      parameters: { period: 4 },
    });
    expect([made.root, made.path]).toEqual(["/project1", "/project1/seed"]);
    expect((await node("/project1/seed")).tags).toEqual(["svc"]);
    expect((await node("/project1")).tags).toEqual([]);

    // 2. The artist builds a network by hand; svc adopts it with confirmation.
    await bridge.post("/api/batch", {
      operations: [
        { action: "create", parent_path: "/project1", type: "baseCOMP", name: "show" },
        {
          action: "create",
          parent_path: "/project1/show",
          type: "constantTOP",
          name: "bg",
          parameters: { colorr: 0.2 },
        },
        {
          action: "create",
          parent_path: "/project1/show",
          type: "levelTOP",
          name: "grade",
          parameters: { opacity: 0.8 },
        },
        { action: "connect", source_path: "/project1/show/bg", target_path: "/project1/show/grade" },
        {
          action: "create",
          parent_path: "/project1",
          type: "levelTOP",
          name: "artist_level",
          parameters: { opacity: 0.5 },
        },
      ],
    });
    const looked = await call<{ adopted: boolean; source: string }>("adopt_network", { path: "/project1/show" });
    expect(looked.adopted).toBe(false);
    expect((await node("/project1/show/bg")).tags).toEqual([]);
    const adopted = await call<{ adopted: boolean; replanEmpty: boolean; source: string; taken: string[] }>(
      "adopt_network",
      { path: "/project1/show", confirm: true },
    );
    expect([adopted.adopted, adopted.replanEmpty]).toEqual([true, true]);
    expect(adopted.taken).toEqual(["/project1/show/bg", "/project1/show/grade"]);
    expect((await node("/project1/show/bg")).tags).toEqual(["svc"]);

    // 3. The artist's own node: refused without the flag, changed with it, and still the artist's.
    const refusedEdit = (await client.callTool({
      name: "set_parameter",
      arguments: { path: "/project1/artist_level", parameter: "opacity", value: 1 },
    })) as CallToolResult;
    expect(refusedEdit.isError).toBe(true);
    expect(errorOf(refusedEdit)).toMatchObject({ code: "not-owned" });
    expect(errorOf(refusedEdit).message).toMatch(/allow_unmanaged: true/);
    expect(await param("/project1/artist_level", "opacity")).toBe(0.5);
    const edited = await call<{ unmanaged: Array<{ what: string; before: unknown; after: unknown }> }>(
      "set_parameter",
      {
        path: "/project1/artist_level",
        parameter: "opacity",
        value: 1,
        allow_unmanaged: true,
      },
    );
    expect(edited.unmanaged).toEqual([{ path: "/project1/artist_level", what: "opacity", before: 0.5, after: 1 }]);
    expect((await node("/project1/artist_level")).tags).toEqual([]);

    // 4. Planning again: the adopted network and /project1's own svc nodes have nothing to do.
    const adoptedPlan = await call<{ networks: Array<{ empty: boolean; conflicts: number }> }>("plan_network", {
      source: adopted.source,
      root: "/project1/{network}",
    });
    expect(adoptedPlan.networks[0]).toMatchObject({ empty: true, conflicts: 0 });
    const record = { value: { source: (await readLiveNetwork(bridge, "/project1")).lastApplied!.source! } };
    const hostPlan = await call<{ networks: Array<{ empty: boolean; conflicts: number; ignoredUnowned: number }> }>(
      "plan_network",
      { source: record.value.source.text, root: "/{network}" },
    );
    expect(hostPlan.networks[0]).toMatchObject({ empty: true, conflicts: 0 });
    // Everything it does not manage is counted and left alone (the COMP, the artist's level, show and what it holds).
    expect(hostPlan.networks[0]!.ignoredUnowned).toBeGreaterThanOrEqual(3);
  }, 120_000);
});
