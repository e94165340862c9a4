/**
 * Bounded work over real HTTP: the bridge sheds what does not fit its share of the frame (503
 * `overloaded`, Retry-After, nothing of the request run), svc's client sends shed requests again
 * (writes with the same idempotency key, so each lands once), and tdsim's host refuses what it must
 * not read or hold (huge bodies before reading them, malformed framing, long URIs, too many
 * connections) with a JSON envelope. The host's budget is a microsecond a frame, so every request
 * the bridge admits puts it in debt for the longest it allows (8 frames): requests that queue behind
 * a slow one are shed, whatever the machine's speed.
 */
import { existsSync, mkdtempSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BridgeClient, bridgeConfigFromEnv } from "../../runtime/engine/bridge-client/index.js";
import { call, enc, envelopeOf, firstResponse, raw, startHost, type SimHost } from "./sim-host.js";

const TOKEN = "load-token-31c9";
const AUTH = { authorization: `Bearer ${TOKEN}` };
const MAX_CONNECTIONS = 16;
let host: SimHost;

beforeAll(async () => {
  host = await startHost({
    env: {
      SVC_BRIDGE_TOKEN: TOKEN,
      SVC_BRIDGE_ALLOW_EXEC: "1",
      SVC_BRIDGE_FRAME_BUDGET_MS: "0.001",
      TDSIM_MAX_CONNECTIONS: String(MAX_CONNECTIONS),
    },
  });
});
afterAll(async () => host?.stop());

/**
 * Holds TouchDesigner's main thread for `seconds` (exec is open on this host only for this) and
 * resolves `started` once the hold has begun, so that requests sent then queue behind it. The holder
 * goes through svc's client, which sends it again while the bridge sheds it.
 */
function holdMainThread(seconds: number): { started: Promise<void>; done: Promise<unknown> } {
  const flag = join(mkdtempSync(join(tmpdir(), "svc-hold-")), "started");
  const client = new BridgeClient(bridgeConfigFromEnv({ SVC_BRIDGE_URL: host.url, SVC_BRIDGE_TOKEN: TOKEN }));
  const script = `import time\nopen(${JSON.stringify(flag)}, "w").close()\ntime.sleep(${seconds})`;
  const done = client.post("/api/exec", { script }).finally(() => client.close());
  const started = (async () => {
    while (!existsSync(flag)) await new Promise((r) => setTimeout(r, 5));
  })();
  return { started, done };
}

describe("per-frame budget and load shedding", () => {
  it("sheds requests that queue behind a slow one with 503 overloaded and Retry-After; health is never shed", async () => {
    const slow = holdMainThread(0.5);
    await slow.started;
    const queued = await Promise.all([
      ...Array.from({ length: 4 }, () =>
        call(host, "GET", `/api/nodes?parent=${enc("/project1")}`, { headers: AUTH, asSent: true }),
      ),
      call(host, "POST", "/api/nodes", {
        headers: { ...AUTH, "idempotency-key": "shed-create-1" },
        body: { parent_path: "/project1", type: "noiseTOP", name: "shed1" },
        asSent: true,
      }),
    ]);
    await slow.done;
    const shed = queued.filter((r) => r.status === 503);
    expect(shed.length).toBeGreaterThan(0);
    for (const reply of shed) {
      expect(reply.body.error).toMatchObject({ code: "overloaded" });
      expect(Number(reply.headers["retry-after"])).toBeGreaterThanOrEqual(1);
      expect(reply.body.error!.retry_after_ms as number).toBeLessThanOrEqual(8 * (1000 / 60) + 2);
    }
    expect((await call(host, "GET", "/api/health", { headers: AUTH })).status).toBe(200);
    // The shed create did not run: its key has no receipt, and the node is not there.
    const create = queued[4]!;
    if (create.status === 503) {
      expect((await call(host, "GET", "/api/receipts/shed-create-1", { headers: AUTH })).body.error?.code).toBe(
        "receipt_not_found",
      );
    }
  });

  it("svc's client sends shed requests again: eight concurrent writes each land exactly once", async () => {
    const client = new BridgeClient(bridgeConfigFromEnv({ SVC_BRIDGE_URL: host.url, SVC_BRIDGE_TOKEN: TOKEN }));
    try {
      const slow = holdMainThread(0.5);
      await slow.started;
      const names = Array.from({ length: 8 }, (_, i) => `load${i}`);
      await Promise.all(
        names.map((name) => client.post("/api/nodes", { parent_path: "/project1", type: "constantTOP", name })),
      );
      await slow.done;
      expect(client.stats.mutations).toBeGreaterThan(names.length); // some were shed and sent again
      // A create sent twice without its key's replay would have failed with name_conflict.
      const listed = await client.get<{ children: { name: string }[] }>("/api/nodes", { parent: "/project1" });
      expect(
        listed.children
          .map((c) => c.name)
          .filter((n) => /^load\d+$/.test(n))
          .sort(),
      ).toEqual([...names].sort());
    } finally {
      await client.close();
    }
  });
});

