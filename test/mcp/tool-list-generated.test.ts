import { readFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createSvcServer } from "../../runtime/mcp/server.js";
import { allTools } from "../../runtime/mcp/tools/all-tools.js";
import { listedTool } from "../../runtime/mcp/tools/listed-tool.js";
import { REGENERATE_TOOL_LIST } from "../../runtime/mcp/tools/generated-tool-list.js";
import { selectTools, type ToolSelection } from "../../runtime/mcp/tools/registry.js";
import { ROOT } from "./helpers.js";
import { rawExchange, referenceServer } from "./sdk-reference.js";

const SELECTIONS: ToolSelection[] = [
  { profile: "core", rawPython: true },
  { profile: "safe", rawPython: true },
  { profile: "full", rawPython: true },
  { profile: "full", rawPython: false },
  { profile: "core", rawPython: true, creative: { enabled: true, applyCard: true } },
];
const GENERATED = `${ROOT}dist/runtime/mcp/tools/tool-list.generated.json`;

describe("tools/list from the build's generated listing", () => {
  it("is the SDK's own conversion of every tool, byte for byte, in every profile", async () => {
    for (const selection of SELECTIONS) {
      const [, reference] = await rawExchange(referenceServer(selectTools(allTools, selection)), [
        { method: "tools/list" },
      ]);
      const [, served] = await rawExchange(await createSvcServer(selection), [{ method: "tools/list" }]);
      expect(served, JSON.stringify(selection)).toBe(reference);
    }
  });

  it("the generated file in dist/ matches every tool file's schemas now", () => {
    const generated = readFileSync(GENERATED, "utf8");
    const current = JSON.stringify(allTools.map(listedTool)) + "\n";
    // A tool added or changed since the last build: the message says how to bring the file up to date.
    expect(
      generated === current,
      `${GENERATED} is out of date with the tool files: run \`${REGENERATE_TOOL_LIST}\``,
    ).toBe(true);
  });
});

describe("tools/call of a tool loaded on its first call", () => {
  const calls = [
    { name: "search_operators", arguments: { query: "noise", limit: 2 } },
    { name: "search_operators", arguments: { query: "noise", limt: 2 } },
    { name: "search_operators", arguments: { query: 3 } },
    { name: "search_operators" },
    { name: "no_such_tool", arguments: {} },
    { name: "format_network", arguments: { source: "network demo {\n noise1: noiseTOP {}\n}\n" } },
  ];
  const requests = calls.map((params) => ({ method: "tools/call", params }));

  it("answers each call, good or refused, exactly as the SDK's McpServer does", async () => {
    const selection: ToolSelection = { profile: "core", rawPython: true };
    const reference = await rawExchange(referenceServer(selectTools(allTools, selection)), requests);
    const served = await rawExchange(await createSvcServer(selection), requests);
    // The initialize results differ only in svc's resources and prompts; tools are declared alike.
    expect(JSON.parse(served[0]!).capabilities.tools).toEqual(JSON.parse(reference[0]!).capabilities.tools);
    expect(served.slice(1)).toEqual(reference.slice(1));
    // The exchange did reach the tools: a result, an unknown-argument refusal, an unknown tool.
    expect(served[1]).toContain("noiseTOP");
    expect(served[2]).toContain("unknown argument 'limt'");
    expect(served[5]).toContain("Tool no_such_tool not found");
  });
});

describe("a server started from the generated listing", () => {
  beforeEach(() => vi.resetModules());
  afterEach(() => vi.doUnmock("../../runtime/mcp/tools/generated-tool-list.js"));

  it("imports no tool file to list, and imports a tool's file on its first call", async () => {
    const loads: string[] = [];
    const { toolManifest } = await import("../../runtime/mcp/tools/tool-manifest.js");
    const listing = new Map(allTools.map((t) => [t.name, listedTool(t)]));
    vi.doMock("../../runtime/mcp/tools/generated-tool-list.js", () => ({ generatedToolList: () => listing }));
    for (const entry of toolManifest) {
      const load = entry.load;
      vi.spyOn(entry, "load").mockImplementation(async () => (loads.push(entry.name), load()));
    }
    const { createSvcServer: fresh } = await import("../../runtime/mcp/server.js");
    const [, list, first, second] = await rawExchange(await fresh({ profile: "core", rawPython: true }), [
      { method: "tools/list" },
      { method: "tools/call", params: { name: "search_operators", arguments: { query: "noise", limit: 1 } } },
      { method: "tools/call", params: { name: "search_operators", arguments: { query: "level", limit: 1 } } },
    ]);
    expect(JSON.parse(list!).tools.length).toBeGreaterThan(10);
    expect(first).toContain("noiseTOP");
    expect(second).toContain("levelTOP");
    expect(loads).toEqual(["search_operators"]);
  });
});
