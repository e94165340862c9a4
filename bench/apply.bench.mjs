#!/usr/bin/env node
// Apply benchmark: a 200-node network built on tdsim (1) through svc (compile, plan, batched apply)
// and (2) the way a one-node-per-call tool does it: one REST call per node and one per wire.
// Each runs against its own fresh tdsim. Reported: HTTP requests made, wall time, and tdsim frames
// that took longer than one 60 fps frame (16.7 ms) while the build ran, read from /api/health.
// Targets: svc makes at least 10x fewer requests, takes at least 5x less wall time, drops no frame.
// Run: npx tsc -p tsconfig.build.json && node bench/apply.bench.mjs [--runs N]
import { loadavg } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const dist = (p) => import(pathToFileURL(join(root, "dist", p)).href);
const { startSim } = await dist("runtime/sim/start-sim.js");
const { BridgeClient, bridgeConfigFromEnv } = await dist("runtime/engine/bridge-client/index.js");
const { applyFile } = await dist("runtime/engine/loop/run-loop.js");

const runsArg = process.argv.indexOf("--runs");
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 3;
const GROUPS = 40; // 40 chains of 5 TOPs = 200 nodes, 160 wires

function network() {
  const nodes = [];
  const wires = [];
  for (let g = 1; g <= GROUPS; g++) {
    nodes.push(`  const${g}: constantTOP { colorr: ${(g % 10) / 10}, resolution: 320x180 }`);
    nodes.push(`  level${g}: levelTOP { brightness1: 1.2, opacity: 0.9 }`);
    nodes.push(`  transform${g}: transformTOP { rotate: ${g}, sx: 0.5 }`);
    nodes.push(`  blur${g}: blurTOP { size: 4 }`);
    nodes.push(`  null${g}: nullTOP`);
    wires.push(`  const${g} -> level${g} -> transform${g} -> blur${g} -> null${g}`);
  }
  return `svcnet 1\nnetwork bench {\n${nodes.join("\n")}\n\n${wires.join("\n")}\n}\n`;
}

/** The same network as one-node-per-call requests. */
function perNodeCalls() {
  const calls = [{ path: "/api/nodes", body: { parent_path: "/project1", type: "baseCOMP", name: "bench" } }];
  const p = "/project1/bench";
  const make = (type, name, parameters) =>
    calls.push({ path: "/api/nodes", body: { parent_path: p, type, name, parameters } });
  for (let g = 1; g <= GROUPS; g++) {
    make("constantTOP", `const${g}`, { colorr: (g % 10) / 10, resolutionw: 320, resolutionh: 180 });
    make("levelTOP", `level${g}`, { brightness1: 1.2, opacity: 0.9 });
    make("transformTOP", `transform${g}`, { rotate: g, sx: 0.5 });
    make("blurTOP", `blur${g}`, { size: 4 });
    make("nullTOP", `null${g}`, {});
  }
  for (let g = 1; g <= GROUPS; g++) {
    const chain = [`const${g}`, `level${g}`, `transform${g}`, `blur${g}`, `null${g}`];
    for (let i = 0; i + 1 < chain.length; i++) {
      calls.push({
        path: "/api/connect",
        body: { source_path: `${p}/${chain[i]}`, target_path: `${p}/${chain[i + 1]}` },
      });
    }
  }
  return calls;
}

