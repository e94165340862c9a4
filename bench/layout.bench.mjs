#!/usr/bin/env node
// Compile with layout of whole generated programs (COMPs of 100 nodes, bench/generate-network.mjs),
// each case in a fresh process, every figure beside a baseline measured in the same run:
// - cold compile of 1,000 and 10,000 nodes (COMPs no two alike), levels laid out in the worker pool,
//   against the same compile with every level laid out one after another in the compiling thread
//   (how svc laid out levels under 300 nodes before); and 10,000 nodes as 100 copies of one COMP
//   (laid out once) against 100 COMPs no two alike;
// - warm re-compile of 10,000 nodes with one COMP changed (unchanged COMPs reuse their layout),
//   against the same re-compile with the layout cache emptied first;
// - re-compile of 10,000 nodes with one COMP changed in a new process (as each `svc plan` is), the
//   other levels read from the on-disk layout cache an earlier process filled, against the same
//   compile in a new process without the cache;
// - the longest the compiling thread's event loop was blocked during a 10,000-node compile (what a
//   `ping` to an MCP server compiling it would wait), pool against in-thread layout.
// Run: npx tsc -p tsconfig.build.json && node bench/layout.bench.mjs [--runs N] [--only cold|recompile|disk|blocked]   (N fresh processes per case, median)
// Targets: cold 1k < 1.5 s and 10k < 6 s; warm re-compile < 1 s; blocked < 100 ms. Exits 1 when one is missed.
// Against another build: --baseline DIST (that build's dist folder) runs each chosen case's svc
// process from this build and from DIST in turns (--runs N pairs, the order alternating), and prints
// the medians, the median of the pairs' ratios of wall time and of processor time (all threads),
// and the load: on a loaded machine two processes run side by side see about the same load.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { fileURLToPath, pathToFileURL } from "node:url";
import { generate } from "./generate-network.mjs";

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const flag = (name) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const DIST = flag("--dist") ?? join(root, "dist");
const dist = (p) => pathToFileURL(join(DIST, p)).href;
const IN_THREAD = { workerThreshold: Number.POSITIVE_INFINITY };

async function child(name) {
  const { compile } = await import(dist("compiler/index.js"));
  const { clearLayoutCache } = await import(dist("compiler/layout/layout-cache.js"));
  const [kind, size, mode] = name.split(":");
  const nodes = Number(size);
  // "copies": COMPs that are copies of one network; every other case: no two COMPs alike.
  const text = generate(kind === "copies" ? "compile" : "distinct", nodes);
  const layout =
    mode === "thread" ? IN_THREAD : mode === "disk" || mode === "fill" ? { cacheDir: process.env.SVC_BENCH_CACHE } : {};
  const run = async (source) => {
    const cpu = process.cpuUsage();
    const t0 = performance.now();
    const r = await compile({ text: source, file: "bench.svcnet" }, { layout });
    if (r.operations === undefined) throw new Error(`does not compile: ${r.diagnostics[0]?.message}`);
    const used = process.cpuUsage(cpu);
    return { ms: performance.now() - t0, cpuMs: (used.user + used.system) / 1000, levels: r.layout.levels };
  };
  // one node added to the last COMP
  const changed = text.replace(/(\n {4}\}\n {2}\}\n\}\n)$/, "\n      extra: nullTOP$1");
  if (changed === text) throw new Error("could not change the program");
  if (kind === "cold" || kind === "copies") return run(text);
  // disk: the changed program in a new process; "fill" (an earlier process) laid out the original
  if (kind === "disk") return run(mode === "fill" ? text : changed);
  if (kind === "blocked") {
    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    const r = await run(text);
    delay.disable();
    return { ...r, blockedMs: delay.max / 1e6 };
  }
  await run(text);
  if (mode === "nocache") clearLayoutCache();
  return run(changed);
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Each row's case from this build and from `baseline` (a dist folder), in turns. */
function compareWithBaseline(rows, baseline, runs) {
  const spawnChild = (name, distDir) =>
    spawnSync(process.execPath, [fileURLToPath(import.meta.url), "--child", name, "--dist", distDir], {
      encoding: "utf8",
    });
  const loads = [loadavg()[0]];
  console.log(
    `compile with layout against a baseline build (${runs} pairs of fresh processes per case, Node ${process.version})`,
  );
  console.log(`this build: ${join(root, "dist")}\nbaseline:   ${baseline}\n`);
  console.log(
    "| measure | this ms (median) | baseline ms (median) | wall ratio (median of pairs) | processor-time ratio (median of pairs) | load |",
  );
  console.log("|---|---|---|---|---|---|");
  for (const [label, mine] of rows) {
    if (mine.startsWith("disk")) continue; // needs a filled cache per run: compare it with --runs alone
    const pairs = [];
    const rowLoads = [loadavg()[0]];
    for (let r = 0; r < runs; r++) {
      const order = r % 2 === 0 ? [join(root, "dist"), baseline] : [baseline, join(root, "dist")];
      const [first, second] = order.map((d) => {
        const p = spawnChild(mine, d);
        if (p.status !== 0) throw new Error(p.stderr);
        return JSON.parse(p.stdout);
      });
      pairs.push(r % 2 === 0 ? [first, second] : [second, first]);
      rowLoads.push(loadavg()[0]);
    }
    const key = mine.startsWith("blocked") ? "blockedMs" : "ms";
    const cells = [
      median(pairs.map(([a]) => a[key])).toFixed(0),
      median(pairs.map(([, b]) => b[key])).toFixed(0),
      median(pairs.map(([a, b]) => a[key] / b[key])).toFixed(2),
      median(pairs.map(([a, b]) => a.cpuMs / b.cpuMs)).toFixed(2),
      `${Math.min(...rowLoads).toFixed(1)}–${Math.max(...rowLoads).toFixed(1)}`,
    ];
    console.log(`| ${label} | ${cells.join(" | ")} |`);
    loads.push(loadavg()[0]);
  }
  console.log(`\nload average ${loads.map((l) => l.toFixed(1)).join(" -> ")}`);
}

