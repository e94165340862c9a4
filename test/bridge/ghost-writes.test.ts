/**
 * A mutation whose answer never comes: svc must not claim it was rolled back. A proxy in front of
 * tdsim forwards the request (it lands) or drops it (it never arrives), and withholds the answer;
 * the client then asks the bridge's receipt for the request's idempotency key.
 */
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BridgeClient,
  BridgeError,
  bridgeConfigFromEnv,
  encodePath,
} from "../../runtime/engine/bridge-client/index.js";
import { useLiveSim } from "../support/live-sim.js";

const live = useLiveSim();

/** What the proxy does with the next POST /api/batch. */
let nextBatch: "forward-and-withhold" | "drop" | "pass" = "pass";
const keysSeen: string[] = [];
let proxy: Server;
let client: BridgeClient;

beforeAll(async () => {
  proxy = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const mode = req.method === "POST" && req.url === "/api/batch" ? nextBatch : "pass";
      if (req.url === "/api/batch") keysSeen.push(String(req.headers["idempotency-key"]));
      if (mode === "drop") return; // never forwarded, never answered
      const target = new URL(live.sim.url);
      const out = httpRequest(
        { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          if (mode === "forward-and-withhold") {
            answer.resume();
            return;
          }
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      out.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((r) => proxy.listen(0, "127.0.0.1", r));
  const port = (proxy.address() as AddressInfo).port;
  client = new BridgeClient(bridgeConfigFromEnv({ SVC_BRIDGE_URL: `http://127.0.0.1:${port}` }, { timeoutMs: 5_000 }));
});

afterAll(async () => {
  await client.close();
  proxy.closeAllConnections();
  await new Promise<void>((r) => proxy.close(() => r()));
});

const create = (name: string) => ({
  operations: [{ action: "create", parent_path: "/project1", type: "noiseTOP", name }],
});

describe("a mutation that times out", () => {
  it("is reported from the bridge's receipt when it landed", async () => {
    nextBatch = "forward-and-withhold";
    const data = await client.post<{ results: Array<{ data: { path: string } }> }>("/api/batch", create("ghost1"));
    nextBatch = "pass";
    expect(data.results[0]!.data.path).toBe("/project1/ghost1");
    await expect(live.client.get(`/api/nodes/${encodePath("/project1/ghost1")}`)).resolves.toMatchObject({
      type: "noiseTOP",
    });
    expect(keysSeen.at(-1)).toMatch(/^[0-9a-f-]{36}$/);
  }, 60_000);

  it("is reported as not applied when it never reached the bridge", async () => {
    nextBatch = "drop";
    const error = await client.post("/api/batch", create("ghost2")).catch((e: unknown) => e);
    nextBatch = "pass";
    expect(error).toBeInstanceOf(BridgeError);
    expect((error as BridgeError).code).toBe("timeout_not_applied");
    expect((error as BridgeError).message).toContain("nothing of it was applied");
    await expect(live.client.get(`/api/nodes/${encodePath("/project1/ghost2")}`)).rejects.toMatchObject({
      code: "node_not_found",
    });
  }, 60_000);

  it("sends each mutation with its own key, and a re-send of one mutation with the same key", async () => {
    // A busy bridge sheds a request and the client sends it again: those sends share one key, so
    // the keys are compared per mutation, not as the last two sends.
    const keysOf = async (name: string): Promise<Set<string>> => {
      const before = keysSeen.length;
      await client.post("/api/batch", create(name));
      return new Set(keysSeen.slice(before));
    };
    const first = await keysOf("ghost3");
    const second = await keysOf("ghost4");
    expect(first.size).toBe(1);
    expect(second.size).toBe(1);
    expect([...first][0]).not.toBe([...second][0]);
  }, 60_000);
});
