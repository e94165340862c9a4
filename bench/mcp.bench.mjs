// MCP server: tools/list size per profile, and the time from spawning `svc` to tools/list answered.
// usage: npx tsc -p tsconfig.build.json && node bench/mcp.bench.mjs [--runs N]
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const cli = join(root, "dist", "runtime", "cli", "svc.js");
const runsFlag = process.argv.indexOf("--runs");
const runs = runsFlag > 0 ? Number(process.argv[runsFlag + 1]) : 15;
const STARTUP_TARGET_MS = 400;
const CORE_BYTES_TARGET = 40 * 1024;

if (!existsSync(cli)) {
  console.error("dist/ is missing: run `npx tsc -p tsconfig.build.json` first");
  process.exit(1);
}

/** Spawns svc, connects, asks tools/list; returns the elapsed time and the answer. */
async function spawnAndList(env) {
  const t0 = performance.now();
  const transport = new StdioClientTransport({ command: process.execPath, args: [cli], env: { PATH: process.env.PATH ?? "", ...env }, stderr: "ignore" });
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

// One warm-up spawn so the file-system cache is not what is measured.
await spawnAndList({});
const times = [];
for (let i = 0; i < runs; i++) times.push((await spawnAndList({})).ms);

console.log("| profile | tools | tools/list bytes |");
console.log("|---|---|---|");
for (const s of sizes) console.log(`| ${s.profile} | ${s.tools} | ${s.bytes}${s.profile === "core" ? ` (target < ${CORE_BYTES_TARGET})` : ""} |`);
console.log("");
console.log(`spawn -> tools/list answered, ${runs} runs: median ${median(times).toFixed(0)} ms, p90 ${percentile(times, 90).toFixed(0)} ms, min ${Math.min(...times).toFixed(0)} ms (target median < ${STARTUP_TARGET_MS} ms)`);

const core = sizes.find((s) => s.profile === "core");
process.exitCode = core.bytes < CORE_BYTES_TARGET && median(times) < STARTUP_TARGET_MS ? 0 : 1;
