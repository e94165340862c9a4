import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BridgeClient, bridgeConfigFromEnv } from "../../runtime/engine/bridge-client/index.js";
import { digestOf, type Topology } from "../../runtime/mcp/live/digest.js";
import { startSim, type RunningSim } from "../../runtime/sim/start-sim.js";
import { memoryClient } from "./helpers.js";

const flags = (set: Record<string, boolean> = {}) => ({
  display: false,
  render: false,
  viewer: false,
  bypass: false,
  lock: false,
  allowCooking: true,
  ...set,
});

describe("digestOf", () => {
  it("writes nodes and wires in .svcnet notation relative to the COMP", () => {
    const topology: Topology = {
      path: "/project1/tunnel",
      nodes: [
        { path: "/project1/tunnel/comp1", type: "compositeTOP", flags: flags(), tags: ["svc"] },
        { path: "/project1/tunnel/fx", type: "baseCOMP", flags: flags(), tags: [] },
        {
          path: "/project1/tunnel/fx/blur1",
          type: "blurTOP",
          flags: flags({ bypass: true, allowCooking: false }),
          tags: [],
        },
        {
          path: "/project1/tunnel/out1",
          type: "nullTOP",
          flags: flags({ display: true, render: true }),
          tags: ["svc"],
        },
      ],
      wires: [
        { source: "/project1/tunnel/comp1", source_output: 0, target: "/project1/tunnel/out1", target_input: 0 },
        { source: "/project1/tunnel/fx/blur1", source_output: 2, target: "/project1/tunnel/comp1", target_input: 1 },
      ],
      external_inputs: [
        { source: "/project1/cam1", source_output: 0, target: "/project1/tunnel/comp1", target_input: 0 },
      ],
      complete: false,
      stopped_by: "max_nodes",
    };
    expect(digestOf(topology)).toEqual({
      path: "/project1/tunnel",
      complete: false,
      stoppedBy: "max_nodes",
      counts: { nodes: 4, wires: 2, ownedBySvc: 2 },
      nodes: [
        "comp1: compositeTOP",
        "fx: baseCOMP",
        "fx/blur1: blurTOP [bypass, cooking: off]",
        "out1: nullTOP [display, render]",
      ],
      wires: ["comp1 -> out1", "fx/blur1[2] -> comp1[1]"],
      externalInputs: ["/project1/cam1 -> comp1"],
    });
  });
});

describe("svc://digest/{+path} against tdsim", () => {
  let sim: RunningSim;
  let bridge: BridgeClient;
  let client: Client;

  beforeAll(async () => {
    sim = await startSim({ port: 0 });
    process.env.SVC_BRIDGE_URL = sim.url;
    bridge = new BridgeClient(bridgeConfigFromEnv({ SVC_BRIDGE_URL: sim.url }));
    await bridge.post("/api/nodes", { parent_path: "/project1", type: "baseCOMP", name: "tunnel" });
    for (const [type, name] of [
      ["noiseTOP", "noise1"],
      ["levelTOP", "level1"],
      ["compositeTOP", "comp1"],
      ["baseCOMP", "fx"],
    ] as const) {
      await bridge.post("/api/nodes", { parent_path: "/project1/tunnel", type, name });
    }
    await bridge.post("/api/nodes", { parent_path: "/project1/tunnel/fx", type: "blurTOP", name: "blur1" });
    await bridge.post("/api/connect", {
      source_path: "/project1/tunnel/noise1",
      target_path: "/project1/tunnel/level1",
    });
    await bridge.post("/api/connect", {
      source_path: "/project1/tunnel/noise1",
      target_path: "/project1/tunnel/comp1",
      target_input: 0,
    });
    await bridge.post("/api/connect", {
      source_path: "/project1/tunnel/level1",
      target_path: "/project1/tunnel/comp1",
      target_input: 1,
    });
    client = await memoryClient();
  }, 60_000);

  afterAll(async () => {
    await client?.close();
    await bridge?.close();
    await sim?.stop();
    delete process.env.SVC_BRIDGE_URL;
  });

  async function read(uri: string) {
    const r = await client.readResource({ uri });
    return JSON.parse((r.contents[0] as { text: string }).text) as {
      path: string;
      complete: boolean;
      nodes: string[];
      wires: string[];
      counts: { nodes: number };
    };
  }

  it("digests a live COMP, nested components included", async () => {
    const d = await read("svc://digest//project1/tunnel");
    expect(d.path).toBe("/project1/tunnel");
    expect(d.complete).toBe(true);
    expect(d.nodes).toEqual([
      "comp1: compositeTOP",
      "fx: baseCOMP",
      "fx/blur1: blurTOP",
      "level1: levelTOP",
      "noise1: noiseTOP",
    ]);
    expect([...d.wires].sort()).toEqual(["level1 -> comp1[1]", "noise1 -> comp1", "noise1 -> level1"]);
  });

  it("accepts the path without its leading slash", async () => {
    expect((await read("svc://digest/project1/tunnel/fx")).nodes).toEqual(["blur1: blurTOP"]);
  });

  it("says when there is no such COMP, or the path is not a COMP", async () => {
    await expect(client.readResource({ uri: "svc://digest//project1/nowhere" })).rejects.toThrow(
      /no COMP at \/project1\/nowhere/,
    );
    await expect(client.readResource({ uri: "svc://digest//project1/tunnel/noise1" })).rejects.toThrow(/not a COMP/);
  });
});

describe("svc://digest/{+path} without a bridge", () => {
  it("says the bridge cannot be reached and how to start one", async () => {
    process.env.SVC_BRIDGE_URL = "http://127.0.0.1:9";
    const client = await memoryClient();
    try {
      await expect(client.readResource({ uri: "svc://digest//project1" })).rejects.toThrow(
        /cannot reach the bridge.*svc sim/,
      );
    } finally {
      await client.close();
      delete process.env.SVC_BRIDGE_URL;
    }
  });
});
