import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { createServices } from "../../runtime/services.js";
import { toolByName } from "../../runtime/mcp/tools/load-tools.js";

/** What a server hands its tools: services from the environment, and any tool by name. */
const provisions = () => ({ services: createServices(process.env), tool: toolByName });
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import {
  LoggingMessageNotificationSchema,
  type CallToolResult,
  type LoggingMessageNotification,
} from "@modelcontextprotocol/sdk/types.js";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { BridgeError } from "../../runtime/engine/bridge-client/errors.js";
import { ClientLogLevel } from "../../runtime/mcp/logging.js";
import { allTools } from "../../runtime/mcp/tools/all-tools.js";
import { checkCatalog, defineTool, selectTools, type AnyToolDefinition } from "../../runtime/mcp/tools/registry.js";
import { registerTools } from "../../runtime/mcp/tools/serve-tools.js";
import { failure, success } from "../../runtime/mcp/tools/result.js";
import { errorOf, textOf } from "./helpers.js";

function tool(name: string, extra: Partial<AnyToolDefinition> = {}): AnyToolDefinition {
  return defineTool({
    name,
    description: "A test tool.",
    input: {},
    annotations: { readOnlyHint: true },
    profiles: [],
    handler: async () => success({}, "ok"),
    ...extra,
  }) as AnyToolDefinition;
}

describe("tool selection by profile", () => {
  const read = tool("read_thing", { profiles: ["core", "safe"] });
  const wipe = tool("wipe_thing", { profiles: ["core"], annotations: { readOnlyHint: false, destructiveHint: true } });
  const python = tool("run_python", {
    profiles: ["core"],
    rawPython: true,
    annotations: { readOnlyHint: false, destructiveHint: true },
  });
  const extra = tool("rare_thing");
  const all = [read, wipe, python, extra];
  const names = (profile: "core" | "full" | "safe", rawPython = true) =>
    selectTools(all, { profile, rawPython }).map((t) => t.name);

  it("core and safe offer the tools that opt in; full offers every tool", () => {
    expect(names("core")).toEqual(["read_thing", "wipe_thing", "run_python"]);
    expect(names("safe")).toEqual(["read_thing"]);
    expect(names("full")).toEqual(["read_thing", "wipe_thing", "run_python", "rare_thing"]);
  });

  it("SVC_RAW_PYTHON=off hides client-Python tools in every profile", () => {
    expect(names("full", false)).toEqual(["read_thing", "wipe_thing", "rare_thing"]);
    expect(names("core", false)).toEqual(["read_thing", "wipe_thing"]);
  });

  it("the catalog check refuses raw Python or destructive tools in safe, duplicates and bad names", () => {
    const problems = checkCatalog([
      tool("bad_safe", { profiles: ["safe"], rawPython: true }),
      tool("gone", { profiles: ["safe"], annotations: { readOnlyHint: false, destructiveHint: true } }),
      tool("twice"),
      tool("twice"),
      tool("NotSnake"),
      tool("long_one", { description: "x".repeat(400) }),
    ]);
    expect(problems).toHaveLength(5);
    expect(problems.join("\n")).toMatch(/bad_safe.*safe profile/);
    expect(problems.join("\n")).toMatch(/'twice' is defined twice/);
  });

  it("svc's own registry passes the check", () => {
    expect(checkCatalog(allTools)).toEqual([]);
    expect(allTools.length).toBeGreaterThan(0);
  });
});

