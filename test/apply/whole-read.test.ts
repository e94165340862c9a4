/**
 * A plan's live read in one request on tdsim: the bridge's whole-read port answers the network
 * after listing it over several frames; requests are counted by the client, never timed.
 */
import { createServer, type Server } from "node:http";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { request } from "undici";
import { afterAll, describe, expect, it } from "vitest";
import { runSvc } from "../cli/run-cli.js";
import { BridgeClient, bridgeConfigFromEnv } from "../../runtime/engine/bridge-client/index.js";
import { readLiveNetwork } from "../../runtime/engine/plan/live-state.js";
import { clearNetworkStateCache, readNetworkState } from "../../runtime/engine/plan/network-state-read.js";
import { applyFile, planFile } from "../../runtime/engine/loop/run-loop.js";
import { startSim, type RunningSim } from "../../runtime/sim/start-sim.js";
import { useLiveSim } from "../support/live-sim.js";

const live = useLiveSim();
const root = "/project1/whole";

/** `count` nodes in chains of five, a parameter and a comment on most. */
function network(count: number): string {
  const lines = ["svcnet 1", "network whole {"];
  for (let i = 0; i < count; i++) {
    lines.push(
      i % 5 === 0 ? `  n${i}: noiseTOP { seed: ${i} }` : `  n${i}: levelTOP [comment: "step ${i}"] { opacity: 0.5 }`,
    );
    if (i % 5 !== 0) lines.push(`  n${i - 1} -> n${i}`);
  }
  lines.push("}", "");
  return lines.join("\n");
}

const clients: BridgeClient[] = [];
function freshClient(url: string): BridgeClient {
  const c = new BridgeClient(bridgeConfigFromEnv({ SVC_BRIDGE_URL: url }));
  clients.push(c);
  return c;
}
let offSim: RunningSim | undefined;
const servers: Server[] = [];
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await offSim?.stop();
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
});

async function listen(server: Server): Promise<number> {
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return (server.address() as AddressInfo).port;
}

/**
 * A whole-read port whose every read runs past the bridge's time limit: it answers as
 * bridge/svc_bridge/whole_read.py does then (504, `read_timeout`), and counts the reads.
 */
async function timingOutWholeRead(): Promise<{ port: number; reads: () => number }> {
  let reads = 0;
  const port = await listen(
    createServer((req, res) => {
      req.resume();
      req.on("end", () => {
        reads++;
        res.writeHead(504, { "content-type": "application/json" });
        res.end(
          JSON.stringify({
            ok: false,
            error: {
              code: "read_timeout",
              message: "reading /project1/whole took more than 20 s (40 nodes listed): read it in pages instead",
            },
          }),
        );
      });
    }),
  );
  return { port, reads: () => reads };
}

/** tdsim's Web Server DAT port as it is, except that `/api/info` names `wholePort` as the whole-read port. */
async function bridgeNaming(upstream: string, wholePort: number): Promise<string> {
  const port = await listen(
    createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", async () => {
        const headers = Object.fromEntries(
          Object.entries(req.headers).filter(([k]) => !["host", "connection", "content-length"].includes(k)),
        ) as Record<string, string>;
        const body = chunks.length === 0 ? undefined : Buffer.concat(chunks);
        const answer = await request(`${upstream}${req.url}`, { method: req.method as "GET", headers, body });
        let text = await answer.body.text();
        if (req.url === "/api/info") {
          const info = JSON.parse(text) as { data: { whole_read: { port: number } } };
          info.data.whole_read = { ...info.data.whole_read, port: wholePort };
          text = JSON.stringify(info);
        }
        res.writeHead(answer.statusCode, { "content-type": "application/json" });
        res.end(text);
      });
    }),
  );
  return `http://127.0.0.1:${port}`;
}