function parent() {
  if (!existsSync(join(root, "dist", "compiler", "index.js"))) {
    console.error("layout bench: build first (npx tsc -p tsconfig.build.json)");
    process.exit(2);
  }
  const i = process.argv.indexOf("--runs");
  const runs = i > 0 ? Number(process.argv[i + 1]) : 3;
  const cache = mkdtempSync(join(tmpdir(), "svc-layout-bench-"));
  const spawnChild = (name) =>
    spawnSync(process.execPath, [fileURLToPath(import.meta.url), "--child", name], {
      encoding: "utf8",
      env: { ...process.env, SVC_BENCH_CACHE: cache },
    });
  const measure = (name) => {
    const out = [];
    for (let r = 0; r < runs; r++) {
      if (name === "disk:10000:disk") {
        rmSync(cache, { recursive: true, force: true });
        const fill = spawnChild("disk:10000:fill");
        if (fill.status !== 0) throw new Error(fill.stderr);
      }
      const p = spawnChild(name);
      if (p.status !== 0) {
        console.error(p.stderr);
        process.exit(1);
      }
      out.push(JSON.parse(p.stdout));
    }
    const of = (k) => median(out.map((o) => o[k]));
    return {
      ms: of("ms"),
      blockedMs: out[0].blockedMs === undefined ? undefined : of("blockedMs"),
      levels: out[0].levels,
    };
  };
  const rows = [
    ["compile with layout, 1,000 nodes, cold", "cold:1000:pool", "cold:1000:thread", "ms", 1500],
    ["compile with layout, 10,000 nodes, cold", "cold:10000:pool", "cold:10000:thread", "ms", 6000],
    ["the same 10,000 nodes as 100 copies of one COMP, cold", "copies:10000:pool", "cold:10000:pool", "ms", 6000],
    ["re-compile 10,000 nodes, one COMP changed", "recompile:10000:pool", "recompile:10000:nocache", "ms", 1000],
    [
      "new process, 10,000 nodes, one COMP changed, other levels from the disk cache",
      "disk:10000:disk",
      "disk:10000:nodisk",
      "ms",
      6000,
    ],
    ["event loop blocked during a 10,000-node compile", "blocked:10000:pool", "blocked:10000:thread", "blockedMs", 100],
  ];
  const only = process.argv.indexOf("--only");
  if (only > 0) rows.splice(0, rows.length, ...rows.filter((r) => r[1].startsWith(process.argv[only + 1])));
  const baseline = flag("--baseline");
  if (baseline !== undefined) {
    compareWithBaseline(rows, baseline, runs);
    rmSync(cache, { recursive: true, force: true });
    return;
  }
  const load = loadavg()[0];
  let missed = false;
  console.log(`| measure | svc ms | baseline ms | ratio | target | baseline |`);
  console.log(`|---|---|---|---|---|---|`);
  for (const [label, mine, base, key, target] of rows) {
    const a = measure(mine);
    const b = measure(base);
    if (a[key] >= target) missed = true;
    const what = mine.startsWith("copies")
      ? "100 COMPs, no two alike"
      : base.endsWith("nocache")
        ? "layout cache emptied"
        : base.endsWith("nodisk")
          ? "the same new process without the disk cache"
          : "levels laid out one by one in the compiling thread";
    console.log(
      `| ${label} | ${a[key].toFixed(0)} | ${b[key].toFixed(0)} | ${(a[key] / b[key]).toFixed(2)} | < ${target} | ${what} |`,
    );
  }
  console.log(
    `\nmedian of ${runs} fresh processes per case; load average ${load.toFixed(1)} at start, ${loadavg()[0].toFixed(1)} at end`,
  );
  rmSync(cache, { recursive: true, force: true });
  process.exit(missed ? 1 : 0);
}

const childAt = process.argv.indexOf("--child");
if (childAt > 0) process.stdout.write(JSON.stringify(await child(process.argv[childAt + 1])));
else parent();
