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

const call = (name: string, args: Record<string, unknown>) =>
  client.callTool({ name, arguments: args }) as Promise<CallToolResult>;

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
    const r = await call("format_network", {
      source: "svcnet 1\nnetwork x {\n  a: noiseTOP { period: }\n}\n",
      file: "x.svcnet",
    });
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

describe("validate_network", () => {
  const VALID = `svcnet 1
network tunnel {
  noise1: noiseTOP { period: 3, mono: on }
  out1: nullTOP [display]
  noise1 -> out1
}
`;

  it("accepts a correct network and summarises it", async () => {
    const r = await call("validate_network", { source: VALID });
    expect(r.isError).toBeFalsy();
    expect(r.structuredContent).toEqual({
      valid: true,
      errors: 0,
      warnings: 0,
      diagnostics: [],
      networks: [{ name: "tunnel", path: "/project1/tunnel", nodes: 2, wires: 1 }],
    });
    expect(textOf(r)).toBe("valid: network tunnel (2 nodes, 1 wire)");
  });

  it("reports a misspelt parameter with its position, help and a replacement", async () => {
    const r = await call("validate_network", { source: VALID.replace("period: 3", "perod: 3"), file: "tunnel.svcnet" });
    const s = r.structuredContent as {
      valid: boolean;
      errors: number;
      diagnostics: {
        code: string;
        file: string;
        range: { start: { line: number; column: number } };
        help: string[];
        suggestions: { replacement: string }[];
      }[];
    };
    expect(s.valid).toBe(false);
    expect(s.errors).toBe(1);
    const d = s.diagnostics[0]!;
    expect(d).toMatchObject({
      code: "unknown-parameter",
      file: "tunnel.svcnet",
      range: { start: { line: 3, column: 22 } },
    });
    expect(d.suggestions[0]!.replacement).toBe("period");
    // The readable text is the code frame, pointing at the word.
    expect(textOf(r)).toContain("tunnel.svcnet:3:22");
    expect(textOf(r)).toMatch(/\^\^\^\^\^/);
  });

  it("reports a menu entry that does not exist and an unknown operator type", async () => {
    const source = VALID.replace(
      "out1: nullTOP [display]",
      "out1: nulTOP [display]\n  c1: compositeTOP { operand: ad }",
    );
    const s = (await call("validate_network", { source })).structuredContent as {
      diagnostics: { code: string; help: string[] }[];
    };
    const codes = s.diagnostics.map((d) => d.code);
    expect(codes).toContain("unknown-menu-entry");
    expect(codes.some((c) => c.startsWith("unknown-op"))).toBe(true);
    expect(s.diagnostics.find((d) => d.code === "unknown-menu-entry")!.help.join(" ")).toContain("'add'");
  });

  it("names the MCP tool to call next, never an svc command, and what an extra word most likely meant", async () => {
    const source = "svcnet 1\nnetwork x {\n  e: edgedetectTOP\n  n: noiseTOP { frobnicate: 1 }\n  q: zzqqTOP\n}\n";
    const r = await call("validate_network", { source });
    const s = r.structuredContent as { diagnostics: { code: string; message: string; help: string[] }[] };
    const help = (needle: string) => s.diagnostics.find((d) => d.message.includes(needle))!.help;
    expect(help("edgedetectTOP")).toEqual(["did you mean 'edgeTOP'?"]);
    expect(help("zzqqTOP").join(" ")).toContain("search_operators tool");
    expect(help("frobnicate").join(" ")).toContain("get_td_docs tool with name 'noiseTOP'");
    expect(JSON.stringify(s.diagnostics)).not.toMatch(/svc kb/);
    expect(textOf(r)).not.toMatch(/svc kb/);
  });

  it("reports syntax errors as diagnostics, not as a failed call", async () => {
    const r = await call("validate_network", { source: "svcnet 1\nnetwork x {\n  a: noiseTOP { period: }\n}\n" });
    expect(r.isError).toBeFalsy();
    expect((r.structuredContent as { diagnostics: { code: string }[] }).diagnostics[0]!.code).toBe("missing-value");
  });
});

describe("get_network_picture", () => {
  let full: Client;
  beforeAll(async () => {
    full = await memoryClient({ profile: "full", rawPython: false });
  });
  afterAll(async () => {
    await full.close();
  });
  const draw = (args: Record<string, unknown>) =>
    full.callTool({ name: "get_network_picture", arguments: args }) as Promise<CallToolResult>;

  it("draws the source as a PNG image block, with what it drew", async () => {
    const r = await draw({ source: MESSY });
    expect(r.isError).toBeFalsy();
    expect(r.structuredContent).toMatchObject({ nodes: 2, wires: 1, format: "png" });
    const image = r.content.find((c) => c.type === "image") as { data: string; mimeType: string } | undefined;
    expect(image?.mimeType).toBe("image/png");
    const png = Buffer.from(image!.data, "base64");
    expect(png.subarray(1, 4).toString()).toBe("PNG");
    expect(png.readUInt32BE(16)).toBe((r.structuredContent as { width: number }).width);
  });

  it("returns the SVG text on request, the same picture svc draw writes", async () => {
    const r = await draw({ source: MESSY, format: "svg" });
    const svg = (r.structuredContent as { svg: string }).svg;
    expect(svg).toMatch(/^<svg xmlns/);
    expect(svg).toContain('data-path="/project1/tunnel/noise1"');
    expect(svg).toContain("<title>noise1[0] -&gt; out1[0]</title>");
  });

  it("answers a network with errors with its diagnostics and no picture", async () => {
    const r = await draw({ source: "svcnet 1\nnetwork x {\n  a: noiseTOPP\n}\n" });
    expect(r.isError).toBe(true);
    expect(errorOf(r).code).toBe("diagnostics");
    expect(r.content.some((c) => c.type === "image")).toBe(false);
  });
});