describe("batch cost and preview size bounds", () => {
  it("refuses a batch of 300 operators made (cost 1200) before anything runs, and accepts 250", async () => {
    const ops = (n: number, prefix: string) =>
      Array.from({ length: n }, (_, i) => ({
        action: "create",
        parent_path: "/project1",
        type: "nullTOP",
        name: `${prefix}${i}`,
      }));
    const client = new BridgeClient(bridgeConfigFromEnv({ SVC_BRIDGE_URL: host.url, SVC_BRIDGE_TOKEN: TOKEN }));
    try {
      await expect(client.post("/api/batch", { operations: ops(300, "costly") })).rejects.toMatchObject({
        code: "batch_too_costly",
        status: 413,
        details: { cost: 1200, limit: 1000 },
      });
      const listed = await client.get<{ children: { name: string }[] }>("/api/nodes", { parent: "/project1" });
      expect(listed.children.some((c) => c.name.startsWith("costly"))).toBe(false);
      await expect(client.post("/api/batch", { operations: ops(250, "fits") })).resolves.toMatchObject({ count: 250 });
    } finally {
      await client.close();
    }
  });

  it("refuses to encode a 4096x4096 preview on the main thread, from the resolution alone", async () => {
    const client = new BridgeClient(bridgeConfigFromEnv({ SVC_BRIDGE_URL: host.url, SVC_BRIDGE_TOKEN: TOKEN }));
    try {
      await client.post("/api/nodes", {
        parent_path: "/project1",
        type: "constantTOP",
        name: "huge",
        parameters: { outputresolution: "custom", resolutionw: 4096, resolutionh: 4096 },
      });
      await expect(client.get(`/api/preview/${enc(enc("/project1/huge"))}`, { size: 256 })).rejects.toMatchObject({
        code: "preview_too_large",
        status: 413,
        details: { width: 4096, height: 4096 },
      });
      await expect(client.get(`/api/preview/${enc(enc("/project1/huge"))}`, { size: 4096 })).rejects.toMatchObject({
        code: "invalid_query",
      });
    } finally {
      await client.close();
    }
  });
});

describe("tdsim's host bounds (a JSON envelope, never HTML)", () => {
  it("refuses a 512 MiB body from its Content-Length without reading it, token or not", async () => {
    for (const auth of ["", `Authorization: Bearer ${TOKEN}\r\n`]) {
      const reply = envelopeOf(
        await raw(
          host,
          `POST /api/batch HTTP/1.1\r\nHost: 127.0.0.1\r\n${auth}Content-Type: application/json\r\nContent-Length: ${512 * 1024 * 1024}\r\n\r\n{`,
        ),
      );
      expect(reply.status).toBe(413);
      expect(reply.body.error.code).toBe("payload_too_large");
    }
  });

  it("answers malformed framing and a too-long URI with the envelope", async () => {
    const cases: [string, number, string][] = [
      [`POST /api/batch HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: ten\r\n\r\n`, 400, "malformed_request"],
      [`POST /api/batch HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: -5\r\n\r\n`, 400, "malformed_request"],
      [
        `POST /api/batch HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`,
        400,
        "malformed_request",
      ],
      [`GET /api/${"a".repeat(70_000)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`, 414, "uri_too_long"],
      [`GET /a b c HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`, 400, "malformed_request"],
    ];
    for (const [request, status, code] of cases) {
      const reply = envelopeOf(await raw(host, request));
      expect(reply.status, request.slice(0, 60)).toBe(status);
      expect(reply.body).toMatchObject({ ok: false, error: { code } });
    }
  });

  it("serves at most its bound of connections at once; the next gets 503 host_busy and is closed", async () => {
    const held: Socket[] = [];
    try {
      let refused: string | undefined;
      // Each held connection asks for /api/health and stays open (keep-alive), holding a slot.
      for (let i = 0; i <= MAX_CONNECTIONS && refused === undefined; i++) {
        const socket = connect(host.port, "127.0.0.1");
        held.push(socket);
        socket.write(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${TOKEN}\r\n\r\n`);
        const reply = await firstResponse(socket);
        if (reply.startsWith("HTTP/1.1 503")) refused = reply;
        else expect(reply.startsWith("HTTP/1.1 200")).toBe(true);
      }
      expect(refused).toBeDefined();
      const reply = envelopeOf(refused!);
      expect(reply.status).toBe(503);
      expect(reply.body.error.code).toBe("host_busy");
    } finally {
      for (const socket of held) socket.destroy();
    }
  });
});
