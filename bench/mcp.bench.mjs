// MCP server: tools/list size per profile, and the time from spawning `svc` to tools/list answered.
// usage: npx tsc -p tsconfig.build.json && node bench/mcp.bench.mjs [--runs N]
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const cli = join(root, "dist", "runtime", "cli", "svc.js");
const runsFlag = process.argv.indexOf("--runs");
const runs = runsFlag > 0 ? Number(process.argv[runsFlag + 1]) : 15;
const STARTUP_TARGET_MS = 400;
const CORE_BYTES_TARGET = 40 * 1024;
const BARE_RATIO_TARGET = 1.5;

if (!existsSync(cli)) {
  console.error("dist/ is missing: run `npx tsc -p tsconfig.build.json` first");
  process.exit(1);
}

/** Spawns svc, connects, asks tools/list; returns the elapsed time and the answer. */
async function spawnAndList(env, script = cli) {
  const t0 = performance.now();
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [script],
    env: { PATH: process.env.PATH ?? "", ...env },
    stderr: "ignore",
  });
  const client = new Client({ name: "bench", version: "1" });
  await client.connect(transport);
  const list = await client.listTools();
  const ms = performance.now() - t0;
  await client.close();
  return { ms, list };
}

function median(values) {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function percentile(values, p) {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
}

const sizes = [];
for (const profile of ["core", "full", "safe"]) {
  const { list } = await spawnAndList({ SVC_TOOL_PROFILE: profile });
  sizes.push({ profile, tools: list.tools.length, bytes: Buffer.byteLength(JSON.stringify(list)) });
}

// One warm-up spawn of each so the file-system cache is not what is measured; then svc and the bare
// SDK server (the baseline) alternate, so load from other work falls on both alike.
const bare = join(root, "bench", "bare-mcp-server.mjs");
await spawnAndList({});
await spawnAndList({}, bare);
const times = [];
const bareTimes = [];
const loadBefore = loadavg()[0];
for (let i = 0; i < runs; i++) {
  times.push((await spawnAndList({})).ms);
  bareTimes.push((await spawnAndList({}, bare)).ms);
}

console.log("| profile | tools | tools/list bytes |");
console.log("|---|---|---|");
for (const s of sizes)
  console.log(
    `| ${s.profile} | ${s.tools} | ${s.bytes}${s.profile === "core" ? ` (target < ${CORE_BYTES_TARGET})` : ""} |`,
  );
console.log("");
console.log(
  `spawn -> tools/list answered, ${runs} runs: median ${median(times).toFixed(0)} ms, p90 ${percentile(times, 90).toFixed(0)} ms, min ${Math.min(...times).toFixed(0)} ms (target median < ${STARTUP_TARGET_MS} ms)`,
);
console.log(
  `bare SDK stdio server (baseline), same runs: median ${median(bareTimes).toFixed(0)} ms; svc core is ${(median(times) / median(bareTimes)).toFixed(2)}x (target <= ${BARE_RATIO_TARGET}x); load average ${loadBefore.toFixed(1)} before, ${loadavg()[0].toFixed(1)} after`,
);

const core = sizes.find((s) => s.profile === "core");
process.exitCode =
  core.bytes < CORE_BYTES_TARGET &&
  median(times) < STARTUP_TARGET_MS &&
  median(times) / median(bareTimes) <= BARE_RATIO_TARGET
    ? 0
    : 1;
