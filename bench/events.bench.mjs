// Event latency: from the request that makes a node start erroring to the SDK client receiving
// node.error as an MCP log message (svc over stdio, SVC_EVENTS=on, tdsim's bridge), against the
// baseline of one bridge HTTP round trip measured in the same run.
// usage: npx tsc -p tsconfig.build.json && node bench/events.bench.mjs [--runs N]
import { existsSync } from "node:fs";
import { loadavg } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { LoggingMessageNotificationSchema } from "@modelcontextprotocol/sdk/types.js";

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const cli = join(root, "dist", "runtime", "cli", "svc.js");
const runsFlag = process.argv.indexOf("--runs");
const runs = runsFlag > 0 ? Number(process.argv[runsFlag + 1]) : 15;
const TARGET_MS = 1000;
if (!existsSync(cli)) {
  console.error("dist/ is missing: run `npx tsc -p tsconfig.build.json` first");
  process.exit(1);
}
const { startSim } = await import(join(root, "dist", "runtime", "sim", "start-sim.js"));
const { BridgeClient, bridgeConfigFromEnv } = await import(
  join(root, "dist", "runtime", "engine", "bridge-client", "index.js")
);

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const sim = await startSim({ port: 0 });
const bridge = new BridgeClient(bridgeConfigFromEnv({ SVC_BRIDGE_URL: sim.url }));
const client = new Client({ name: "bench", version: "1" });
let exitCode = 0;
try {
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [cli],
      env: { PATH: process.env.PATH ?? "", SVC_EVENTS: "on", SVC_BRIDGE_URL: sim.url },
      stderr: "ignore",
    }),
  );
  const waiting = new Map();
  client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
    const e = n.params.data;
    const key = `${e?.event} ${e?.data?.path}`;
    waiting.get(key)?.(performance.now());
  });
  const arrival = (key, ms) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${key} in ${ms} ms`)), ms);
      waiting.set(key, (t) => {
        clearTimeout(timer);
        waiting.delete(key);
        resolve(t);
      });
    });
  // connected once a probe is reported
  for (let i = 0; ; i++) {
    const seen = arrival(`node.created /project1/probe${i}`, 1500).then(
      () => true,
      () => false,
    );
    await bridge.post("/api/nodes", { parent_path: "/project1", type: "noiseTOP", name: `probe${i}` });
    if (await seen) break;
    if (i > 40) throw new Error("the event stream never connected");
  }
  const latencies = [];
  const roundTrips = [];
  for (let i = 0; i < runs; i++) {
    const path = `/project1/bad${i}`;
    await bridge.post("/api/nodes", { parent_path: "/project1", type: "noiseTOP", name: `bad${i}` });
    let t0 = performance.now();
    await bridge.get("/api/health");
    roundTrips.push(performance.now() - t0);
    const seen = arrival(`node.error ${path}`, 30_000);
    t0 = performance.now();
    await bridge.post("/api/batch", {
      operations: [{ action: "set_mode", path, param: "seed", mode: "expression", expr: "1/0" }],
    });
    latencies.push((await seen) - t0);
  }
  const m = median(latencies);
  const rt = median(roundTrips);
  console.log(
    `node.error to an MCP client over stdio: median ${m.toFixed(0)} ms, max ${Math.max(...latencies).toFixed(0)} ms over ${runs} runs`,
  );
  console.log(
    `bridge round trip (baseline): median ${rt.toFixed(1)} ms; ratio ${(m / rt).toFixed(1)}x; target median < ${TARGET_MS} ms`,
  );
  console.log(`load average ${loadavg()[0].toFixed(1)}`);
  if (!(m < TARGET_MS)) exitCode = 1;
} finally {
  await client.close().catch(() => {});
  await bridge.close();
  await sim.stop();
}
process.exit(exitCode);
