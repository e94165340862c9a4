/**
 * The bridge's security rules over real HTTP: each host below is a tdsim process with its own
 * environment, as TouchDesigner's process would have. Non-loopback peers are real: a host
 * listening on all interfaces is called through this machine's external address.
 */
import { WebSocket } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, enc, envelopeOf, externalIPv4, raw, startHost, type SimHost } from "./sim-host.js";

const TOKEN = "test-token-7f3a";
const CAP = 8 * 1024 * 1024;
const external = externalIPv4();

function expectError(reply: Awaited<ReturnType<typeof call>>, status: number, code: string) {
  expect(reply.body, JSON.stringify(reply.body)).toMatchObject({ ok: false, error: { code } });
  expect(reply.status).toBe(status);
  expect(typeof reply.body.error!.message).toBe("string");
}

describe("zero-config host (no switches)", () => {
  let host: SimHost;
  beforeAll(async () => {
    host = await startHost();
  });
  afterAll(async () => host?.stop());

  it("serves loopback requests", async () => {
    expect((await call(host, "GET", "/api/health")).status).toBe(200);
  });

  it("refuses a non-loopback Origin", async () => {
    expectError(
      await call(host, "GET", "/api/info", { headers: { origin: "http://evil.example" } }),
      403,
      "forbidden_origin",
    );
    expectError(await call(host, "GET", "/api/info", { headers: { Origin: "null" } }), 403, "forbidden_origin");
    expect((await call(host, "GET", "/api/info", { headers: { origin: "http://localhost:5173" } })).status).toBe(200);
  });

  it("refuses a non-loopback Host", async () => {
    expectError(await call(host, "GET", "/api/info", { headers: { host: "evil.example" } }), 403, "forbidden_host");
    expectError(
      await call(host, "GET", "/api/info", { headers: { host: `127.0.0.1.nip.io:${host.port}` } }),
      403,
      "forbidden_host",
    );
    expect((await call(host, "GET", "/api/info", { headers: { host: `localhost:${host.port}` } })).status).toBe(200);
  });

  it("refuses a body that is not application/json", async () => {
    const body = JSON.stringify({ parent_path: "/project1", type: "noiseTOP" });
    expectError(
      await call(host, "POST", "/api/nodes", { rawBody: body, headers: { "content-type": "text/plain" } }),
      415,
      "unsupported_media_type",
    );
    expectError(
      await call(host, "PUT", `/api/nodes/${enc("/project1")}/text`, {
        rawBody: "{}",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      }),
      415,
      "unsupported_media_type",
    );
    expectError(
      await call(host, "PATCH", `/api/nodes/${enc("/project1")}`, { rawBody: "{}" }),
      415,
      "unsupported_media_type",
    );
  });

  it("refuses a body over the cap with 413, from its Content-Length, before reading it", async () => {
    const reply = envelopeOf(
      await raw(
        host,
        `POST /api/batch HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${CAP + 1}\r\n\r\n`,
      ),
    );
    expect(reply.status).toBe(413);
    expect(reply.body.error.code).toBe("payload_too_large");
  });

  it("keeps exec and node methods closed", async () => {
    expectError(await call(host, "POST", "/api/exec", { body: { script: "result = 1" } }), 403, "exec_disabled");
    expectError(
      await call(host, "POST", `/api/nodes/${enc("/project1")}/method`, { body: { method: "cook" } }),
      403,
      "exec_disabled",
    );
  });

  it("answers unknown routes and wrong methods with the envelope", async () => {
    expectError(await call(host, "GET", "/api/nope"), 404, "not_found");
    expectError(await call(host, "GET", "/"), 404, "not_found");
    const wrong = await call(host, "PUT", "/api/info", { body: {} });
    expectError(wrong, 405, "method_not_allowed");
    expect(wrong.headers.allow).toBe("GET");
  });

  it("refuses malformed percent-encoding", async () => {
    expectError(await call(host, "GET", "/api/nodes/%2Fproject1%zz"), 400, "bad_encoding");
    expectError(await call(host, "GET", "/api/nodes/%C3%28"), 400, "bad_encoding");
  });

  it.skipIf(!external)("refuses a real non-loopback peer", async () => {
    const lan = await startHost({ bind: "0.0.0.0" });
    try {
      const reply = await call(lan, "GET", "/api/info", {
        origin: `http://${external}:${lan.port}`,
        headers: { host: `127.0.0.1:${lan.port}` },
      });
      expectError(reply, 403, "forbidden_peer");
      expect((await call(lan, "GET", "/api/info", { origin: `http://127.0.0.1:${lan.port}` })).status).toBe(200);
      // the event stream's WebSocket: refused on open, before any hello
      const socket = new WebSocket(`ws://${external}:${lan.port}/api/events/stream`);
      const heard = await new Promise<{ messages: string[]; closed: boolean }>((resolve) => {
        const messages: string[] = [];
        socket.addEventListener("message", (m) => void messages.push(String(m.data)));
        socket.addEventListener("close", () => resolve({ messages, closed: true }));
        socket.addEventListener("error", () => {});
      });
      expect(heard.closed).toBe(true);
      expect(heard.messages.map((m) => (JSON.parse(m) as { code: string }).code)).toEqual(["forbidden_peer"]);
    } finally {
      await lan.stop();
    }
  });
});

