import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorOf, memoryClient, textOf } from "./helpers.js";

let client: Client;
beforeAll(async () => {
  client = await memoryClient();
});
afterAll(async () => {
  await client.close();
});

const call = (name: string, args: Record<string, unknown>) => client.callTool({ name, arguments: args }) as Promise<CallToolResult>;

const MESSY = `svcnet 1
# seed
network tunnel {
  out1: nullTOP [display]
  noise1: noiseTOP {period: 3,  mono: on}
  noise1 -> out1
}
`;

describe("format_network", () => {
  it("prints canonical source and says whether it changed", async () => {
    const r = await call("format_network", { source: MESSY });
    expect(r.isError).toBeFalsy();
    const s = r.structuredContent as { formatted: string; changed: boolean };
    expect(s.changed).toBe(true);
    expect(s.formatted).toContain("noise1: noiseTOP { mono: on, period: 3 }");
    expect(s.formatted.indexOf("noise1:")).toBeLessThan(s.formatted.indexOf("out1:"));
    expect(s.formatted).toContain("# seed");
    const again = await call("format_network", { source: s.formatted });
    expect(again.structuredContent).toMatchObject({ formatted: s.formatted, changed: false });
    expect(textOf(again)).toBe("already canonical");
  });

  it("returns syntax diagnostics with code, position and file instead of text", async () => {
    const r = await call("format_network", { source: "svcnet 1\nnetwork x {\n  a: noiseTOP { period: }\n}\n", file: "x.svcnet" });
    expect(r.isError).toBe(true);
    const err = errorOf(r);
    expect(err.code).toBe("diagnostics");
    const first = (err.diagnostics as { code: string; file: string; range: { start: { line: number } } }[])[0]!;
    expect(first.code).toBe("missing-value");
    expect(first.file).toBe("x.svcnet");
    expect(first.range.start.line).toBe(3);
    expect(textOf(r)).toMatch(/missing-value at 3:\d+/);
  });

  it("rejects an empty source", async () => {
    const r = await call("format_network", { source: "" });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toMatch(/source must not be empty/);
  });
});
