// Whole-process start-up of the CLI, as a ratio to `node -e 0` measured in the same run.
// usage: npx tsc -p tsconfig.build.json && node bench/startup.bench.mjs [--runs N]
// The commands run interleaved, so load from other work touches each alike. Each process reports its
// own CPU time (user + system, whole process, through a preloaded exit hook that every case gets);
// wall time is from spawn to exit. Targets are on the median CPU time, which waiting for a core does
// not inflate: `svc --help` <= 2x and `svc check` of one example <= 4x `node -e 0`. Exits 1 when one
// is missed.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { loadavg } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const cli = join(root, "dist", "runtime", "cli", "svc.js");
const runsFlag = process.argv.indexOf("--runs");
const runs = runsFlag > 0 ? Number(process.argv[runsFlag + 1]) : 15;
if (!existsSync(cli)) {
  console.error("dist/ is missing: run `npx tsc -p tsconfig.build.json` first");
  process.exit(1);
}

// Writes the process's CPU time to fd 3 at exit.
const REPORT_CPU = `data:text/javascript,${encodeURIComponent(
  'import { writeSync } from "node:fs"; process.on("exit", () => { const u = process.cpuUsage(); writeSync(3, String((u.user + u.system) / 1000)); });',
)}`;

const cases = [
  { name: "`node -e 0` (baseline)", args: ["-e", "0"] },
  { name: "`svc --help`", args: [cli, "--help"], target: 2 },
  {
    name: "`svc check examples/feedback-tunnel.svcnet`",
    args: [cli, "check", join(root, "examples", "feedback-tunnel.svcnet")],
    target: 4,
  },
];

function once(args) {
  const t0 = performance.now();
  const run = spawnSync(process.execPath, ["--import", REPORT_CPU, ...args], {
    stdio: ["ignore", "ignore", "inherit", "pipe"],
    encoding: "utf8",
  });
  const wall = performance.now() - t0;
  if (run.status !== 0) throw new Error(`${args.join(" ")} exited with ${run.status}`);
  return { wall, cpu: Number(run.output[3]) };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const loadBefore = loadavg()[0];
for (const c of cases) once(c.args); // warm the file-system cache
const samples = cases.map(() => ({ wall: [], cpu: [] }));
for (let r = 0; r < runs; r++) {
  cases.forEach((c, i) => {
    const s = once(c.args);
    samples[i].wall.push(s.wall);
    samples[i].cpu.push(s.cpu);
  });
}
const loadAfter = loadavg()[0];

const base = { wall: median(samples[0].wall), cpu: median(samples[0].cpu) };
let missed = false;
console.log(`| command | CPU ms (median) | x baseline CPU | wall ms (median) | x baseline wall | target (CPU) |`);
console.log(`|---|---|---|---|---|---|`);
cases.forEach((c, i) => {
  const cpu = median(samples[i].cpu);
  const wall = median(samples[i].wall);
  const ratio = cpu / base.cpu;
  if (c.target !== undefined && ratio > c.target) missed = true;
  console.log(
    `| ${c.name} | ${cpu.toFixed(0)} | ${ratio.toFixed(2)} | ${wall.toFixed(0)} | ${(wall / base.wall).toFixed(2)} | ${c.target === undefined ? "—" : `<= ${c.target}x`} |`,
  );
});
console.log(
  `\n${runs} runs interleaved; load average ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after, Node ${process.version.slice(1)}`,
);
process.exitCode = missed ? 1 : 0;