describe("host with SVC_BRIDGE_TOKEN", () => {
  let host: SimHost;
  const auth = { authorization: `Bearer ${TOKEN}` };
  beforeAll(async () => {
    host = await startHost({ env: { SVC_BRIDGE_TOKEN: TOKEN } });
  });
  afterAll(async () => host?.stop());

  it("needs the bearer token on every route", async () => {
    expectError(await call(host, "GET", "/api/health"), 401, "unauthorized");
    expectError(
      await call(host, "GET", "/api/info", { headers: { authorization: "Bearer wrong" } }),
      401,
      "unauthorized",
    );
    expectError(
      await call(host, "GET", "/api/info", { headers: { authorization: `Basic ${TOKEN}` } }),
      401,
      "unauthorized",
    );
    expectError(await call(host, "GET", "/api/nope"), 401, "unauthorized");
    expect((await call(host, "GET", "/api/info", { headers: auth })).status).toBe(200);
    expect((await call(host, "GET", "/api/info", { headers: { Authorization: `bearer ${TOKEN}` } })).status).toBe(200);
  });

  it("answers 401 before looking at the body", async () => {
    expectError(
      await call(host, "POST", "/api/batch", { rawBody: "{not json", headers: { "content-type": "application/json" } }),
      401,
      "unauthorized",
    );
    expectError(
      await call(host, "POST", "/api/batch", {
        rawBody: Buffer.alloc(CAP - 10, 0x20),
        headers: { "content-type": "text/plain" },
      }),
      401,
      "unauthorized",
    );
  });

  it("still refuses a bad Origin when the token is right", async () => {
    expectError(
      await call(host, "GET", "/api/info", { headers: { ...auth, origin: "https://evil.example" } }),
      403,
      "forbidden_origin",
    );
  });

  it("never opens exec with the token alone", async () => {
    expectError(
      await call(host, "POST", "/api/exec", { body: { script: "result = 1" }, headers: auth }),
      403,
      "exec_disabled",
    );
  });
});

describe("host with SVC_BRIDGE_ALLOW_EXEC=1", () => {
  let host: SimHost;
  beforeAll(async () => {
    host = await startHost({ env: { SVC_BRIDGE_ALLOW_EXEC: "1" } });
  });
  afterAll(async () => host?.stop());

  it("runs /api/exec and the node-method route", async () => {
    const ran = await call(host, "POST", "/api/exec", { body: { script: "print('hi')\nresult = root.path" } });
    expect(ran.body).toMatchObject({ ok: true, data: { result: "/", output: "hi\n" } });
    const method = await call(host, "POST", `/api/nodes/${enc("/project1")}/method`, {
      body: { method: "evalExpression", args: ["me.name"] },
    });
    expect(method.body).toMatchObject({ ok: true, data: { result: "project1" } });
    const raised = await call(host, "POST", "/api/exec", { body: { script: "raise ValueError('nope')" } });
    expectError(raised, 400, "exec_error");
  });
});

describe("host with SVC_BRIDGE_ALLOW_LAN but no token", () => {
  let host: SimHost;
  beforeAll(async () => {
    host = await startHost({ env: { SVC_BRIDGE_ALLOW_LAN: "true" } });
  });
  afterAll(async () => host?.stop());

  it("refuses to serve anyone", async () => {
    expectError(await call(host, "GET", "/api/info"), 403, "lan_requires_token");
    expectError(await call(host, "GET", "/api/health"), 403, "lan_requires_token");
  });
});

describe.skipIf(!external)("host with SVC_BRIDGE_ALLOW_LAN and a token, on all interfaces", () => {
  let host: SimHost;
  beforeAll(async () => {
    host = await startHost({ bind: "0.0.0.0", env: { SVC_BRIDGE_ALLOW_LAN: "yes", SVC_BRIDGE_TOKEN: TOKEN } });
  });
  afterAll(async () => host?.stop());

  it("serves a LAN peer that has the token and names a loopback Host", async () => {
    const origin = `http://${external}:${host.port}`;
    const headers = { host: `127.0.0.1:${host.port}` };
    expectError(await call(host, "GET", "/api/info", { origin, headers }), 401, "unauthorized");
    const reply = await call(host, "GET", "/api/info", {
      origin,
      headers: { ...headers, authorization: `Bearer ${TOKEN}` },
    });
    expect(reply.status).toBe(200);
    // The Host guard still applies to LAN peers.
    expectError(
      await call(host, "GET", "/api/info", { origin, headers: { authorization: `Bearer ${TOKEN}` } }),
      403,
      "forbidden_host",
    );
  });
});
