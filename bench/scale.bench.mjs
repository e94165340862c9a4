#!/usr/bin/env node
// Plan and apply at scale: networks of 200, 1,000 and 5,000 nodes (chains of five TOPs) built on a
// fresh tdsim each. Reported per size: the first plan (live read + diff) and the apply
// (requests, wall time, tdsim frames over 16.7 ms), a no-op re-apply (the whole read only: requests,
// writes, frames over 16.7 ms), and a failed apply: every request applied, the last one refused, all rolled back and
// verified (rollback time). Times are also given as ratios to the 200-node run of the same
// invocation, with the load average, so figures from a busy machine still compare.
// Run: npx tsc -p tsconfig.build.json && node --expose-gc bench/scale.bench.mjs [--sizes 200,1000,5000]
import { loadavg } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const dist = (p) => import(pathToFileURL(join(root, "dist", p)).href);
const { startSim } = await dist("runtime/sim/start-sim.js");
const { BridgeClient, bridgeConfigFromEnv } = await dist("runtime/engine/bridge-client/index.js");
const { planFile } = await dist("runtime/engine/loop/run-loop.js");
const { applyPlan } = await dist("runtime/engine/apply/apply-plan.js");

const sizesArg = process.argv.indexOf("--sizes");
const SIZES = sizesArg > 0 ? process.argv[sizesArg + 1].split(",").map(Number) : [200, 1000, 5000];

function network(count, variant) {
  const lines = ["svcnet 1", "network scale {"];
  for (let i = 0; i < count; i++) {
    lines.push(
      i % 5 === 0
        ? `  n${i}: constantTOP { colorr: ${((i + variant) % 10) / 10} }`
        : `  n${i}: levelTOP { opacity: ${variant ? 0.5 : 0.9} }`,
    );
    if (i % 5 !== 0) lines.push(`  n${i - 1} -> n${i}`);
  }
  lines.push("}", "");
  return lines.join("\n");
}

async function frames(client) {
  return (await client.get("/api/health")).frame_stats;
}

async function timed(client, work) {
  const before = await frames(client);
  const requests = client.stats.requests;
  const mutations = client.stats.mutations;
  const t0 = performance.now();
  const value = await work();
  const ms = performance.now() - t0;
  const counted = { requests: client.stats.requests - requests, writes: client.stats.mutations - mutations };
  const after = await frames(client);
  return { value, ms, ...counted, slow: after.slowFrames - before.slowFrames };
}

async function run(count) {
  const sim = await startSim({ port: 0 });
  const client = new BridgeClient(bridgeConfigFromEnv({ SVC_BRIDGE_URL: sim.url }));
  try {
    await client.get("/api/health");
    const text = network(count, 0);
    const plan = await timed(client, () => planFile(client, { text, file: "scale.svcnet" }));
    const np = plan.value.plans[0];
    const apply = await timed(client, () => applyPlan(client, np));
    if (!apply.value.ok) throw new Error(apply.value.diagnostics.map((d) => d.message).join("; "));
    const noop = await timed(
      client,
      async () => (await planFile(client, { text, file: "scale.svcnet" })).plans[0].operations.length,
    );
    // A failed apply: a changed network whose last request is refused.
    const changed = (await planFile(client, { text: network(count, 1), file: "scale.svcnet" })).plans[0];
    const failing = {
      ...changed,
      operations: [
        ...changed.operations,
        {
          op: { action: "set_mode", path: `${changed.root}/n1`, param: "nosuchparam", mode: "constant", value: 1 },
          path: `${changed.root}/n1`,
        },
      ],
    };
    const failed = await timed(client, () => applyPlan(client, failing));
    return { count, plan, apply, noop, failed };
  } finally {
    await client.close();
    await sim.stop();
  }
}

const loadBefore = loadavg();
const results = [];
for (const n of SIZES) {
  results.push(await run(n));
  globalThis.gc?.();
}
const base = results[0];
console.log(`load average before: ${loadBefore.map((l) => l.toFixed(2)).join(" ")}`);
for (const r of results) {
  const ratio = (a, b) => (a / b).toFixed(1);
  const rb = r.failed.value.rollback;
  console.log(
    `${r.count} nodes: plan ${r.plan.requests} requests ${r.plan.ms.toFixed(0)} ms (x${ratio(r.plan.ms, base.plan.ms)}); ` +
      `apply ${r.apply.requests} requests ${r.apply.ms.toFixed(0)} ms (x${ratio(r.apply.ms, base.apply.ms)}), ${r.apply.slow} frames over 16.7 ms; ` +
      `no-op re-apply ${r.noop.requests} requests, ${r.noop.writes} writes, ${r.noop.value} operations, ${r.noop.slow} frames over 16.7 ms; ` +
      `failed apply: ${r.failed.value.chunks} requests, rolled back ${rb?.requests} in ${rb?.elapsedMs} ms, verified ${rb?.verified}`,
  );
}
console.log(
  `load average after: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
const ok = results.every(
  (r) => r.noop.writes === 0 && r.noop.value === 0 && r.failed.value.rollback?.verified === true,
);
process.exit(ok ? 0 : 1);
