/**
 * Answers a model can use and that never break on one record: get_td_docs lists the parameters in
 * its text (clients that read only text content see them), and find_td_parameters accepts a
 * parameter whose style the environment does not give (style null) instead of failing its own
 * output schema.
 */
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { findTdParameters } from "../../runtime/mcp/tools/live/find-td-parameters.js";
import { memoryClient, textOf } from "./helpers.js";

let client: Client;
beforeAll(async () => {
  client = await memoryClient({ profile: "core", rawPython: false });
});
afterAll(async () => client?.close());

describe("get_td_docs", () => {
  it("puts every parameter shown in its text content, with style, default and menu", async () => {
    const r = (await client.callTool({
      name: "get_td_docs",
      arguments: { name: "noiseTOP", match: "period" },
    })) as CallToolResult;
    const text = textOf(r);
    const params = (r.structuredContent as { operator: { params: { name: string }[] } }).operator.params;
    expect(params.length).toBeGreaterThan(0);
    for (const p of params) expect(text).toMatch(new RegExp(`^- ${p.name}\\b`, "m"));
    expect(text).toMatch(/^- period \(Period\): Float/m);
  });
});

describe("find_td_parameters", () => {
  it("its output schema takes a parameter whose style is unknown (null)", () => {
    const schema = z.object(findTdParameters.output!);
    const record = {
      path: "/project1/a",
      type: "noiseTOP",
      name: "x",
      value: 1,
      mode: "constant",
      expression: null,
      isDefault: true,
      style: null,
      hidden: false,
    };
    const reply = {
      matches: [record],
      count: 1,
      nodesSearched: 1,
      parametersScanned: 1,
      unreadable: 0,
      frame: 1,
      complete: true,
      stoppedBy: null,
    };
    expect(schema.safeParse(reply).success).toBe(true);
  });
});
