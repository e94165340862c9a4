import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
/**
 * Shared set-up for the network tool suites: one tdsim per file, an in-process MCP client (full
 * profile unless asked otherwise), and direct bridge reads to check what a tool left behind.
 */
import { readWholeTopology } from "../../runtime/engine/plan/paged-topology.js";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { expect } from "vitest";
import { BridgeClient, bridgeConfigFromEnv } from "../../runtime/engine/bridge-client/index.js";
import type { ToolProfile } from "../../runtime/mcp/config.js";
import { startSim, type RunningSim } from "../../runtime/sim/start-sim.js";
import { errorOf, memoryClient, textOf } from "./helpers.js";

interface LiveNode {
  path: string;
  type: string;
  tags: string[];
  flags: Record<string, boolean>;
  params: Record<string, { value: unknown; mode?: string; expr?: string; bindExpr?: string }>;
  position: { x: number; y: number };
  text?: string;
}

export interface NetworkFixture {
  sim: RunningSim;
  bridge: BridgeClient;
  client: Client;
  call(name: string, args?: Record<string, unknown>): Promise<CallToolResult>;
  /** Structured content of a successful call (fails the test with the text otherwise). */
  ok<T = Record<string, unknown>>(name: string, args?: Record<string, unknown>): Promise<T>;
  /** Everything under /project1: nodes with parameters, tags, flags and text, and the wires. */
  snapshot(): Promise<unknown>;
  /** One live node with its non-default parameters, or undefined. */
  node(path: string): Promise<LiveNode | undefined>;
  /** Wires among the children of `comp`, as `from[out]->to[in]` with names relative to it. */
  wires(comp: string): Promise<string[]>;
  /** The bridge's raw batch, for arranging live state a test starts from (an artist's edit). */
  batch(operations: unknown[]): Promise<void>;
  /** Script tdsim's artist: how the next message boxes are answered ("choose:Delete", "close"). */
  artist(steps: string[]): void;
  close(): Promise<void>;
}

const enc = encodeURIComponent;

export async function startNetworkFixture(
  profile: ToolProfile = "full",
  options: { exec?: boolean } = {},
): Promise<NetworkFixture> {
  const env = { ...process.env };
  // Expressions are client Python: set_parameter_expression needs the bridge's exec switch.
  if (options.exec) env.SVC_BRIDGE_ALLOW_EXEC = "1";
  else delete env.SVC_BRIDGE_ALLOW_EXEC;
  // tdsim's scripted artist answers the broker's message boxes from this file (tdsim/process/artist.py).
  const artistDir = mkdtempSync(join(tmpdir(), "svc-artist-"));
  const artistFile = join(artistDir, "steps");
  writeFileSync(artistFile, "");
  env.TDSIM_ARTIST = artistFile;
  const sim = await startSim({ port: 0, env });
  process.env.SVC_BRIDGE_URL = sim.url;
  const bridge = new BridgeClient(bridgeConfigFromEnv({ SVC_BRIDGE_URL: sim.url }));
  const client = await memoryClient({ profile, rawPython: false });
  const call = (name: string, args: Record<string, unknown> = {}) =>
    client.callTool({ name, arguments: args }) as Promise<CallToolResult>;
  const node = async (path: string): Promise<LiveNode | undefined> => {
    try {
      const d = await bridge.get<{
        path: string;
        type: string;
        tags: string[];
        flags: Record<string, boolean>;
        position: { x: number; y: number };
        non_default_params: Array<{ name: string; value: unknown; mode?: string; expr?: string; bindExpr?: string }>;
        text?: string;
      }>(`/api/nodes/${enc(path)}`);
      const params = Object.fromEntries(
        d.non_default_params.map((p) => [p.name, { value: p.value, mode: p.mode, expr: p.expr, bindExpr: p.bindExpr }]),
      );
      const text = d.type.endsWith("DAT")
        ? (await bridge.get<{ text: string }>(`/api/nodes/${enc(path)}/text`)).text
        : undefined;
      return {
        path: d.path,
        type: d.type,
        tags: d.tags,
        flags: d.flags,
        params,
        position: d.position,
        ...(text === undefined ? {} : { text }),
      };
    } catch (err) {
      if ((err as { status?: number }).status === 404) return undefined;
      throw err;
    }
  };
  return {
    sim,
    bridge,
    client,
    call,
    async ok<T>(name: string, args: Record<string, unknown> = {}) {
      const r = await call(name, args);
      expect(r.isError, textOf(r)).toBeFalsy();
      return r.structuredContent as T;
    },
    snapshot: async () => {
      // Walked to completion, page by page, whatever the machine's load.
      const topo = await readWholeTopology<{ path: string; position?: unknown }>(bridge, "/project1", {
        depth: 16,
        params: true,
        text: true,
        custom: true,
      });
      return { nodes: topo.nodes, wires: topo.wires };
    },
    node,
    wires: async (comp: string) => {
      const topo = await readWholeTopology(bridge, comp, { depth: 1 });
      const rel = (p: string) => p.slice(comp.length + 1);
      return topo.wires.map((w) => `${rel(w.source)}[${w.source_output}]->${rel(w.target)}[${w.target_input}]`).sort();
    },
    batch: async (operations: unknown[]) => {
      await bridge.post("/api/batch", { operations });
    },
    artist: (steps: string[]) => appendFileSync(artistFile, steps.map((s) => `${s}\n`).join("")),
    close: async () => {
      rmSync(artistDir, { recursive: true, force: true });
      await client.close();
      await bridge.close();
      await sim.stop();
      delete process.env.SVC_BRIDGE_URL;
    },
  };
}

/** A refused call: an error result with this code (and message pattern). Returns the error body. */
export function refused(r: CallToolResult, code: string, message?: RegExp): ReturnType<typeof errorOf> {
  expect(r.isError, textOf(r)).toBe(true);
  const e = errorOf(r);
  expect(e.code, e.message).toBe(code);
  if (message) expect(e.message).toMatch(message);
  return e;
}

/** Arguments the schema refuses before the tool runs. */
export function invalidArgs(r: CallToolResult): void {
  expect(r.isError).toBe(true);
  expect(textOf(r)).toMatch(/Input validation error/);
}
