#!/usr/bin/env node
// Runs every benchmark in bench/ (*.bench.mjs with node, *.bench.py with python3) after building,
// one after the other (they time themselves; running them side by side would skew each other).
// Extra arguments (e.g. `--runs 3`) are passed to each. Exits 1 when any benchmark fails or
// misses its target. `npm run bench -- compiler` runs only the benchmarks whose name contains "compiler".
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const args = process.argv.slice(2);
const filters = args.filter((a, i) => !a.startsWith("-") && !(i > 0 && args[i - 1].startsWith("--")));
const passOn = args.filter((a) => !filters.includes(a));

const build = spawnSync("npm", ["run", "--silent", "build"], { cwd: root, stdio: "inherit" });
if (build.status !== 0) {
  console.log("build failed");
  process.exit(1);
}

const benches = readdirSync(join(root, "bench"))
  .filter((f) => f.endsWith(".bench.mjs") || f.endsWith(".bench.py"))
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort();
const failed = [];
for (const file of benches) {
  console.log(`\n== ${file}`);
  // Node benchmarks run with --expose-gc, as their own headers say: memory figures then measure
  // what is kept, not garbage a collection has not reached yet.
  const [command, ...pre] = file.endsWith(".py") ? ["python3"] : [process.execPath, "--expose-gc"];
  const run = spawnSync(command, [...pre, join("bench", file), ...passOn], { cwd: root, stdio: "inherit" });
  if (run.status !== 0) failed.push(file);
}
console.log(
  `\n${benches.length - failed.length} of ${benches.length} benchmarks met their targets${failed.length ? `; not: ${failed.join(", ")}` : ""}`,
);
process.exit(failed.length > 0 ? 1 : 0);
