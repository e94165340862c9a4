import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allPrompts } from "../../runtime/mcp/prompts/all-prompts.js";
import { selectPrompts } from "../../runtime/mcp/prompts/registry.js";
import { numbered } from "../../runtime/mcp/prompts/steps.js";
import { allTools } from "../../runtime/mcp/tools/all-tools.js";
import { memoryClient } from "./helpers.js";

let client: Client;
beforeAll(async () => {
  client = await memoryClient({ profile: "full", rawPython: true });
});
afterAll(async () => {
  await client.close();
});

const TOOL_NAME = /\b[a-z]+(?:_[a-z]+)+\b/g;

describe("prompts", () => {
  it("offers exactly the prompts whose tools are all registered", async () => {
    const tools = new Set((await client.listTools()).tools.map((t) => t.name));
    const listed = (await client.listPrompts()).prompts.map((p) => p.name).sort();
    expect(listed).toEqual(
      selectPrompts(allPrompts, tools)
        .map((p) => p.name)
        .sort(),
    );
    expect(listed).toContain("find_operator");
    expect(listed).toContain("write_network");
  });

  it("names only tools this server registered", async () => {
    const tools = new Set((await client.listTools()).tools.map((t) => t.name));
    const known = new Set(allTools.map((t) => t.name));
    for (const p of (await client.listPrompts()).prompts) {
      const args = Object.fromEntries((p.arguments ?? []).map((a) => [a.name, "a kaleidoscope"]));
      const r = await client.getPrompt({ name: p.name, arguments: args });
      const text = (r.messages[0]!.content as { text: string }).text;
      expect(text).toContain("a kaleidoscope");
      const named = [...text.matchAll(TOOL_NAME)]
        .map((m) => m[0])
        .filter((w) => known.has(w) || w.endsWith("_network"));
      expect(named.length, p.name).toBeGreaterThan(0);
      for (const name of named) expect(tools.has(name), `${p.name} names ${name}`).toBe(true);
    }
  });

  it("drops a step whose tool is missing and renumbers the rest", () => {
    const text = numbered([{ text: "first" }, { text: "needs x", needs: "x_tool" }, { text: "last" }], new Set());
    expect(text).toBe("1. first\n2. last");
  });
});