async function measure(build) {
  const sim = await startSim({ port: 0 });
  const client = new BridgeClient(bridgeConfigFromEnv({ SVC_BRIDGE_URL: sim.url }));
  try {
    // The first requests load the bridge's modules and warm its lookups: a one-time cost of a
    // freshly started bridge, not of the build (a bridge in TouchDesigner has long been running).
    await client.get("/api/health");
    // Starts the whole-read port, once per bridge (bridge/README "Whole reads"); through another
    // client, so that the build's own client still asks /api/info first, as a new svc process does.
    const other = new BridgeClient(bridgeConfigFromEnv({ SVC_BRIDGE_URL: sim.url }));
    await other.get("/api/info");
    await other.close();
    await client.get("/api/nodes/%2Fproject1");
    await client.get("/api/network/%2Fproject1/topology", { params: true });
    const before = (await client.get("/api/health")).frame_stats;
    const requestsBefore = client.stats.requests;
    const t0 = performance.now();
    await build(client);
    const ms = performance.now() - t0;
    const requests = client.stats.requests - requestsBefore;
    const after = (await client.get("/api/health")).frame_stats;
    // The same tdsim left alone as long: the frames the machine's load drops by itself.
    await new Promise((r) => setTimeout(r, ms));
    const idle = (await client.get("/api/health")).frame_stats;
    return {
      idleSlowFrames: idle.slowFrames - after.slowFrames,
      ms,
      requests,
      slowFrames: after.slowFrames - before.slowFrames,
      droppedFrames: after.droppedFrames - before.droppedFrames,
      // The longest frame while the build ran (requests run inside frames).
      longestFrameMs: Math.max(...after.recentFrameMs.slice(-Math.max(1, after.frames - before.frames))),
      // tdsim's own garbage collections, between frames (bridge/sim/tdsim/process/gcpacing.py)
      gcMaxMs: after.gcMaxMs ?? 0,
    };
  } finally {
    await client.close();
    await sim.stop();
  }
}

const load0 = loadavg()[0];
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const text = network();
const calls = perNodeCalls();
const svcRuns = [];
const naiveRuns = [];
for (let i = 0; i < RUNS; i++) {
  svcRuns.push(
    await measure(async (client) => {
      const r = await applyFile(client, { text, file: "bench.svcnet" }, { verify: false });
      if (!r.ok) throw new Error("svc apply failed: " + r.diagnostics.map((d) => d.message).join("; "));
    }),
  );
  naiveRuns.push(
    await measure(async (client) => {
      for (const c of calls) await client.post(c.path, c.body);
    }),
  );
}
const summary = (runs) => ({
  ms: median(runs.map((r) => r.ms)),
  requests: median(runs.map((r) => r.requests)),
  slow: Math.max(...runs.map((r) => r.slowFrames)),
  longest: Math.max(...runs.map((r) => r.longestFrameMs)),
  gcMax: Math.max(...runs.map((r) => r.gcMaxMs)),
});
const svc = summary(svcRuns);
const naive = summary(naiveRuns);
const fewer = naive.requests / svc.requests;
const faster = naive.ms / svc.ms;
console.log(`200 nodes, 160 wires, ${RUNS} runs each, medians (frames over 16.7 ms: worst run)`);
const row = (r) =>
  `${r.requests} requests, ${r.ms.toFixed(0)} ms, longest frame ${r.longest.toFixed(1)} ms, ${r.slow} frames over 16.7 ms ` +
  `(tdsim's own longest collection between frames: ${r.gcMax.toFixed(1)} ms)`;
console.log(`  svc apply (compile + plan + batches): ${row(svc)}`);
console.log(
  `  svc runs with 0 frames over 16.7 ms: ${svcRuns.filter((r) => r.slowFrames === 0).length} of ${RUNS} ` +
    `(per run: ${svcRuns.map((r) => r.slowFrames).join(", ")}; tdsim idle as long: ${svcRuns.map((r) => r.idleSlowFrames).join(", ")}); ` +
    `load average ${load0.toFixed(1)} -> ${loadavg()[0].toFixed(1)}`,
);
console.log(`  one REST call per node and wire:      ${row(naive)}`);
console.log(
  `  svc: ${fewer.toFixed(1)}x fewer requests (target >= 10x), ${faster.toFixed(1)}x less wall time (target >= 5x), ` +
    `longest frame ${svc.longest.toFixed(1)} ms (target: under 16.7 ms, no dropped frame)`,
);
// Frame times include the machine's own scheduling noise on a loaded machine; run it alone.
process.exit(fewer >= 10 && faster >= 5 && svc.longest < 16.7 ? 0 : 1);
