import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { LoggingMessageNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, describe, expect, it } from "vitest";
import { startHttpServer, type HttpServerOptions, type RunningHttpServer } from "../../runtime/mcp/transports/http.js";
import { INITIALIZE, mcpHeaders, rawRequest } from "./helpers.js";

const running: RunningHttpServer[] = [];
const clients: Client[] = [];

async function start(options: Partial<HttpServerOptions> = {}): Promise<RunningHttpServer> {
  const server = await startHttpServer({
    selection: { profile: "core", rawPython: true },
    port: 0,
    token: undefined,
    sessionIdleMs: 60_000,
    maxSessions: 8,
    ...options,
  });
  running.push(server);
  return server;
}

async function connect(
  server: RunningHttpServer,
  token?: string,
): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const transport = new StreamableHTTPClientTransport(new URL(server.url), {
    requestInit: token ? { headers: { authorization: `Bearer ${token}` } } : {},
  });
  const client = new Client({ name: "svc-test", version: "1" });
  await client.connect(transport);
  clients.push(client);
  return { client, transport };
}

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close().catch(() => {})));
  await Promise.all(running.splice(0).map((s) => s.close()));
});

describe("HTTP sessions", () => {
  it("binds to 127.0.0.1 and serves MCP at /mcp", async () => {
    const server = await start();
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/mcp`);
  });

  it("creates a session on initialize and reuses it for later requests", async () => {
    const server = await start();
    const { client, transport } = await connect(server);
    expect(transport.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    const first = await client.listTools();
    const r = await client.callTool({ name: "search_operators", arguments: { query: "blur" } });
    expect(first.tools.length).toBeGreaterThan(0);
    expect(r.isError).toBeFalsy();
    expect(server.sessionCount()).toBe(1);
  });

  it("sends a failing tool's error to the client as a log message on the request's stream", async () => {
    const server = await start();
    const { client } = await connect(server);
    const logs: { level: string; data: unknown }[] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void logs.push(n.params));
    const r = await client.callTool({ name: "get_td_docs", arguments: { name: "noiseTPO" } });
    expect(r.isError).toBe(true);
    expect(logs).toContainEqual(
      expect.objectContaining({ level: "error", data: expect.stringContaining("get_td_docs failed") }),
    );
  });

  it("ends a session on DELETE; its id is then unknown", async () => {
    const server = await start();
    const { transport } = await connect(server);
    const id = transport.sessionId!;
    await transport.terminateSession();
    expect(server.sessionCount()).toBe(0);
    const res = await rawRequest(server.port, {
      headers: mcpHeaders(server.port, { "mcp-session-id": id }),
      body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" }),
    });
    expect(res.status).toBe(404);
  });

  it("expires an idle session", async () => {
    // The store's clock is moved, not waited for: however slow the machine, the session is idle
    // exactly as long as the test says.
    let clock = 1_000_000;
    const server = await start({ sessionIdleMs: 60_000, now: () => clock });
    const { client } = await connect(server);
    await client.listTools();
    expect(server.sessionCount()).toBe(1);
    clock += 59_000;
    await client.listTools();
    clock += 61_000;
    await expect(client.listTools()).rejects.toThrow();
    expect(server.sessionCount()).toBe(0);
  });

  it("at capacity evicts the longest-idle session", async () => {
    const server = await start({ maxSessions: 2 });
    const a = await connect(server);
    const b = await connect(server);
    await b.client.listTools();
    const c = await connect(server);
    expect(server.sessionCount()).toBe(2);
    await expect(a.client.listTools()).rejects.toThrow();
    await b.client.listTools();
    await c.client.listTools();
  });

  it("refuses a request without a session id that is not an initialize", async () => {
    const server = await start();
    const res = await rawRequest(server.port, {
      headers: mcpHeaders(server.port),
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(res.status).toBe(400);
    expect(server.sessionCount()).toBe(0);
  });
});

describe("HTTP security", () => {
  it("refuses a foreign Host, a loopback Host with another port with 403, and a missing Host", async () => {
    const server = await start();
    for (const host of [
      "evil.example",
      `evil.example:${server.port}`,
      `127.0.0.1:${server.port + 1}`,
      `127.0.0.2:${server.port}`,
    ]) {
      const res = await rawRequest(server.port, { headers: mcpHeaders(server.port, { host }), body: INITIALIZE });
      expect(res.status, host).toBe(403);
      expect(res.body).not.toContain("serverInfo");
    }
    // Node's HTTP parser already refuses an HTTP/1.1 request with no Host at all.
    const none = await rawRequest(server.port, { headers: mcpHeaders(server.port, { host: "" }), body: INITIALIZE });
    expect(none.status).toBe(400);
    expect(none.body).not.toContain("serverInfo");
    expect(server.sessionCount()).toBe(0);
  });

  it("accepts every loopback name for Host", async () => {
    const server = await start();
    for (const name of ["localhost", "127.0.0.1", "[::1]"]) {
      const res = await rawRequest(server.port, {
        headers: mcpHeaders(server.port, { host: `${name}:${server.port}` }),
        body: INITIALIZE,
      });
      expect(res.status, name).toBe(200);
    }
  });

  it("refuses a non-loopback or opaque Origin with 403 and accepts a loopback one", async () => {
    const server = await start();
    for (const origin of ["http://evil.example", "https://127.0.0.1.evil.example", "null", "file://"]) {
      const res = await rawRequest(server.port, { headers: mcpHeaders(server.port, { origin }), body: INITIALIZE });
      expect(res.status, origin).toBe(403);
    }
    expect(server.sessionCount()).toBe(0);
    const ok = await rawRequest(server.port, {
      headers: mcpHeaders(server.port, { origin: "http://localhost:5173" }),
      body: INITIALIZE,
    });
    expect(ok.status).toBe(200);
  });

  it("refuses a POST that is not JSON with 415", async () => {
    const server = await start();
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]) {
      const res = await rawRequest(server.port, {
        headers: mcpHeaders(server.port, { "content-type": type }),
        body: INITIALIZE,
      });
      expect(res.status, type).toBe(415);
    }
    const withCharset = await rawRequest(server.port, {
      headers: mcpHeaders(server.port, { "content-type": "application/json; charset=utf-8" }),
      body: INITIALIZE,
    });
    expect(withCharset.status).toBe(200);
  });

  it("requires the bearer token when one is set: 401 without it or with a wrong one", async () => {
    const token = "s3cret-token-value";
    const server = await start({ token });
    const missing = await rawRequest(server.port, { headers: mcpHeaders(server.port), body: INITIALIZE });
    expect(missing.status).toBe(401);
    expect(missing.headers["www-authenticate"]).toMatch(/^Bearer/);
    for (const auth of ["Bearer wrong", `Bearer ${token}x`, `Basic ${token}`, token]) {
      const res = await rawRequest(server.port, {
        headers: mcpHeaders(server.port, { authorization: auth }),
        body: INITIALIZE,
      });
      expect(res.status, auth).toBe(401);
      expect(res.body).not.toContain("serverInfo");
    }
    expect(server.sessionCount()).toBe(0);
    const { client } = await connect(server, token);
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
  });

  it("answers other paths with 404, other methods with 405, bad JSON with 400 and huge bodies with 413", async () => {
    const server = await start({ maxBodyBytes: 1024 });
    expect(
      (await rawRequest(server.port, { path: "/", headers: mcpHeaders(server.port), body: INITIALIZE })).status,
    ).toBe(404);
    const put = await rawRequest(server.port, { method: "PUT", headers: mcpHeaders(server.port), body: INITIALIZE });
    expect(put.status).toBe(405);
    expect(put.headers.allow).toBe("POST, GET, DELETE");
    expect((await rawRequest(server.port, { headers: mcpHeaders(server.port), body: "{not json" })).status).toBe(400);
    const big = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { pad: "x".repeat(4096) } });
    expect((await rawRequest(server.port, { headers: mcpHeaders(server.port), body: big })).status).toBe(413);
    expect(server.sessionCount()).toBe(0);
  });
});
