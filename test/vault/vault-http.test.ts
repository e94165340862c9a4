/**
 * The vault's rules from outside, over MCP's HTTP transport: every way out of the vault refused
 * with its code and nothing outside touched.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHttpServer, type RunningHttpServer } from "../../runtime/mcp/transports/http.js";
import { errorOf } from "../mcp/helpers.js";

const home = mkdtempSync(join(tmpdir(), "svc-vault-http-"));
const vault = join(home, "vault");
const outside = join(home, "outside");
const servers: RunningHttpServer[] = [];
const clients: Client[] = [];

async function connect(): Promise<Client> {
  const server = await startHttpServer({
    selection: { profile: "full", rawPython: false },
    port: 0,
    token: undefined,
    sessionIdleMs: 60_000,
    maxSessions: 4,
  });
  servers.push(server);
  const client = new Client({ name: "svc-test", version: "1" });
  await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
  clients.push(client);
  return client;
}

beforeAll(() => {
  mkdirSync(vault);
  mkdirSync(outside);
  writeFileSync(join(outside, "secret.md"), "outside\n");
  symlinkSync(join(outside, "secret.md"), join(vault, "link.md"));
  symlinkSync(outside, join(vault, "linked"));
  writeFileSync(join(vault, "blob.md"), Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x00]));
  process.env.SVC_VAULT_PATH = vault;
});

afterAll(async () => {
  delete process.env.SVC_VAULT_PATH;
  await Promise.all(clients.map((c) => c.close().catch(() => {})));
  await Promise.all(servers.map((s) => s.close()));
  rmSync(home, { recursive: true, force: true });
});

describe("the vault over HTTP", () => {
  it("refuses every way out with its own code, and nothing outside the vault changes", async () => {
    const client = await connect();
    const code = async (name: string, args: Record<string, unknown>) => {
      const r = (await client.callTool({ name, arguments: args })) as CallToolResult;
      expect(r.isError).toBe(true);
      return errorOf(r).code;
    };
    expect(await code("write_vault_note", { path: "../outside/new.md", text: "x" })).toBe("vault-path-escapes");
    expect(await code("write_vault_note", { path: join(outside, "new.md"), text: "x" })).toBe("vault-path-absolute");
    expect(await code("write_vault_note", { path: "link.md", text: "x", overwrite: true })).toBe("vault-symlink");
    expect(await code("write_vault_note", { path: "linked/new.md", text: "x" })).toBe("vault-symlink");
    expect(await code("read_vault_note", { path: "linked/secret.md" })).toBe("vault-symlink");
    expect(await code("search_vault", { query: "outside", folder: "linked" })).toBe("vault-symlink");
    // Under the schema's character limit, over the byte limit once encoded.
    expect(await code("write_vault_note", { path: "huge.md", text: "é".repeat(600_000) })).toBe("vault-note-too-large");
    expect(await code("read_vault_note", { path: "blob.md" })).toBe("vault-note-not-text");
    const found = (await client.callTool({ name: "search_vault", arguments: { query: "outside" } })) as CallToolResult;
    expect(found.structuredContent).toMatchObject({ results: [], skipped: { links: 2, not_text: 1 } });
    expect(readdirSync(outside)).toEqual(["secret.md"]);
    expect(readFileSync(join(outside, "secret.md"), "utf8")).toBe("outside\n");
    expect(readdirSync(vault).sort()).toEqual(["blob.md", "link.md", "linked"]);
  });
});
