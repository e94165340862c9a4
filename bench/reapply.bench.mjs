#!/usr/bin/env node
// No-op re-apply of a 1,000-node network on a fresh tdsim: what the live read costs in requests,
// writes and tdsim frames over 16.7 ms. Four rows, each measured in the same run:
//  - baseline: the read as svc made it before the state route (the root node, the paged topology
//    with parameters, text and custom pages, the modes of the parameters the source names, the
//    stored record: four kinds of request), made through the same client;
//  - the state pages (bridge 0.2.27 to 0.2.33), digests cached: the read alone, no compile;
//  - `svc plan` from a fresh client (a fresh process): /api/info once for the whole-read port, then
//    one whole read, every node's details coming back;
//  - `svc plan` again from the same client (an MCP server, an editor): one whole read, digests only.
// Exits 1 when a no-op writes anything or plans an operation.
// Run: npx tsc -p tsconfig.build.json && node bench/reapply.bench.mjs [--nodes 1000] [--runs 3]
import { loadavg } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const dist = (p) => import(pathToFileURL(join(root, "dist", p)).href);
const { startSim } = await dist("runtime/sim/start-sim.js");
const { BridgeClient, bridgeConfigFromEnv, encodePath } = await dist("runtime/engine/bridge-client/index.js");
const { planFile, applyFile } = await dist("runtime/engine/loop/run-loop.js");
const { readWholeTopology } = await dist("runtime/engine/plan/paged-topology.js");
const { clearNetworkStateCache, readNetworkState } = await dist("runtime/engine/plan/network-state-read.js");

const arg = (name, fallback) =>
  process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : fallback;
const NODES = arg("--nodes", 1000);
const RUNS = arg("--runs", 3);
const ROOT = "/project1/scale";

function network(count) {
  const lines = ["svcnet 1", "network scale {"];
  for (let i = 0; i < count; i++) {
    lines.push(
      i % 5 === 0
        ? `  n${i}: constantTOP { colorr: ${(i % 10) / 10} }`
        : `  n${i}: levelTOP [comment: "step ${i}"] { opacity: 0.9 }`,
    );
    if (i % 5 !== 0) lines.push(`  n${i - 1} -> n${i}`);
  }
  lines.push("}", "");
  return lines.join("\n");
}

/** Runs `work` with `client`, counting its requests; tdsim's frames are read through `probe`. */
async function measure(client, work, probe = client) {
  const before = (await probe.get("/api/health")).frame_stats;
  const { requests, mutations } = client.stats;
  const t0 = performance.now();
  const value = await work();
  const ms = performance.now() - t0;
  const counted = { requests: client.stats.requests - requests, writes: client.stats.mutations - mutations };
  const after = (await probe.get("/api/health")).frame_stats;
  return { value, ms, ...counted, slow: after.slowFrames - before.slowFrames };
}

/** The read before the state route, request for request. */
async function previousRead(client, wanted) {
  await client.get(`/api/nodes/${encodePath(ROOT)}`);
  await readWholeTopology(client, ROOT, { depth: 64, params: true, text: true, custom: true });
  const paths = [...wanted.keys()];
  const keys = [...new Set([...wanted.values()].flat())].sort();
  for (let rest = paths; rest.length > 0;) {
    const data = await client.read("/api/param_modes/batch", { paths: rest.slice(0, 500), keys });
    const done = new Set([...data.nodes.map((n) => n.path), ...data.missing]);
    rest = rest.filter((p) => !done.has(p));
  }
  await client.get(`/api/nodes/${encodePath(ROOT)}/storage`, { key: "svc_applied" });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const sim = await startSim({ port: 0 });
const client = new BridgeClient(bridgeConfigFromEnv({ SVC_BRIDGE_URL: sim.url }));
const load0 = loadavg()[0];
let failed = false;
const rows = { baseline: [], pages: [], cold: [], warm: [], whole: [], idle: [] };
const wholeReads = [];
try {
  const text = network(NODES);
  const applied = await applyFile(client, { text, file: "scale.svcnet" }, { verify: false });
  if (applied.diagnostics.some((d) => d.severity === "error"))
    throw new Error(applied.diagnostics.map((d) => d.message).join("; "));
  const wanted = new Map(
    [...(await planFile(client, { text, file: "scale.svcnet" })).plans[0].desired.nodes.values()].map((n) => [
      n.path,
      Object.keys(n.params),
    ]),
  );
  for (let run = 0; run < RUNS; run++) {
    rows.baseline.push(await measure(client, () => previousRead(client, wanted)));
    await readNetworkState(client, ROOT, { wanted, storageKey: "svc_applied", whole: false });
    rows.pages.push(
      await measure(client, () => readNetworkState(client, ROOT, { wanted, storageKey: "svc_applied", whole: false })),
    );
    clearNetworkStateCache();
    const fresh = new BridgeClient(bridgeConfigFromEnv({ SVC_BRIDGE_URL: sim.url }));
    try {
      const cold = await measure(
        fresh,
        async () => (await planFile(fresh, { text, file: "scale.svcnet" })).plans[0].operations.length,
        client,
      );
      const warm = await measure(
        fresh,
        async () => (await planFile(fresh, { text, file: "scale.svcnet" })).plans[0].operations.length,
        client,
      );
      const detail = await readNetworkState(fresh, ROOT, { wanted });
      warm.detailed = detail.detailed;
      wholeReads.push(detail.whole);
      rows.cold.push(cold);
      rows.warm.push(warm);
      const wholeRead = await measure(
        fresh,
        () => readNetworkState(fresh, ROOT, { wanted, storageKey: "svc_applied" }),
        client,
      );
      rows.whole.push(wholeRead);
      // tdsim left alone as long as the whole read took: the frames the machine's load drops by itself.
      rows.idle.push(await measure(fresh, () => new Promise((r) => setTimeout(r, wholeRead.ms)), client));
      for (const r of [cold, warm]) if (r.value !== 0 || r.writes !== 0) failed = true;
    } finally {
      await fresh.close();
    }
  }
} finally {
  await client.close();
  await sim.stop();
}
const base = median(rows.baseline.map((r) => r.requests));
const line = (name, rs) =>
  `| ${name} | ${median(rs.map((r) => r.requests))} (x${(median(rs.map((r) => r.requests)) / base).toFixed(2)}) | ${Math.max(...rs.map((r) => r.writes))} | ${Math.max(...rs.map((r) => r.slow))} | ${median(rs.map((r) => r.ms)).toFixed(0)} ms |`;
console.log(
  `no-op re-apply of ${NODES} nodes, ${RUNS} runs, load average ${load0.toFixed(1)} -> ${loadavg()[0].toFixed(1)}`,
);
console.log("| read | requests (median, x baseline) | writes (worst) | frames over 16.7 ms (worst) | wall (median) |");
console.log("|---|---|---|---|---|");
console.log(line("baseline: the previous four kinds of read", rows.baseline));
console.log(line("the state pages (0.2.27 to 0.2.33), digests cached, read only", rows.pages));
console.log(line("`plan`, nothing cached (fresh process): /api/info, then one whole read", rows.cold));
console.log(line("`plan` again, same process: one whole read", rows.warm));
console.log(line("the whole read alone, same process (no compile beside it)", rows.whole));
console.log(line("nothing, for as long as the whole read took (tdsim idle)", rows.idle));
console.log(
  `nodes sent in detail on a warm re-read: ${rows.warm.map((r) => r.detailed).join(", ")}; whole reads: ${wholeReads.join(", ")}`,
);
if (failed) console.log("FAILED: a no-op re-apply wrote something or planned an operation");
process.exit(failed ? 1 : 0);