describe("the whole read", () => {
  it("plans a no-op re-apply with one state request and no write", async () => {
    const text = network(100);
    expect((await applyFile(live.client, { text, file: "whole.svcnet" }, { verify: false })).diagnostics).toEqual([]);
    clearNetworkStateCache();

    const client = freshClient(live.sim.url);
    const first = await planFile(client, { text, file: "whole.svcnet" });
    expect(first.diagnostics).toEqual([]);
    expect(first.plans[0]!.operations).toEqual([]);
    // A process's first read asks /api/info once for the port, then reads the network in one request.
    expect(client.stats).toEqual({ requests: 2, mutations: 0 });

    const again = await planFile(client, { text, file: "whole.svcnet" });
    expect(again.plans[0]!.operations).toEqual([]);
    expect(client.stats).toEqual({ requests: 3, mutations: 0 });
  }, 120_000);

  it("reads what the pages read, and only changed nodes in detail", async () => {
    const client = freshClient(live.sim.url);
    const wanted = new Map([[`${root}/n6`, ["opacity", "brightness1"]]]);
    clearNetworkStateCache();
    const whole = await readNetworkState(client, root, { wanted, storageKey: "svc_applied" });
    expect(whole.whole).toBe(true);
    expect(whole.requests).toBe(1);
    expect(whole.detailed).toBe(100);
    clearNetworkStateCache();
    const paged = await readNetworkState(client, root, {
      wanted,
      storageKey: "svc_applied",
      whole: false,
      pageMaxNodes: 40,
    });
    expect(paged.whole).toBe(false);
    // 100 nodes, at most 40 a page: at least 3 pages (more when the bridge's frame budget cuts a page short).
    expect(paged.requests).toBeGreaterThanOrEqual(Math.ceil(100 / 40));
    expect(whole.nodes).toEqual(paged.nodes);
    expect(whole.wires).toEqual(paged.wires);
    expect(whole.root).toEqual(paged.root);
    expect(whole.stored).toEqual(paged.stored);

    await client.post("/api/batch", {
      operations: [{ action: "update", path: `${root}/n6`, parameters: { brightness1: 0.25 } }],
    });
    const changed = await readNetworkState(client, root, { wanted, storageKey: "svc_applied" });
    expect([changed.requests, changed.detailed]).toEqual([1, 1]);
    expect(changed.nodes.find((n) => n.path === `${root}/n6`)!.params.brightness1).toMatchObject({ value: 0.25 });
    const fresh = await readLiveNetwork(client, root, wanted);
    expect(fresh.state.nodes.get(`${root}/n6`)!.params.brightness1).toEqual({ mode: "constant", value: 0.25 });
  }, 120_000);

  it("checks every request on the whole-read port as on the Web Server DAT's, from outside over HTTP", async () => {
    const { port } = (await live.client.get<{ whole_read: { port: number } }>("/api/info")).whole_read;
    const uri = `http://127.0.0.1:${port}/api/network/${encodeURIComponent(encodeURIComponent(root))}/state`;
    const send = async (headers: Record<string, string>, body = "{}") => {
      const res = await request(uri, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body,
      });
      return { status: res.statusCode, code: ((await res.body.json()) as { error?: { code: string } }).error?.code };
    };
    expect(await send({ origin: "http://evil.example" })).toEqual({ status: 403, code: "forbidden_origin" });
    expect(await send({ host: "evil.example" })).toEqual({ status: 403, code: "forbidden_host" });
    expect(await send({ "content-type": "text/plain" })).toEqual({ status: 415, code: "unsupported_media_type" });
    expect(await send({}, "{not json")).toEqual({ status: 400, code: "invalid_json" });
    expect(await send({}, JSON.stringify({ after: `${root}/n1` }))).toEqual({ status: 400, code: "invalid_field" });
    expect(await send({}, JSON.stringify({ max_nodes: 3 }))).toEqual({ status: 413, code: "read_too_large" });
    expect(await send({})).toEqual({ status: 200, code: undefined });
  }, 120_000);

  it("goes to the pages at once when the whole read runs out of time, says so, and does not send it again", async () => {
    const home = mkdtempSync(join(tmpdir(), "svc-whole-timeout-"));
    try {
      const text = network(40);
      writeFileSync(join(home, "whole.svcnet"), text);
      expect((await applyFile(live.client, { text, file: "whole.svcnet" }, { verify: false })).diagnostics).toEqual([]);
      const slow = await timingOutWholeRead();
      const env = {
        HOME: home,
        SVC_HOME: join(home, ".svc"),
        SVC_BRIDGE_URL: await bridgeNaming(live.sim.url, slow.port),
      };

      const plan = await runSvc(["plan", "--detailed-exitcode", "whole.svcnet"], env, home);
      expect(plan.code, plan.stdout + plan.stderr).toBe(0);
      // One whole read (a read that timed out is not sent again), then the pages; the user is told.
      expect(slow.reads()).toBe(1);
      expect(plan.stderr).toContain(
        "svc plan: reading /project1/whole in one request ran past the bridge's time limit: reading it in pages instead",
      );

      // Export reads twice (the second time with the parameters the record names): one try of the whole read in all.
      const exported = await runSvc(["export", root], env, home);
      expect(exported.code, exported.stderr).toBe(0);
      expect(exported.stdout).toContain("n39: levelTOP");
      expect(slow.reads()).toBe(2);
      expect(exported.stderr.match(/reading it in pages/g)).toHaveLength(1);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  }, 120_000);

  it("falls back to pages on a bridge whose whole-read port is off", async () => {
    offSim = await startSim({ port: 0, env: { ...process.env, SVC_BRIDGE_READ_PORT: "off" } });
    const client = freshClient(offSim.url);
    const text = network(20);
    expect((await applyFile(client, { text, file: "whole.svcnet" }, { verify: false })).diagnostics).toEqual([]);
    const read = await readNetworkState(client, root, { pageMaxNodes: 8 });
    expect(read.whole).toBe(false);
    expect(read.requests).toBeGreaterThanOrEqual(3);
    expect(read.nodes).toHaveLength(20);
  }, 120_000);
});
