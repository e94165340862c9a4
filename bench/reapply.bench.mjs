#!/usr/bin/env node
// No-op re-apply of a 1,000-node network on a fresh tdsim: what the live read costs in requests,
// writes and tdsim frames over 16.7 ms. Three rows, each measured in the same run:
//  - baseline: the read as svc made it before the state route (the root node, the paged topology
//    with parameters, text and custom pages, the modes of the parameters the source names, the
//    stored record: four kinds of request), made through the same client;
//  - `svc plan` with nothing cached (a fresh process): every node's details come back;
//  - `svc plan` again in the same process (an MCP server, an editor): the digest cache holds every
//    unchanged node, so the pages carry digests only.
// Exits 1 when a no-op writes anything or plans an operation.
// Run: npx tsc -p tsconfig.build.json && node bench/reapply.bench.mjs [--nodes 1000] [--runs 3]
import { loadavg } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const dist = (p) => import(pathToFileURL(join(root, "dist", p)).href);
const { startSim } = await dist("runtime/sim/start-sim.js");
const { BridgeClient, bridgeConfigFromEnv, encodePath } = await dist("runtime/bridge-client/index.js");
const { planFile, applyFile } = await dist("runtime/loop/run-loop.js");
const { readWholeTopology } = await dist("runtime/apply/paged-topology.js");
const { clearNetworkStateCache, readNetworkState } = await dist("runtime/apply/network-state-read.js");

const arg = (name, fallback) => (process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : fallback);
const NODES = arg("--nodes", 1000);
const RUNS = arg("--runs", 3);
const ROOT = "/project1/scale";

function network(count) {
  const lines = ["svcnet 1", "network scale {"];
  for (let i = 0; i < count; i++) {
    lines.push(i % 5 === 0 ? `  n${i}: constantTOP { colorr: ${(i % 10) / 10} }` : `  n${i}: levelTOP [comment: "step ${i}"] { opacity: 0.9 }`);
    if (i % 5 !== 0) lines.push(`  n${i - 1} -> n${i}`);
  }
  lines.push("}", "");
  return lines.join("\n");
}

async function measure(client, work) {
  const before = (await client.get("/api/health")).frame_stats;
  const { requests, mutations } = client.stats;
  const t0 = performance.now();
  const value = await work();
  const ms = performance.now() - t0;
  const after = (await client.get("/api/health")).frame_stats;
  return { value, ms, requests: client.stats.requests - requests, writes: client.stats.mutations - mutations, slow: after.slowFrames - before.slowFrames };
}

/** The read before the state route, request for request. */
async function previousRead(client, wanted) {
  await client.get(`/api/nodes/${encodePath(ROOT)}`);
  await readWholeTopology(client, ROOT, { depth: 64, params: true, text: true, custom: true });
  const paths = [...wanted.keys()];
  const keys = [...new Set([...wanted.values()].flat())].sort();
  for (let rest = paths; rest.length > 0; ) {
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
const rows = { baseline: [], cold: [], warm: [] };
try {
  const text = network(NODES);
  const applied = await applyFile(client, { text, file: "scale.svcnet" }, { verify: false });
  if (applied.diagnostics.some((d) => d.severity === "error")) throw new Error(applied.diagnostics.map((d) => d.message).join("; "));
  const wanted = new Map([...(await planFile(client, { text, file: "scale.svcnet" })).plans[0].desired.nodes.values()].map((n) => [n.path, Object.keys(n.params)]));
  for (let run = 0; run < RUNS; run++) {
    rows.baseline.push(await measure(client, () => previousRead(client, wanted)));
    clearNetworkStateCache();
    const cold = await measure(client, async () => (await planFile(client, { text, file: "scale.svcnet" })).plans[0].operations.length);
    const warm = await measure(client, async () => (await planFile(client, { text, file: "scale.svcnet" })).plans[0].operations.length);
    const detail = await readNetworkState(client, ROOT, { wanted });
    warm.detailed = detail.detailed;
    rows.cold.push(cold);
    rows.warm.push(warm);
    for (const r of [cold, warm]) if (r.value !== 0 || r.writes !== 0) failed = true;
  }
} finally {
  await client.close();
  await sim.stop();
}
const base = median(rows.baseline.map((r) => r.requests));
const line = (name, rs) =>
  `| ${name} | ${median(rs.map((r) => r.requests))} (x${(median(rs.map((r) => r.requests)) / base).toFixed(2)}) | ${Math.max(...rs.map((r) => r.writes))} | ${Math.max(...rs.map((r) => r.slow))} | ${median(rs.map((r) => r.ms)).toFixed(0)} ms |`;
console.log(`no-op re-apply of ${NODES} nodes, ${RUNS} runs, load average ${load0.toFixed(1)} -> ${loadavg()[0].toFixed(1)}`);
console.log("| read | requests (median, x baseline) | writes (worst) | frames over 16.7 ms (worst) | wall (median) |");
console.log("|---|---|---|---|---|");
console.log(line("baseline: the previous four kinds of read", rows.baseline));
console.log(line("`plan`, nothing cached (fresh process)", rows.cold));
console.log(line("`plan` again, same process", rows.warm));
console.log(`nodes sent in detail on a warm re-read: ${rows.warm.map((r) => r.detailed).join(", ")}`);
if (failed) console.log("FAILED: a no-op re-apply wrote something or planned an operation");
process.exit(failed ? 1 : 0);
