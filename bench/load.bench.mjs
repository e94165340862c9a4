// Frames under load: 20 concurrent clients read and write through the bridge in tdsim for a few
// seconds, once with load shedding off (SVC_BRIDGE_FRAME_BUDGET_MS=off, the bridge before it had
// one) and once with the default budget (8 ms a frame), each on a fresh tdsim. Reported: the share
// of frames over 16.7 ms (one 60 fps frame), the worst and 95th-percentile frame, and the requests
// completed per second (shed requests are sent again by svc's client, as it always does).
// usage: npx tsc -p tsconfig.build.json && node bench/load.bench.mjs [--seconds N] [--clients N]
import { existsSync } from "node:fs";
import { loadavg } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const flag = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const seconds = flag("--seconds", 5);
const clients = flag("--clients", 20);
if (!existsSync(join(root, "dist", "runtime", "sim", "start-sim.js"))) {
  console.error("dist/ is missing: run `npx tsc -p tsconfig.build.json` first");
  process.exit(1);
}
const { startSim } = await import(join(root, "dist", "runtime", "sim", "start-sim.js"));
const { BridgeClient, bridgeConfigFromEnv, encodePath } = await import(
  join(root, "dist", "runtime", "engine", "bridge-client", "index.js")
);

const NODES = 120;

async function run(budget) {
  const sim = await startSim({ port: 0, env: { ...process.env, SVC_BRIDGE_FRAME_BUDGET_MS: budget } });
  const make = () => new BridgeClient(bridgeConfigFromEnv({ SVC_BRIDGE_URL: sim.url }));
  const setup = make();
  try {
    await setup.post("/api/nodes", { parent_path: "/project1", type: "baseCOMP", name: "load" });
    for (let i = 0; i < NODES; i += 30) {
      const ops = Array.from({ length: 30 }, (_, j) => ({
        action: "create",
        parent_path: "/project1/load",
        type: "noiseTOP",
        name: `n${i + j}`,
        parameters: { period: 1 + j },
      }));
      await setup.post("/api/batch", { operations: ops });
    }
    const before = (await setup.get("/api/health")).frame_stats;
    const started = performance.now();
    const stopAt = performance.now() + seconds * 1000;
    let done = 0;
    const worker = async (k) => {
      const client = make();
      try {
        for (let i = 0; performance.now() < stopAt; i++) {
          if (i % 4 === 3)
            await client.patch(`/api/nodes/${encodePath(`/project1/load/n${(k * 7 + i) % NODES}`)}`, {
              parameters: { period: 1 + (i % 9) },
            });
          else await client.get(`/api/network/${encodePath("/project1/load")}/topology`, { depth: 1, params: true });
          done++;
        }
      } finally {
        await client.close();
      }
    };
    await Promise.all(Array.from({ length: clients }, (_, k) => worker(k)));
    const after = (await setup.get("/api/health")).frame_stats;
    const elapsed = (performance.now() - started) / 1000;
    const frames = after.frames - before.frames;
    const window = after.recentFrameMs.slice(-Math.min(frames, after.recentFrameMs.length));
    const sorted = [...window].sort((a, b) => a - b);
    return {
      budget,
      frames,
      over: window.filter((ms) => ms > 1000 / 60).length / window.length,
      worst: sorted[sorted.length - 1],
      p95: sorted[Math.floor(sorted.length * 0.95)],
      perSecond: done / elapsed,
      fps: frames / elapsed,
    };
  } finally {
    await setup.close();
    await sim.stop();
  }
}

const load = loadavg()[0];
const rows = [await run("off"), await run("8")];
console.log(
  `${clients} clients for ${seconds} s each, ${NODES} nodes; load average ${load.toFixed(1)} before, ${loadavg()[0].toFixed(1)} after`,
);
console.log(
  "| shedding | frames per second | frames over 16.7 ms | worst frame | 95th percentile | requests done /s |",
);
console.log("|---|---|---|---|---|---|");
for (const r of rows) {
  console.log(
    `| ${r.budget === "off" ? "off" : `${r.budget} ms a frame`} | ${r.fps.toFixed(1)} | ${(r.over * 100).toFixed(1)}% of ${r.frames} | ${r.worst.toFixed(1)} ms | ${r.p95.toFixed(1)} ms | ${r.perSecond.toFixed(0)} |`,
  );
}
const [off, on] = rows;
console.log(`ratio of frames over 16.7 ms, shedding on / off: ${(on.over / off.over).toFixed(2)}`);
process.exit(on.over < off.over ? 0 : 1);
