/**
 * Source sent over MCP has no file system of its own: `import` and `file()` read only inside the
 * workspace folder (SVC_MCP_WORKSPACE) and svc's recipes, never follow a link out, and a refused
 * or non-.svcnet path never has its content echoed in the diagnostics.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Client as SdkClient } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { ListRootsRequestSchema, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSvcServer } from "../../runtime/mcp/server.js";
import { memoryClient } from "./helpers.js";

const SECRET = "root:x:0:0:SECRET-LINE:/root:/bin/bash";
let client: Client;
const dir = mkdtempSync(join(tmpdir(), "svc-mcp-roots-"));
const workspace = join(dir, "workspace");
const outside = join(dir, "outside");

beforeAll(async () => {
  mkdirSync(workspace);
  mkdirSync(outside);
  writeFileSync(join(outside, "passwd"), `${SECRET}\n`);
  writeFileSync(
    join(outside, "lib.svcnet"),
    `svcnet 1\n# ${SECRET}\nrecipe r { params { } network { a: noiseTOP { period: } } }\n`,
  );
  writeFileSync(join(workspace, "shader.glsl"), "void main() {}\n");
  writeFileSync(
    join(workspace, "looks.svcnet"),
    "svcnet 1\nrecipe tint {\n  in1: inTOP\n  a: levelTOP\n  out1: outTOP\n  in1 -> a -> out1\n}\n",
  );
  symlinkSync(join(outside, "lib.svcnet"), join(workspace, "linked.svcnet"));
  process.env.SVC_MCP_WORKSPACE = workspace;
  client = await memoryClient();
});
afterAll(async () => {
  delete process.env.SVC_MCP_WORKSPACE;
  await client?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function validate(source: string) {
  const r = (await client.callTool({ name: "validate_network", arguments: { source } })) as CallToolResult;
  return {
    text: JSON.stringify(r.content),
    structured: r.structuredContent as { diagnostics: { code: string; message: string }[] },
  };
}

const net = (body: string, head = "") => `svcnet 1\n${head}network n {\n${body}\n}\n`;

describe("validate_network over MCP", () => {
  it.each([
    ["/etc/passwd", "import-not-svcnet"],
    [`${join(outside, "passwd")}`, "import-not-svcnet"],
    [`${join(outside, "lib.svcnet")}`, "file-unreadable"],
    ["../outside/lib.svcnet", "file-unreadable"],
    ["linked.svcnet", "file-unreadable"],
  ])("refuses import %s without echoing it", async (path, code) => {
    const r = await validate(net("  a: noiseTOP", `import "${path}"\n`));
    expect(r.structured.diagnostics.map((d) => d.code)).toContain(code);
    expect(r.text).not.toContain("SECRET");
  });

  it("refuses file() outside the workspace and through links, without content", async () => {
    for (const path of [join(outside, "passwd"), "/etc/hostname", "../outside/passwd"]) {
      const r = await validate(net(`  t: textDAT { text: file("${path}") }`));
      expect(r.structured.diagnostics.map((d) => d.code)).toContain("file-unreadable");
      expect(r.text).not.toContain("SECRET");
    }
  });

  it("reads what the workspace holds", async () => {
    const r = await validate(net('  t: textDAT { text: file("shader.glsl") }\n  x: tint', 'import "looks.svcnet"\n'));
    expect(r.structured.diagnostics.filter((d) => d.code !== "too-many-diagnostics")).toEqual([]);
  });
});

describe("MCP roots from the client", () => {
  /** A client that offers `roots` as its MCP roots (file URIs). */
  async function clientWithRoots(roots: string[]): Promise<Client> {
    // In-process, as a stdio client is: a client whose roots the server trusts.
    const server = await createSvcServer({ profile: "core", rawPython: false }, { trustClientRoots: true });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const c = new SdkClient(
      { name: "svc-roots-test", version: "1" },
      { capabilities: { roots: { listChanged: false } } },
    );
    c.setRequestHandler(ListRootsRequestSchema, async () => ({
      roots: roots.map((r) => ({ uri: pathToFileURL(r).href, name: "project" })),
    }));
    await c.connect(clientSide);
    return c;
  }

  it("reads inside the roots the client offers, and nothing outside them, with no workspace configured", async () => {
    const saved = process.env.SVC_MCP_WORKSPACE;
    delete process.env.SVC_MCP_WORKSPACE;
    const rooted = await clientWithRoots([workspace]);
    try {
      const call = async (source: string) => {
        const r = (await rooted.callTool({ name: "validate_network", arguments: { source } })) as CallToolResult;
        return {
          text: JSON.stringify(r.content),
          codes: (r.structuredContent as { diagnostics: { code: string }[] }).diagnostics.map((d) => d.code),
        };
      };
      const inside = await call(
        net('  t: textDAT { text: file("shader.glsl") }\n  x: tint', 'import "looks.svcnet"\n'),
      );
      expect(inside.codes.filter((c) => c !== "too-many-diagnostics")).toEqual([]);
      for (const path of [join(outside, "passwd"), "../outside/passwd"]) {
        const refused = await call(net(`  t: textDAT { text: file("${path}") }`));
        expect(refused.codes).toContain("file-unreadable");
        expect(refused.text).not.toContain("SECRET");
      }
      const linked = await call(net("  a: noiseTOP", 'import "linked.svcnet"\n'));
      expect(linked.codes).toContain("file-unreadable");
    } finally {
      await rooted.close();
      process.env.SVC_MCP_WORKSPACE = saved;
    }
  });

  it("a client without roots reads no folder of its own", async () => {
    const saved = process.env.SVC_MCP_WORKSPACE;
    delete process.env.SVC_MCP_WORKSPACE;
    const plain = await memoryClient();
    try {
      const r = (await plain.callTool({
        name: "validate_network",
        arguments: { source: net('  t: textDAT { text: file("' + join(workspace, "shader.glsl") + '") }') },
      })) as CallToolResult;
      expect((r.structuredContent as { diagnostics: { code: string }[] }).diagnostics.map((d) => d.code)).toContain(
        "file-unreadable",
      );
    } finally {
      await plain.close();
      process.env.SVC_MCP_WORKSPACE = saved;
    }
  });
});
