/**
 * Shared set-up for the atomic live-tool suites: one tdsim with the bridge per file, a small network
 * built through the bridge's REST API, and an in-process MCP client of the full profile pointed at it.
 */
import { readWholeTopology } from "../../runtime/engine/plan/paged-topology.js";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { BridgeClient, bridgeConfigFromEnv } from "../../runtime/engine/bridge-client/index.js";
import { startSim, type RunningSim } from "../../runtime/sim/start-sim.js";
import { memoryClient } from "./helpers.js";

export const NET = "/project1/net";

/** Lines of text1: long enough to need several pages. */
export const TEXT_LINES = Array.from({ length: 450 }, (_, i) => `line ${i + 1}: ${"x".repeat(i % 7)}`);

/**
 * /project1/net: noise1 (seed 7, amp driven by an expression) -> null1 (bypassed), level1 and blur1
 * with no input (each errors), const1 (640x360, display on), text1 (450 lines), table1, and
 * inner/level2 (one more unwired filter, a level down).
 */
const OPERATIONS = [
  { action: "create", parent_path: "/project1", type: "baseCOMP", name: "net" },
  { action: "create", parent_path: NET, type: "noiseTOP", name: "noise1", parameters: { seed: 7 } },
  { action: "set_mode", path: `${NET}/noise1`, param: "amp", mode: "expression", expr: "0.25 + 0.125" },
  { action: "create", parent_path: NET, type: "nullTOP", name: "null1" },
  { action: "connect", source_path: `${NET}/noise1`, target_path: `${NET}/null1` },
  { action: "set_flags", path: `${NET}/null1`, flags: { bypass: true } },
  { action: "create", parent_path: NET, type: "levelTOP", name: "level1" },
  { action: "create", parent_path: NET, type: "blurTOP", name: "blur1" },
  {
    action: "create",
    parent_path: NET,
    type: "constantTOP",
    name: "const1",
    parameters: { resolutionw: 640, resolutionh: 360, outputresolution: "custom", color: [1, 0.5, 0] },
  },
  { action: "set_flags", path: `${NET}/const1`, flags: { display: true } },
  { action: "create", parent_path: NET, type: "textDAT", name: "text1" },
  { action: "set_text", path: `${NET}/text1`, text: `${TEXT_LINES.join("\n")}\n` },
  { action: "create", parent_path: NET, type: "tableDAT", name: "table1" },
  { action: "set_text", path: `${NET}/table1`, text: "a\tb\n" },
  { action: "create", parent_path: NET, type: "baseCOMP", name: "inner" },
  { action: "create", parent_path: `${NET}/inner`, type: "levelTOP", name: "level2" },
];

export interface LiveFixture {
  sim: RunningSim;
  /** Direct bridge access for set-up and for checking what the tools left behind. */
  bridge: BridgeClient;
  client: Client;
  call(name: string, args?: Record<string, unknown>): Promise<CallToolResult>;
  /** Everything under /project1 with parameters and DAT text: compare before and after to prove nothing changed. */
  snapshot(): Promise<unknown>;
  close(): Promise<void>;
}

export async function startLiveFixture(options: { exec?: boolean } = {}): Promise<LiveFixture> {
  const env = { ...process.env };
  if (options.exec) env.SVC_BRIDGE_ALLOW_EXEC = "1";
  else delete env.SVC_BRIDGE_ALLOW_EXEC;
  const sim = await startSim({ port: 0, env });
  process.env.SVC_BRIDGE_URL = sim.url;
  const bridge = new BridgeClient(bridgeConfigFromEnv({ SVC_BRIDGE_URL: sim.url }));
  await bridge.post("/api/batch", { operations: OPERATIONS });
  const client = await memoryClient({ profile: "full", rawPython: true });
  return {
    sim,
    bridge,
    client,
    call: (name, args = {}) => client.callTool({ name, arguments: args }) as Promise<CallToolResult>,
    snapshot: async () => {
      // Walked to completion, page by page, whatever the machine's load.
      return (
        await readWholeTopology<{ path: string; family: string }>(bridge, "/project1", {
          depth: 8,
          params: true,
          text: true,
        })
      ).nodes;
    },
    close: async () => {
      await client.close();
      await bridge.close();
      await sim.stop();
      delete process.env.SVC_BRIDGE_URL;
    },
  };
}
