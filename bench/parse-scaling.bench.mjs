#!/usr/bin/env node
// Hostile-input scaling: for inputs that once made a phase quadratic (a problem on every
// character, absurd nesting, thousands of unknown types or broken wires), times parse + analyze at
// size n and 4n. Linear work grows about 4x; quadratic work 16x.
// Run: npx tsc -p tsconfig.build.json && node bench/parse-scaling.bench.mjs [--runs N]
// Exits 1 when a case grows more than 8x from n to 4n (median of the runs), or reports more than
// the diagnostics cap plus its count.
import { loadavg } from "node:os";
import { analyze, memoryHost } from "../dist/compiler/index.js";
import { MAX_DIAGNOSTICS_PER_FILE } from "../dist/diagnostics/index.js";
import { parse } from "../dist/grammar/parse.js";

const runsFlag = process.argv.indexOf("--runs");
const RUNS = runsFlag > 0 ? Number(process.argv[runsFlag + 1]) : 5;
const H = "svcnet 1\nnetwork n {\n";
const lines = (n, f) => Array.from({ length: n }, (_, i) => f(i)).join("\n");

const CASES = {
  "'{' only": (n) => "svcnet 1\n" + "{".repeat(n * 10),
  "'}' only": (n) => H + "}".repeat(n * 10),
  "')' only": (n) => H + "a: noiseTOP { period: " + ")".repeat(n * 10),
  "unclosed strings": (n) => H + '"\n'.repeat(n * 5),
  "unknown types": (n) => H + lines(n, (i) => `  n${i}: noizeTOP${i % 50} { period: 1 }`) + "\n}\n",
  "wires to missing nodes": (n) => H + "  a: noiseTOP\n" + lines(n, (i) => `  a -> ghost${i}`) + "\n}\n",
  "valid nodes": (n) => H + lines(n, (i) => `  n${i}: noiseTOP { period: ${i % 7} }`) + "\n}\n",
};

function timeOnce(text) {
  const t = performance.now();
  const parsed = parse(text, "bench.svcnet");
  const analyzed = analyze({ text, file: "bench.svcnet" }, { host: memoryHost({}) });
  const ms = performance.now() - t;
  const most = Math.max(parsed.diagnostics.length, analyzed.diagnostics.length);
  return { ms, most };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

const N = 2000;
let failed = false;
console.log(`| input | n=${N} ms | n=${4 * N} ms | growth (linear ~4x) | diagnostics |`);
console.log("|---|---|---|---|---|");
for (const [name, make] of Object.entries(CASES)) {
  const small = make(N);
  const large = make(4 * N);
  timeOnce(small); // warm up modules and the knowledge base
  const a = [],
    b = [];
  let most = 0;
  for (let r = 0; r < RUNS; r++) {
    const x = timeOnce(small);
    const y = timeOnce(large);
    a.push(x.ms);
    b.push(y.ms);
    most = Math.max(most, x.most, y.most);
  }
  const growth = median(b) / median(a);
  const ok = growth <= 8 && most <= MAX_DIAGNOSTICS_PER_FILE + 1;
  if (!ok) failed = true;
  console.log(
    `| ${name} | ${median(a).toFixed(0)} | ${median(b).toFixed(0)} | ${growth.toFixed(1)}x${ok ? "" : " MISSED"} | ${most} |`,
  );
}
console.log(`\n${RUNS} runs, load average ${loadavg()[0].toFixed(1)}, Node ${process.versions.node}`);
process.exit(failed ? 1 : 0);
