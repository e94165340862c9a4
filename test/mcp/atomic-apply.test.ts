/**
 * apply_network is all-or-nothing at any size, as `svc apply` is: a proxy in front of tdsim makes
 * the last request of a many-request apply fail at the bridge (it appends an operation the bridge
 * refuses), and the tool must leave the live project exactly as before, or keep the earlier
 * requests only when asked with keep_partial.
 */
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readLiveNetwork } from "../../runtime/engine/plan/live-state.js";
import { fingerprintState } from "../../runtime/engine/plan/fingerprint.js";
import { useLiveSim } from "../support/live-sim.js";
import { errorOf, memoryClient } from "./helpers.js";

const live = useLiveSim();
const ROOT = "/project1/mcpatomic";

/** Arms the proxy: the next batch that stores svc's record (an apply's last request) fails. */
let failLastRequest = false;
let refusedKey: string | undefined;
const batches: number[] = [];
let proxy: Server;
let client: Client;
let savedUrl: string | undefined;

beforeAll(async () => {
  proxy = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      let body = Buffer.concat(chunks);
      if (req.method === "POST" && req.url === "/api/batch") {
        const batch = JSON.parse(body.toString("utf8")) as { operations: Array<{ action: string; key?: string }> };
        batches.push(batch.operations.length);
        const key = String(req.headers["idempotency-key"]);
        // A retry of the refused request (same idempotency key) is refused again.
        if (
          key === refusedKey ||
          (failLastRequest && batch.operations.some((o) => o.action === "store" && o.key === "svc_applied"))
        ) {
          failLastRequest = false;
          refusedKey = key;
          batch.operations.push({
            action: "set_mode",
            path: ROOT,
            param: "nosuchparam",
            mode: "constant",
            value: 1,
          } as never);
          body = Buffer.from(JSON.stringify(batch));
        }
      }
      const target = new URL(live.sim.url);
      const headers = { ...req.headers, "content-length": String(body.length) };
      const out = httpRequest(
        { host: target.hostname, port: target.port, method: req.method, path: req.url, headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      out.end(body);
    });
  });
  await new Promise<void>((r) => proxy.listen(0, "127.0.0.1", r));
  savedUrl = process.env.SVC_BRIDGE_URL;
  process.env.SVC_BRIDGE_URL = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  client = await memoryClient({ profile: "core", rawPython: false });
});

afterAll(async () => {
  await client.close();
  if (savedUrl === undefined) delete process.env.SVC_BRIDGE_URL;
  else process.env.SVC_BRIDGE_URL = savedUrl;
  proxy.closeAllConnections();
  await new Promise<void>((r) => proxy.close(() => r()));
});

/** 80 nodes in chains of four: several requests of one frame each. */
function network(variant: number): string {
  const lines = ["svcnet 1", "network mcpatomic {"];
  for (let i = 0; i < 80; i++) {
    lines.push(
      i % 4 === 0
        ? `  n${i}: noiseTOP { seed: ${i + variant} }`
        : `  n${i}: levelTOP { opacity: ${variant === 0 ? 0.5 : 0.25} }`,
    );
    if (i % 4 !== 0) lines.push(`  n${i - 1} -> n${i}`);
  }
  lines.push("}", "");
  return lines.join("\n");
}

const apply = (source: string, extra: Record<string, unknown> = {}) =>
  client.callTool({ name: "apply_network", arguments: { source, preview: 0, ...extra } }) as Promise<CallToolResult>;

describe("apply_network of many requests whose last request fails", () => {
  it("rolls every earlier request back and verifies the live network is as before", async () => {
    const first = await apply(network(0));
    expect(first.isError).toBeFalsy();
    const before = await readLiveNetwork(live.client, ROOT);

    batches.length = 0;
    failLastRequest = true;
    const failed = await apply(network(1));
    expect(batches.length).toBeGreaterThanOrEqual(2);
    expect(failed.isError).toBe(true);
    const error = errorOf(failed);
    const diagnostics = error.diagnostics as Array<{ code: string; help: string[] }>;
    expect(diagnostics.map((d) => d.code)).toEqual(["apply-operation-failed"]);
    expect(diagnostics[0]!.help.join(" ")).toMatch(/rolled back [1-9]\d* requests?, live network verified unchanged/);

    const after = await readLiveNetwork(live.client, ROOT);
    expect(fingerprintState(after.state)).toBe(fingerprintState(before.state));
    expect(after.lastApplied?.source).toEqual(before.lastApplied?.source);
  }, 300_000);

  it("keeps the earlier requests with keep_partial, and says so", async () => {
    failLastRequest = true;
    const failed = await apply(network(1), { keep_partial: true });
    expect(failed.isError).toBe(true);
    const diagnostics = errorOf(failed).diagnostics as Array<{ code: string }>;
    expect(diagnostics.map((d) => d.code)).toEqual(["apply-operation-failed", "apply-partial-kept"]);
    const after = await readLiveNetwork(live.client, ROOT);
    expect(after.state.nodes.get(`${ROOT}/n4`)?.params.seed).toEqual({ mode: "constant", value: 5 });
  }, 300_000);
});
