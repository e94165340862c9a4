/**
 * What `validate_network` reads over the HTTP transport, tried as a client would walk around it: an
 * open server (no token) reads only `.svcnet` imports and shader or Python source inside the folder
 * it was configured with (SVC_MCP_WORKSPACE), whatever roots the client offers; `..`, absolute
 * paths, links out of the folder, links to a non-source file and non-source files named `file()`
 * feeding a GLSL DAT are refused, and no answer quotes a line of them. A client that proved itself
 * with the token may widen the folders with its roots, still to source files only.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ListRootsRequestSchema, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHttpServer, type RunningHttpServer } from "../../runtime/mcp/transports/http.js";

const SECRET = "SECRET-LINE-7c1d";
const TOKEN = "http-roots-token-5521";
const dir = mkdtempSync(join(tmpdir(), "svc-http-roots-"));
const workspace = join(dir, "workspace");
const outside = join(dir, "outside");
const servers: RunningHttpServer[] = [];
const clients: Client[] = [];
let saved: string | undefined;

beforeAll(() => {
  mkdirSync(workspace);
  mkdirSync(outside);
  // Lines a GLSL compiler would quote back in its errors, if it were ever given them.
  const leaky = `uniform float ${SECRET};\nvoid main() { ${SECRET} = 1; }\n`;
  writeFileSync(join(workspace, "notes.txt"), leaky);
  writeFileSync(join(workspace, "shader.glsl"), "out vec4 fragColor;\nvoid main() { fragColor = vec4(1.0); }\n");
  writeFileSync(join(outside, "secret.glsl"), leaky);
  writeFileSync(join(outside, "x.txt"), leaky);
  writeFileSync(join(outside, "lib.svcnet"), `svcnet 1\n# ${SECRET}\nnetwork lib {\n  a: noiseTOP\n}\n`);
  symlinkSync(join(outside, "secret.glsl"), join(workspace, "linked-out.glsl"));
  symlinkSync(join(workspace, "notes.txt"), join(workspace, "notes.glsl"));
  symlinkSync(outside, join(workspace, "outdir"));
  saved = process.env.SVC_MCP_WORKSPACE;
  process.env.SVC_MCP_WORKSPACE = workspace;
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close().catch(() => {})));
  await Promise.all(servers.map((s) => s.close()));
  if (saved === undefined) delete process.env.SVC_MCP_WORKSPACE;
  else process.env.SVC_MCP_WORKSPACE = saved;
  rmSync(dir, { recursive: true, force: true });
});

async function server(token: string | undefined): Promise<RunningHttpServer> {
  const s = await startHttpServer({
    selection: { profile: "core", rawPython: false },
    port: 0,
    token,
    sessionIdleMs: 60_000,
    maxSessions: 4,
  });
  servers.push(s);
  return s;
}

/** A client over HTTP that offers `roots` (file URIs) whenever the server asks. */
async function rootedClient(s: RunningHttpServer, roots: string[], token?: string): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL(s.url), {
    requestInit: token ? { headers: { authorization: `Bearer ${token}` } } : {},
  });
  const client = new Client(
    { name: "svc-roots-http", version: "1" },
    { capabilities: { roots: { listChanged: false } } },
  );
  client.setRequestHandler(ListRootsRequestSchema, async () => ({
    roots: roots.map((r) => ({ uri: pathToFileURL(r).href, name: "mine" })),
  }));
  await client.connect(transport);
  clients.push(client);
  return client;
}

async function validate(client: Client, source: string) {
  const r = (await client.callTool({ name: "validate_network", arguments: { source } })) as CallToolResult;
  const diagnostics = (r.structuredContent as { diagnostics: { code: string; message: string }[] }).diagnostics;
  return { text: JSON.stringify(r), codes: diagnostics.map((d) => d.code) };
}

/** A GLSL TOP whose pixel shader is a DAT filled from `file(path)`: its compile errors would quote the file. */
const glslFrom = (path: string) =>
  `svcnet 1\nnetwork n {\n  glsl1: glslTOP { pixeldat: pixel1 }\n  pixel1: glslDAT { text: file("${path}") }\n  out1: nullTOP\n  glsl1 -> out1\n}\n`;

describe("validate_network over HTTP with no token", () => {
  let client: Client;
  beforeAll(async () => {
    // The client offers the folder outside and the whole disk as its roots.
    client = await rootedClient(await server(undefined), [outside, "/"]);
  });

  it.each([
    ["a text file in the workspace feeding a GLSL DAT", "notes.txt"],
    ["a text file in a client root", join(outside, "x.txt")],
    ["source in a client root, by absolute path", join(outside, "secret.glsl")],
    ["source outside, by ..", "../outside/secret.glsl"],
    ["source outside, by .. inside an absolute path", join(workspace, "..", "outside", "secret.glsl")],
    ["a link out of the workspace", "linked-out.glsl"],
    ["a folder link out of the workspace", "outdir/secret.glsl"],
    ["a link named like source to a text file", "notes.glsl"],
    ["a system file", "/etc/passwd"],
  ])("refuses %s, quoting nothing of it", async (_what, path) => {
    const r = await validate(client, glslFrom(path));
    expect(r.codes).toContain("file-unreadable");
    expect(r.text).not.toContain(SECRET);
    expect(r.text).not.toContain("root:");
  });

  it("refuses an import from a client root, quoting nothing of it", async () => {
    const r = await validate(
      client,
      `svcnet 1\nimport "${join(outside, "lib.svcnet")}"\nnetwork n {\n  a: noiseTOP\n}\n`,
    );
    expect(r.codes).toContain("file-unreadable");
    expect(r.text).not.toContain(SECRET);
  });

  it("reads the shader source the workspace holds", async () => {
    const r = await validate(client, glslFrom("shader.glsl"));
    expect(r.codes).not.toContain("file-unreadable");
  });
});

describe("validate_network over HTTP with the token", () => {
  it("lets the client's roots widen what it reads, to source only", async () => {
    const client = await rootedClient(await server(TOKEN), [outside], TOKEN);
    const inRoot = await validate(client, glslFrom(join(outside, "secret.glsl")));
    expect(inRoot.codes).not.toContain("file-unreadable");
    const text = await validate(client, glslFrom(join(outside, "x.txt")));
    expect(text.codes).toContain("file-unreadable");
    expect(text.text).not.toContain(SECRET);
    const elsewhere = await validate(client, glslFrom("/etc/passwd"));
    expect(elsewhere.codes).toContain("file-unreadable");
  });
});
