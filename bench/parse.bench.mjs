#!/usr/bin/env node
// Parser benchmark: generates .svcnet files of 1,000 to 50,000 nodes and times parse (lex, parse,
// CST to AST, comments) and print separately, plus the memory the 10,000-node tree holds.
// Run: npx tsc -p tsconfig.build.json && node --expose-gc bench/parse.bench.mjs [--runs N]
// Exits 1 when a target is missed: 10,000 nodes parse + print < 300 ms (fastest run), process RSS
// < 300 MB (measured before the 50,000-node file), time per node at 10,000 within 2x of time per
// node at 1,000 (linear growth), and under 60 µs per node at 50,000.
//
// Against another build, in the same run: --baseline DIR (a build's dist folder, e.g. of the
// previous commit) runs this benchmark's 10,000- and 50,000-node cases in fresh processes, this
// build and the baseline taking turns (--rounds N, default 3), and prints each one's fastest and
// median totals and their ratios beside the load average. --dist DIR measures another build.
import { spawnSync } from "node:child_process";
import { cpus, loadavg } from "node:os";
import { resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const flag = (name) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const RUNS = Number(flag("--runs") ?? 9);
const DIST = resolve(flag("--dist") ?? fileURLToPath(new URL("../dist", import.meta.url)));
const BASELINE = flag("--baseline");
/** One JSON line of the timings of the given sizes (comma-separated), for --baseline's child processes. */
const JSON_SIZES = flag("--json-sizes");

if (BASELINE !== undefined) {
  compareWithBaseline(resolve(BASELINE), Number(flag("--rounds") ?? 3));
  process.exit(0);
}

const { parse } = await import(pathToFileURL(`${DIST}/grammar/parse.js`).href);
const { print } = await import(pathToFileURL(`${DIST}/grammar/print.js`).href);

/** A network shaped like real ones: COMPs of 100 nodes, chains of TOPs, varied values, comments. */
function generate(nodeCount) {
  const comps = Math.max(1, Math.round(nodeCount / 100));
  const perComp = Math.floor(nodeCount / comps) - 1;
  const lines = [
    "svcnet 1",
    "# generated for the parser benchmark",
    "network bench {",
    "  controls {",
    '    Gain: float = 0.5 range 0..1 label "Gain"',
    "  }",
  ];
  for (let c = 0; c < comps; c++) {
    lines.push(`  comp${c}: baseCOMP [viewer] {`, "    network {");
    for (let i = 0; i < perComp; i++) {
      const n = `n${i}`;
      switch (i % 5) {
        case 0:
          lines.push(
            `      ${n}: noiseTOP { period: ${(i % 7) + 0.5}, mono: on, resolution: 1280x720, seed: = me.digits * ${i} }`,
          );
          break;
        case 1:
          lines.push(
            `      # level stage ${i}`,
            `      ${n}: levelTOP [bypass] { brightness1: bind Gain, opacity: 0.8 }`,
          );
          break;
        case 2:
          lines.push(`      ${n}: compositeTOP { operand: multiply, top: ../comp0/n0 }  # mix`);
          break;
        case 3:
          lines.push(`      ${n}: transformTOP { t: (0.5, -0.25), rotate: = absTime.seconds * 10, sx: 1.5e-1 }`);
          break;
        default:
          lines.push(`      ${n}: nullTOP [display, color: #ff8800, tags: ("a", "b")] { cooktype: always }`);
      }
    }
    for (let i = 0; i + 1 < perComp; i += 4) lines.push(`      n${i} -> n${i + 1} -> n${i + 2}[1] -> n${i + 3}`);
    lines.push("    }", "  }");
  }
  for (let c = 0; c + 1 < comps; c++) lines.push(`  comp${c} -> comp${c + 1}`);
  lines.push("}", "", "layout {");
  for (let c = 0; c < comps; c++) lines.push(`  bench/comp${c}: (${c * 200}, 0)`);
  lines.push("}", "");
  return lines.join("\n");
}

function countNodes(ast) {
  let n = 0;
  const visit = (body) => {
    for (const node of body.nodes) {
      n++;
      if (node.network) visit(node.network);
    }
  };
  for (const net of ast.networks) visit(net);
  return n;
}

function median(values) {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/** CPU time of this process (user + system) in ms: unlike wall time, other processes' load does not add to it. */
function cpuMs(since) {
  const c = process.cpuUsage(since);
  return (c.user + c.system) / 1000;
}

function measure(text, runs = RUNS) {
  const wall = { parse: [], print: [] };
  const cpu = { parse: [], print: [] };
  let ast;
  for (let r = 0; r < runs; r++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const result = parse(text);
    const t1 = performance.now();
    const c1 = process.cpuUsage();
    print(result.ast);
    const t2 = performance.now();
    if (result.diagnostics.length > 0)
      throw new Error(`generated file has diagnostics: ${result.diagnostics[0].message}`);
    wall.parse.push(t1 - t0);
    wall.print.push(t2 - t1);
    cpu.parse.push((c1.user - c0.user + c1.system - c0.system) / 1000);
    cpu.print.push(cpuMs(c1));
    ast = result.ast;
  }
  return {
    parse: median(wall.parse),
    print: median(wall.print),
    bestTotal: Math.min(...wall.parse.map((p, i) => p + wall.print[i])),
    cpuTotal: median(cpu.parse.map((p, i) => p + cpu.print[i])),
    nodes: countNodes(ast),
  };
}

// Warm up the JIT on a mid-sized file first, as a long-running editor or server would be.
for (let i = 0; i < 3; i++) print(parse(generate(2000)).ast);

if (JSON_SIZES !== undefined) {
  const sizes = JSON_SIZES.split(",").map(Number);
  console.log(
    JSON.stringify(
      sizes.map((size) => ({ size, ...measure(generate(size), size > 10000 ? Math.min(RUNS, 3) : RUNS) })),
    ),
  );
  process.exit(0);
}

const rows = [];
for (const size of [1000, 2000, 5000, 10000]) {
  const text = generate(size);
  const m = measure(text);
  rows.push({ size, bytes: text.length, ...m });
}

// Memory: the tree of the 10,000-node file held alive, measured after a forced collection when available.
const big = generate(10000);
globalThis.gc?.();
const heapBefore = process.memoryUsage().heapUsed;
const kept = parse(big);
globalThis.gc?.();
const heapAfter = process.memoryUsage().heapUsed;
const rssMb = process.memoryUsage().rss / 1e6;
void kept;

// 50,000 nodes, after the memory figure (its transient tokens and CST would dominate the RSS).
const huge = generate(50000);
rows.push({ size: 50000, bytes: huge.length, ...measure(huge, Math.min(RUNS, 3)) });

console.log(
  `parser benchmark (${RUNS} runs; Node ${process.version}; load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores)`,
);
console.log("nodes   | file KB | parse ms | print ms | total ms | best total | CPU ms | µs per node (best)");
for (const r of rows) {
  const total = r.parse + r.print;
  console.log(
    `${String(r.nodes).padStart(7)} | ${(r.bytes / 1024).toFixed(0).padStart(7)} | ${r.parse.toFixed(1).padStart(8)} | ${r.print.toFixed(1).padStart(8)} | ${total.toFixed(1).padStart(8)} | ${r.bestTotal.toFixed(1).padStart(10)} | ${r.cpuTotal.toFixed(1).padStart(6)} | ${((r.bestTotal * 1000) / r.nodes).toFixed(1).padStart(17)}`,
  );
}
console.log(
  "(parse, print, total: median wall time; best total: fastest run; CPU: median CPU time of the process, GC threads included)",
);
const heapMb = (heapAfter - heapBefore) / 1e6;
console.log(
  `10,000-node tree retained: ${heapMb.toFixed(1)} MB of heap${globalThis.gc ? "" : " (run with --expose-gc for an exact figure)"}; process RSS ${rssMb.toFixed(0)} MB`,
);

// Targets are checked on the fastest of the runs: on a shared machine other processes only ever
// add to a run's time, so the fastest run is the closest to what parsing itself costs.
const small = rows[0];
const large = rows.find((r) => r.size === 10000);
const huge50k = rows.find((r) => r.size === 50000);
const perNodeSmall = small.bestTotal / small.nodes;
const perNodeLarge = large.bestTotal / large.nodes;
const failures = [];
if (large.bestTotal >= 300)
  failures.push(`10,000 nodes took ${large.bestTotal.toFixed(0)} ms at best (target < 300 ms)`);
if (rssMb >= 300) failures.push(`process RSS ${rssMb.toFixed(0)} MB (target < 300 MB)`);
const perNodeHuge = (huge50k.bestTotal * 1000) / huge50k.nodes;
if (perNodeHuge >= 60)
  failures.push(`50,000 nodes took ${perNodeHuge.toFixed(1)} µs per node at best (target < 60 µs)`);
if (perNodeLarge > 2 * perNodeSmall)
  failures.push(
    `time per node grew ${(perNodeLarge / perNodeSmall).toFixed(1)}x from 1,000 to 10,000 nodes (target: linear, < 2x)`,
  );
if (failures.length > 0) {
  for (const f of failures) console.log(`MISSED: ${f}`);
  process.exit(1);
}
console.log("all parser targets met");

/**
 * This build and the baseline in turns, each case in a fresh process, so neither inherits the
 * other's heap; the order alternates by round so that a load change does not favour one side.
 */
function compareWithBaseline(baseline, rounds) {
  const builds = { this: DIST, baseline };
  const results = { this: [], baseline: [] };
  const loads = [loadavg()[0]];
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? ["this", "baseline"] : ["baseline", "this"];
    for (const name of order) {
      const run = spawnSync(
        process.execPath,
        [
          "--expose-gc",
          fileURLToPath(import.meta.url),
          "--dist",
          builds[name],
          "--runs",
          String(RUNS),
          "--json-sizes",
          "10000,50000",
        ],
        { encoding: "utf8" },
      );
      if (run.status !== 0) throw new Error(`${name} build (${builds[name]}) failed: ${run.stderr}`);
      results[name].push(...JSON.parse(run.stdout.trim().split("\n").pop()));
    }
    loads.push(loadavg()[0]);
  }
  console.log(
    `parser benchmark against a baseline (${rounds} rounds of ${RUNS} runs; Node ${process.version}; load average ${loads.map((l) => l.toFixed(1)).join(" -> ")} on ${cpus().length} cores)`,
  );
  console.log(`this build: ${DIST}\nbaseline:   ${baseline}`);
  console.log("nodes   | this fastest ms | baseline fastest ms | ratio | this median ms | baseline median ms | ratio");
  for (const size of [10000, 50000]) {
    const of = (name) => results[name].filter((r) => r.size === size);
    const fastest = (name) => Math.min(...of(name).map((r) => r.bestTotal));
    const typical = (name) => median(of(name).map((r) => r.parse + r.print));
    const cells = [
      fastest("this"),
      fastest("baseline"),
      fastest("this") / fastest("baseline"),
      typical("this"),
      typical("baseline"),
      typical("this") / typical("baseline"),
    ];
    console.log(
      `${String(size).padStart(7)} | ${cells[0].toFixed(1).padStart(15)} | ${cells[1].toFixed(1).padStart(19)} | ${cells[2].toFixed(2).padStart(5)} | ${cells[3].toFixed(1).padStart(14)} | ${cells[4].toFixed(1).padStart(18)} | ${cells[5].toFixed(2).padStart(5)}`,
    );
  }
  console.log(
    "(fastest: the fastest run of all rounds; median: the median over rounds of each round's median; ratio: this build / baseline)",
  );
}