describe("registered tool handlers", () => {
  let client: Client | undefined;
  afterEach(async () => {
    await client?.close();
  });

  async function serve(tools: AnyToolDefinition[]) {
    const server = new McpServer({ name: "t", version: "1" }, { capabilities: { logging: {} } });
    const level = new ClientLogLevel();
    level.install(server);
    registerTools(server, tools, level, provisions());
    const [a, b] = InMemoryTransport.createLinkedPair();
    await server.connect(b);
    client = new Client({ name: "c", version: "1" });
    const logs: LoggingMessageNotification["params"][] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void logs.push(n.params));
    await client.connect(a);
    return { client, logs };
  }

  const slow = defineTool({
    name: "slow_thing",
    description: "Reports progress.",
    input: { steps: z.number().int().min(1).max(5) },
    output: { done: z.number() },
    annotations: { readOnlyHint: true },
    profiles: [],
    async handler({ steps }, ctx) {
      for (let i = 1; i <= steps; i++)
        await ctx.progress(`step ${i} of ${steps}`, { done: i, total: steps, level: "debug" });
      return success({ done: steps }, `did ${steps} steps`);
    },
  });

  it("sends progress as log messages at or above the client's level", async () => {
    const { client, logs } = await serve([slow as AnyToolDefinition]);
    await client.setLoggingLevel("debug");
    const r = (await client.callTool({ name: "slow_thing", arguments: { steps: 2 } })) as CallToolResult;
    expect(r.structuredContent).toEqual({ done: 2 });
    expect(logs.map((l) => l.data)).toEqual(["step 1 of 2", "step 2 of 2"]);
    await client.setLoggingLevel("info");
    await client.callTool({ name: "slow_thing", arguments: { steps: 1 } });
    expect(logs).toHaveLength(2);
  });

  it("turns a thrown error into a tool error and logs it at error level", async () => {
    const boom = tool("boom_thing", {
      handler: async () => {
        throw new Error("disk on fire");
      },
    });
    const { client, logs } = await serve([boom]);
    const r = (await client.callTool({ name: "boom_thing", arguments: {} })) as CallToolResult;
    expect(r.isError).toBe(true);
    expect(errorOf(r)).toMatchObject({ code: "internal-error" });
    expect(textOf(r)).toContain("disk on fire");
    expect(textOf(r)).not.toMatch(/at .*\.ts:\d+/);
    expect(logs.some((l) => l.level === "error" && String(l.data).includes("disk on fire"))).toBe(true);
  });

  it("passes a bridge error's own code through", async () => {
    const offline = tool("live_thing", {
      handler: async () => {
        throw new BridgeError("connection", "connection_refused", "cannot reach the bridge", {
          method: "GET",
          path: "/api/info",
        });
      },
    });
    const { client } = await serve([offline]);
    const r = (await client.callTool({ name: "live_thing", arguments: {} })) as CallToolResult;
    expect(errorOf(r)).toMatchObject({ code: "connection_refused", details: { kind: "connection" } });
  });

  it("keeps structured failures out of structuredContent so output schemas stay valid", async () => {
    const refuses = defineTool({
      name: "refusing_thing",
      description: "Always fails.",
      input: {},
      output: { value: z.number() },
      annotations: { readOnlyHint: true },
      profiles: [],
      handler: async () => failure("no-value", "there is no value"),
    });
    const { client } = await serve([refuses as AnyToolDefinition]);
    await client.listTools();
    const r = (await client.callTool({ name: "refusing_thing", arguments: {} })) as CallToolResult;
    expect(r.isError).toBe(true);
    expect(r.structuredContent).toBeUndefined();
    expect(errorOf(r)).toEqual({ code: "no-value", message: "there is no value" });
  });
});

describe("unknown top-level arguments", () => {
  it("are refused with the names the tool takes, for a tool of svc's own catalog", async () => {
    const server = new McpServer({ name: "t", version: "1" }, { capabilities: { logging: {} } });
    const picked = allTools.filter((t) => ["search_operators", "get_td_info"].includes(t.name));
    registerTools(server, picked, new ClientLogLevel(), provisions());
    const [a, b] = InMemoryTransport.createLinkedPair();
    await server.connect(b);
    const client = new Client({ name: "c", version: "1" });
    await client.connect(a);
    const typo = (await client.callTool({
      name: "search_operators",
      arguments: { query: "noise", limt: 3 },
    })) as CallToolResult;
    expect(typo.isError).toBe(true);
    expect(textOf(typo)).toMatch(/unknown argument 'limt'/);
    expect(textOf(typo)).toMatch(/search_operators takes .*query/);
    const none = (await client.callTool({ name: "get_td_info", arguments: { verbose: true } })) as CallToolResult;
    expect(textOf(none)).toMatch(/unknown argument 'verbose'; get_td_info takes no arguments/);
    // The listed schema says so too, so a client can know before calling.
    const listed = (await client.listTools()).tools.find((t) => t.name === "search_operators")!;
    expect(listed.inputSchema.additionalProperties).toBe(false);
    await client.close();
  });
});

describe("the Python escape hatches of spec 5.2", () => {
  const hatches = ["execute_python_script", "exec_node_method", "create_python_script", "author_script_operator"];
  it("are hidden by SVC_RAW_PYTHON=off and absent from the safe profile", () => {
    const names = (profile: "core" | "full" | "safe", rawPython: boolean) =>
      selectTools(allTools, { profile, rawPython }).map((t) => t.name);
    for (const name of hatches) {
      expect(names("full", true)).toContain(name);
      expect(names("full", false)).not.toContain(name);
      expect(names("safe", true)).not.toContain(name);
    }
  });
});
