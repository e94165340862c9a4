/**
 * Source sent over MCP has no file system of its own: `import` and `file()` read only inside the
 * workspace folder (SVC_MCP_WORKSPACE) and svc's recipes, never follow a link out, and a refused
 * or non-.svcnet path never has its content echoed in the diagnostics.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
  writeFileSync(join(outside, "lib.svcnet"), `svcnet 1\n# ${SECRET}\nrecipe r { params { } network { a: noiseTOP { period: } } }\n`);
  writeFileSync(join(workspace, "shader.txt"), "void main() {}\n");
  writeFileSync(join(workspace, "looks.svcnet"), "svcnet 1\nrecipe tint {\n  in1: inTOP\n  a: levelTOP\n  out1: outTOP\n  in1 -> a -> out1\n}\n");
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
  return { text: JSON.stringify(r.content), structured: r.structuredContent as { diagnostics: { code: string; message: string }[] } };
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
    const r = await validate(net("  t: textDAT { text: file(\"shader.txt\") }\n  x: tint", 'import "looks.svcnet"\n'));
    expect(r.structured.diagnostics.filter((d) => d.code !== "too-many-diagnostics")).toEqual([]);
  });
});
