#!/usr/bin/env node
// Compiler benchmark: resolve + check + lower (no layout) of generated 1,000- and 10,000-node
// programs, and ELK layout of one 200- and one 1,000-node network level. Parsing is done once
// beforehand and not counted (bench/parse.bench.mjs measures it). Each case runs in a fresh Node
// process, so its peak memory is its own.
// Run: npx tsc -p tsconfig.build.json && node bench/compiler.bench.mjs [--runs N]
// Reported per case: the first (cold) run of a fresh process, which includes loading the knowledge
// base files or ELK and compiling them to machine code, and the median of N runs after
// WARMUP more, the cost in a long-lived process (MCP server, editor). Targets apply to the median:
// 1,000 nodes < 60 ms, 10,000 nodes < 600 ms, layout of 200 nodes < 0.5 s, of 1,000 nodes < 1.5 s.
// Exits 1 when a target is missed.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { generate } from "./generate-network.mjs";

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const dist = (p) => pathToFileURL(join(root, "dist", p)).href;

const CASES = {
  "compile-1000": { kind: "compile", nodes: 1000, targetMs: 60, label: "resolve + check + lower, 1,000 nodes" },
  "compile-10000": { kind: "compile", nodes: 10000, targetMs: 600, label: "resolve + check + lower, 10,000 nodes" },
  "layout-200": { kind: "layout", nodes: 200, targetMs: 500, label: "layout, one level of 200 nodes" },
  "layout-1000": { kind: "layout", nodes: 1000, targetMs: 1500, label: "layout, one level of 1,000 nodes" },
};

/** Runs after the cold one that are not counted: the JIT is still optimising during them. */
const WARMUP = 3;

function median(values) {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

async function child(name, runs) {
  const spec = CASES[name];
  const { parse } = await import(dist("grammar/parse.js"));
  const { resolveProgram } = await import(dist("compiler/resolve/resolve.js"));
  const { memoryHost } = await import(dist("compiler/resolve/host.js"));
  const { checkProgram } = await import(dist("compiler/check/check.js"));
  const { lowerProgram } = await import(dist("compiler/lower/lower.js"));
  const { batchOperations } = await import(dist("compiler/lower/batch.js"));
  const { layoutProgram } = await import(dist("compiler/layout/layout.js"));

  const text = generate(spec.kind, spec.nodes);
  const parsed = parse(text, "bench.svcnet");
  if (parsed.diagnostics.length > 0)
    throw new Error(`generated program does not parse: ${parsed.diagnostics[0].message}`);
  const host = memoryHost({});
  const preParsed = () => parsed; // parse is measured by the parser's own benchmark
  const analyze = () => {
    const resolved = resolveProgram({ path: "bench.svcnet", text }, host, preParsed);
    const diagnostics = [...resolved.diagnostics, ...checkProgram(resolved.program)];
    const errors = diagnostics.filter((d) => d.severity === "error");
    if (errors.length > 0) throw new Error(`generated program has errors: ${errors[0].code} ${errors[0].message}`);
    return resolved.program;
  };

  const times = [];
  let operations = 0;
  let nodes = 0;
  let heapPeak = 0;
  let first;
  for (let r = 0; r <= runs + WARMUP; r++) {
    const program = spec.kind === "layout" ? analyze() : undefined;
    const t0 = performance.now();
    if (spec.kind === "compile") {
      const p = analyze();
      const ops = lowerProgram(p);
      batchOperations(ops);
      operations = ops.length;
      nodes = ops.filter((o) => o.kind === "create").length - 1;
    } else {
      const layout = await layoutProgram(program);
      nodes = layout.positions.size;
    }
    const ms = performance.now() - t0;
    if (r === 0)
      first = ms; // includes loading the knowledge-base files (or ELK)
    else if (r > WARMUP) times.push(ms);
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  }
  process.stdout.write(
    JSON.stringify({
      name,
      nodes,
      operations,
      firstMs: first,
      medianMs: median(times),
      heapPeakMB: heapPeak / 2 ** 20,
      maxRssMB: process.resourceUsage().maxRSS / 1024,
    }),
  );
}

function parent() {
  if (!existsSync(join(root, "dist", "compiler", "index.js"))) {
    console.error("compiler bench: build first (npx tsc -p tsconfig.build.json)");
    process.exit(2);
  }
  const i = process.argv.indexOf("--runs");
  const runs = i > 0 ? Number(process.argv[i + 1]) : 5;
  let missed = 0;
  console.log(
    `compiler bench: each case in a fresh process; cold = its first run, median of ${runs} runs after ${WARMUP} warm-up runs`,
  );
  console.log(
    `  ${"case".padEnd(40)} ${"nodes".padStart(6)} ${"ops".padStart(7)} ${"cold ms".padStart(9)} ${"median ms".padStart(10)} ${"target".padStart(8)} ${"heap MB".padStart(8)} ${"peak RSS MB".padStart(12)}`,
  );
  for (const name of Object.keys(CASES)) {
    const out = spawnSync(process.execPath, [fileURLToPath(import.meta.url), "--child", name, "--runs", String(runs)], {
      encoding: "utf8",
    });
    if (out.status !== 0) {
      console.error(out.stderr);
      process.exit(1);
    }
    const r = JSON.parse(out.stdout);
    const spec = CASES[name];
    const ok = r.medianMs < spec.targetMs;
    if (!ok) missed++;
    console.log(
      `  ${spec.label.padEnd(40)} ${String(r.nodes).padStart(6)} ${String(r.operations || "").padStart(7)} ${r.firstMs.toFixed(1).padStart(9)} ${r.medianMs.toFixed(1).padStart(10)} ${`<${spec.targetMs}`.padStart(8)} ${r.heapPeakMB.toFixed(0).padStart(8)} ${r.maxRssMB.toFixed(0).padStart(12)}${ok ? "" : "  MISSED"}`,
    );
  }
  process.exit(missed > 0 ? 1 : 0);
}

const childAt = process.argv.indexOf("--child");
if (childAt > 0) {
  const runsAt = process.argv.indexOf("--runs");
  await child(process.argv[childAt + 1], Number(process.argv[runsAt + 1]));
} else parent();
