import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import {
  BridgeClient,
  BridgeError,
  bridgeConfigFromEnv,
  encodePath,
} from "../../runtime/engine/bridge-client/index.js";
import { HttpTransport } from "../../runtime/engine/bridge-client/http-transport.js";

type Handler = (req: IncomingMessage, body: string, res: ServerResponse) => void;

const servers: Server[] = [];
const clients: BridgeClient[] = [];

async function serve(handler: Handler): Promise<string> {
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => handler(req, body, res));
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function client(
  url: string,
  extra: Partial<Parameters<typeof bridgeConfigFromEnv>[1]> = {},
  env: NodeJS.ProcessEnv = {},
) {
  const c = new BridgeClient(bridgeConfigFromEnv({ ...env, SVC_BRIDGE_URL: url }, { backoffMs: 1, ...extra }));
  clients.push(c);
  return c;
}

function json(res: ServerResponse, status: number, value: unknown) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(value));
}

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

describe("bridge client", () => {
  it("unwraps the envelope's data and sends the token and JSON content type", async () => {
    let seen: IncomingMessage | undefined;
    let seenBody = "";
    const url = await serve((req, body, res) => {
      seen = req;
      seenBody = body;
      json(res, 200, { ok: true, data: { created: "/project1/noise1" } });
    });
    const c = client(url, {}, { SVC_BRIDGE_TOKEN: "s3cret" });
    const data = await c.post<{ created: string }>("/api/nodes", { parent_path: "/project1", type: "noiseTOP" });
    expect(data).toEqual({ created: "/project1/noise1" });
    expect(seen!.headers.authorization).toBe("Bearer s3cret");
    expect(seen!.headers["content-type"]).toBe("application/json");
    expect(seen!.headers.origin).toBeUndefined();
    expect(JSON.parse(seenBody)).toEqual({ parent_path: "/project1", type: "noiseTOP" });
  });

  it("turns {ok:false} into a bridge error carrying the bridge's code and the HTTP status", async () => {
    const url = await serve((_req, _body, res) =>
      json(res, 404, { ok: false, error: { code: "node_not_found", message: "no node at /x" } }),
    );
    const err = await client(url)
      .get("/api/nodes/%2Fx")
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BridgeError);
    expect(err).toMatchObject({ kind: "bridge", code: "node_not_found", status: 404, message: "no node at /x" });
  });

  it("retries a GET after transient 503s and succeeds", async () => {
    let calls = 0;
    const url = await serve((_req, _body, res) => {
      calls++;
      if (calls < 3) json(res, 503, { ok: false, error: { code: "busy", message: "busy" } });
      else json(res, 200, { ok: true, data: 42 });
    });
    const c = client(url);
    await expect(c.get<number>("/api/info")).resolves.toBe(42);
    expect(calls).toBe(3);
    expect(c.stats.requests).toBe(3);
  });

  it("does not send again a read the bridge timed out on purpose (504 read_timeout: read it in pages)", async () => {
    let calls = 0;
    const url = await serve((_req, _body, res) => {
      calls++;
      json(res, 504, {
        ok: false,
        error: { code: "read_timeout", message: "reading /project1/big took more than 20 s" },
      });
    });
    const c = client(url);
    await expect(c.read("/api/network/x/state", {})).rejects.toMatchObject({ code: "read_timeout", status: 504 });
    expect(calls).toBe(1);
  });

  it("still retries a 504 that is not the bridge's own (a gateway in between)", async () => {
    let calls = 0;
    const url = await serve((_req, _body, res) => {
      calls++;
      if (calls < 2) {
        res.writeHead(504, { "content-type": "text/plain" });
        res.end("gateway timeout");
      } else json(res, 200, { ok: true, data: 7 });
    });
    await expect(client(url).get<number>("/api/info")).resolves.toBe(7);
    expect(calls).toBe(2);
  });

  it("never retries a mutation, even after a transient 503", async () => {
    let calls = 0;
    const url = await serve((_req, _body, res) => {
      calls++;
      json(res, 503, { ok: false, error: { code: "busy", message: "busy" } });
    });
    const c = client(url);
    await expect(c.post("/api/batch", { operations: [] })).rejects.toMatchObject({ code: "busy", status: 503 });
    expect(calls).toBe(1);
    expect(c.stats.mutations).toBe(1);
  });

  it("does not retry a GET that the bridge refused for a reason of its own", async () => {
    let calls = 0;
    const url = await serve((_req, _body, res) => {
      calls++;
      json(res, 401, { ok: false, error: { code: "unauthorized", message: "missing or wrong bearer token" } });
    });
    await expect(client(url).get("/api/info")).rejects.toMatchObject({ kind: "bridge", code: "unauthorized" });
    expect(calls).toBe(1);
  });

  it("reports a closed port as connection refused with what to do, after retrying GETs", async () => {
    const url = await serve(() => undefined);
    await new Promise((r) => servers.pop()!.close(r));
    const err = (await client(url, { getRetries: 2 })
      .get("/api/info")
      .catch((e: unknown) => e)) as BridgeError;
    expect(err.kind).toBe("connection");
    expect(err.code).toBe("connection_refused");
    expect(err.oneLine()).toContain("svc sim");
    // The path a person reads is the TouchDesigner path, not its twice-encoded form on the wire.
    const onNode = (await client(url, { getRetries: 0 })
      .get(`/api/network/${encodePath("/project1/my tunnel")}/state?detail=1`)
      .catch((e: unknown) => e)) as BridgeError;
    expect(onNode.oneLine()).toContain("(GET /api/network//project1/my tunnel/state?detail=1)");
    expect(onNode.oneLine()).not.toContain("%25");
  });

  it("reports a bridge that never answers as a timeout", async () => {
    const url = await serve(() => undefined);
    const err = (await client(url, { timeoutMs: 200, getRetries: 0 })
      .get("/api/info")
      .catch((e: unknown) => e)) as BridgeError;
    expect(err).toMatchObject({ kind: "timeout", code: "timeout" });
  });

  it("names a non-JSON answer as a protocol problem instead of crashing", async () => {
    const url = await serve((_req, _body, res) => {
      res.writeHead(200, { "content-type": "text/html" });
      res.end("<html>hello</html>");
    });
    await expect(client(url).get("/api/info")).rejects.toMatchObject({ kind: "protocol", code: "invalid_json" });
  });

  it("sends the body with its Content-Length, never chunked (a bridge host need not read chunks)", async () => {
    let seen: IncomingMessage | undefined;
    const url = await serve((req, _body, res) => {
      seen = req;
      json(res, 200, { ok: true, data: null });
    });
    await client(url).post("/api/nodes", { name: "é" });
    expect(seen!.headers["content-length"]).toBe(String(Buffer.byteLength(JSON.stringify({ name: "é" }))));
    expect(seen!.headers["transfer-encoding"]).toBeUndefined();
  });

  it("keeps one connection open across requests", async () => {
    const sockets = new Set<unknown>();
    const url = await serve((req, _body, res) => {
      sockets.add(req.socket);
      json(res, 200, { ok: true, data: 1 });
    });
    const c = client(url);
    for (let i = 0; i < 3; i++) await c.get("/api/info");
    expect(sockets.size).toBe(1);
  });

  it("sends a mutation again, with the same idempotency key, when a kept-alive connection is dropped before any answer", async () => {
    const keys: string[] = [];
    const served = new Set<unknown>();
    const url = await serve((req, _body, res) => {
      keys.push(String(req.headers["idempotency-key"]));
      // The second request on a connection finds it closed under it, as when a server drops idle connections.
      if (served.has(req.socket)) return void req.socket.destroy();
      served.add(req.socket);
      json(res, 200, { ok: true, data: { created: keys.length } });
    });
    const c = client(url);
    await c.post("/api/nodes", { n: 1 });
    await expect(c.post("/api/nodes", { n: 2 })).resolves.toEqual({ created: 3 });
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[2]);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it("does not send a mutation again when the answer is cut off: it asks the bridge's receipt what became of it", async () => {
    const posts: string[] = [];
    const url = await serve((req, _body, res) => {
      if (req.method === "POST") {
        posts.push(String(req.headers["idempotency-key"]));
        res.writeHead(200, { "content-type": "application/json", "content-length": "100" });
        res.write('{"ok":tr');
        setTimeout(() => res.socket?.destroy(), 20);
      } else if (req.url === `/api/receipts/${posts[0]}`)
        json(res, 200, { ok: true, data: { ok: true, data: { created: "/project1/noise1" } } });
      else json(res, 404, { ok: false, error: { code: "receipt_not_found", message: "no such receipt" } });
    });
    await expect(client(url).post("/api/nodes", {})).resolves.toEqual({ created: "/project1/noise1" });
    expect(posts).toHaveLength(1);
  });

  it("says a mutation whose connection was lost was not applied when the bridge has no receipt for it", async () => {
    let posts = 0;
    const url = await serve((req, _body, res) => {
      if (req.method === "POST") {
        posts++;
        return void req.socket.destroy();
      }
      json(res, 404, { ok: false, error: { code: "receipt_not_found", message: "no such receipt" } });
    });
    const err = (await client(url)
      .post("/api/nodes", {})
      .catch((e: unknown) => e)) as BridgeError;
    expect(err).toMatchObject({ kind: "connection", code: "connection_lost_not_applied", details: { applied: false } });
    expect(err.message).toContain("closed the connection");
    expect(posts).toBe(1);
  });

  it("says a mutation may have landed when its kept-alive connection was cut and nothing listens any more", async () => {
    // The bridge read the second request, then went away (killed): the connection is cut before any
    // answer, and the fresh connection the transport tries is refused. The first connection may have
    // carried the request: "refused" would say it was never sent.
    const served = new Set<unknown>();
    let server: Server | undefined;
    const url = await serve((req, _body, res) => {
      if (served.has(req.socket)) {
        server!.close();
        server!.closeAllConnections();
        return;
      }
      served.add(req.socket);
      json(res, 200, { ok: true, data: {} });
    });
    server = servers.at(-1);
    const c = client(url, { getRetries: 1 });
    await c.post("/api/nodes", { n: 1 });
    const err = (await c.post("/api/nodes", { n: 2 }).catch((e: unknown) => e)) as BridgeError;
    expect(err).toMatchObject({
      kind: "connection",
      code: "connection_lost_outcome_unknown",
      details: { applied: "unknown" },
    });
    expect(err.message).toContain("it may still land");
  });

  it("takes its time limit from SVC_BRIDGE_TIMEOUT_MS when it is a whole number of milliseconds in range", () => {
    expect(bridgeConfigFromEnv({ SVC_BRIDGE_TIMEOUT_MS: "2500" }).timeoutMs).toBe(2500);
    for (const bad of ["", "2.5", "-1", "99", "600001", "soon"])
      expect(bridgeConfigFromEnv({ SVC_BRIDGE_TIMEOUT_MS: bad }).timeoutMs).toBe(30_000);
  });

  it("times out an answer whose body stops coming, and says so", async () => {
    const url = await serve((_req, _body, res) => {
      res.writeHead(200, { "content-type": "application/json", "content-length": "100" });
      res.write('{"ok":');
    });
    const err = (await client(url, { timeoutMs: 200, getRetries: 0 })
      .get("/api/info")
      .catch((e: unknown) => e)) as BridgeError;
    expect(err).toMatchObject({ kind: "timeout", code: "timeout" });
  });

  it("refuses an address it cannot speak to with a clear error on each call, and still closes", async () => {
    const c = client("https://127.0.0.1:9980", { getRetries: 0 });
    const err = (await c.get("/api/info").catch((e: unknown) => e)) as BridgeError;
    expect(err).toMatchObject({ kind: "connection", code: "invalid_bridge_url" });
    expect(err.message).toContain("SVC_BRIDGE_URL takes the form http://");
    const bad = client("not a url");
    expect((await bad.get("/api/info").catch((e: unknown) => e)) as BridgeError).toMatchObject({
      code: "invalid_bridge_url",
    });
    expect(bad.stats.requests).toBe(1);
  });

  it("stops reading an answer over its bound, says so, and does not retry", async () => {
    let calls = 0;
    const url = await serve((_req, _body, res) => {
      calls++;
      json(res, 200, { ok: true, data: "x".repeat(10_000) });
    });
    const c = client(url, { maxAnswerBytes: 1_000 });
    const read = (await c.get("/api/info").catch((e: unknown) => e)) as BridgeError;
    expect(read).toMatchObject({ kind: "protocol", code: "answer_too_large" });
    expect(read.message).toContain("over 1000 bytes");
    expect(calls).toBe(1);
    const write = (await c.post("/api/nodes", {}).catch((e: unknown) => e)) as BridgeError;
    expect(write).toMatchObject({ kind: "protocol", code: "answer_too_large" });
    expect(write.message).toContain("may have been applied");
    await expect(client(url, { maxAnswerBytes: 20_000 }).get("/api/info")).resolves.toHaveLength(10_000);
  });

  it("cuts off an answer that keeps coming past its bound", async () => {
    const url = await serve((_req, _body, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      const more = () => {
        if (res.destroyed) return;
        res.write("x".repeat(64 * 1024));
        setTimeout(more, 1);
      };
      more();
    });
    const err = (await client(url, { maxAnswerBytes: 256 * 1024, getRetries: 0 })
      .get("/api/info")
      .catch((e: unknown) => e)) as BridgeError;
    expect(err).toMatchObject({ kind: "protocol", code: "answer_too_large" });
  });

  it("closes idle connections, but never one whose answer is still being waited for", async () => {
    const sockets = new Set<unknown>();
    const url = await serve((req, _body, res) => {
      sockets.add(req.socket);
      setTimeout(() => json(res, 200, { ok: true, data: req.url }), req.url === "/slow" ? 400 : 0);
    });
    const transport = new HttpTransport(url, {
      timeoutMs: 5_000,
      connectTimeoutMs: 5_000,
      connections: 1,
      idleConnectionMs: 100,
    });
    try {
      expect(await transport.send("GET", "/slow", {}, undefined)).toMatchObject({
        statusCode: 200,
        text: JSON.stringify({ ok: true, data: "/slow" }),
      });
      await new Promise((r) => setTimeout(r, 300));
      expect(await transport.send("GET", "/after-idle", {}, undefined)).toMatchObject({ statusCode: 200 });
      expect(sockets.size).toBe(2);
    } finally {
      await transport.close();
    }
  });

  it("lets the requests under way finish before closing", async () => {
    const url = await serve((_req, _body, res) => setTimeout(() => json(res, 200, { ok: true, data: "done" }), 50));
    const c = new BridgeClient(bridgeConfigFromEnv({ SVC_BRIDGE_URL: url }));
    const pending = c.get<string>("/api/info");
    await c.close();
    await expect(pending).resolves.toBe("done");
    await expect(c.get("/api/info")).rejects.toMatchObject({ code: "client_closed" });
    expect(c.stats.requests).toBe(2);
  });

  it("percent-encodes node paths twice, as one URL segment whether the host decodes once or not", () => {
    expect(encodePath("/project1/noise 1")).toBe("%252Fproject1%252Fnoise%25201");
  });

  it("reads the bridge address from SVC_BRIDGE_URL with the loopback default", () => {
    expect(bridgeConfigFromEnv({}).url).toBe("http://127.0.0.1:9980");
    expect(bridgeConfigFromEnv({ SVC_BRIDGE_URL: "http://127.0.0.1:9999/" }).url).toBe("http://127.0.0.1:9999");
    expect(bridgeConfigFromEnv({ SVC_BRIDGE_TOKEN: "  " }).token).toBeUndefined();
  });
});
