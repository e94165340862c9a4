#!/usr/bin/env node
// Runs every test suite (vitest, then Python unittest) and ends with one line `N passed, N failed`.
// Exits 1 when anything failed, so CI and a newcomer see the same verdict.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const extra = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;

// The CLI and the simulator host are run from dist/ by the end-to-end suites: build first.
const build = spawnSync("npx", ["tsc", "-p", "tsconfig.build.json"], { cwd: root, stdio: "inherit" });
if (build.status !== 0) {
  console.log("build failed");
  console.log("0 passed, 1 failed");
  process.exit(1);
}

const work = mkdtempSync(join(tmpdir(), "svc-test-"));
const report = join(work, "vitest.json");
const vitest = spawnSync(
  "npx",
  ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`, ...extra],
  { cwd: root, stdio: "inherit" },
);
if (existsSync(report)) {
  const r = JSON.parse(readFileSync(report, "utf8"));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  skipped += r.numPendingTests + (r.numTodoTests ?? 0);
  // A suite that failed to load has no test results: count it as a failure.
  for (const suite of r.testResults ?? []) if (suite.status === "failed" && suite.assertionResults.length === 0) failed++;
} else if (vitest.status !== 0) {
  failed++;
}
rmSync(work, { recursive: true, force: true });

if (existsSync(join(root, "test/python")) && extra.length === 0) {
  const py = spawnSync(
    "python3",
    ["-m", "unittest", "discover", "-s", "test/python", "-t", ".", "-p", "test_*.py"],
    { cwd: root, encoding: "utf8" },
  );
  const out = `${py.stdout ?? ""}${py.stderr ?? ""}`;
  process.stdout.write(out.split("\n").filter((l) => !/^\.+$/.test(l)).slice(-40).join("\n") + "\n");
  const ran = Number(/Ran (\d+) tests?/.exec(out)?.[1] ?? "0");
  const failures = Number(/failures=(\d+)/.exec(out)?.[1] ?? "0");
  const errors = Number(/errors=(\d+)/.exec(out)?.[1] ?? "0");
  const pySkipped = Number(/skipped=(\d+)/.exec(out)?.[1] ?? "0");
  const pyFailed = failures + errors + (py.status !== 0 && failures + errors === 0 ? 1 : 0);
  passed += ran - failures - errors - pySkipped;
  failed += pyFailed;
  skipped += pySkipped;
  console.log(`python: ${ran - failures - errors - pySkipped} passed, ${pyFailed} failed`);
}

// The mutation guard on a short list: each removed rollback branch must make a bridge test fail
// (the whole list: scripts/bridge-mutations; its kill rate is in bridge/README.md).
if (extra.length === 0) {
  const guard = spawnSync("python3", [join(root, "scripts", "bridge-mutations"), "--short"], { cwd: root, encoding: "utf8" });
  const out = `${guard.stdout ?? ""}${guard.stderr ?? ""}`;
  process.stdout.write(out.split("\n").filter((l) => /^(killed|SURVIVED|baseline|\d+ mutations)/.test(l)).join("\n") + "\n");
  if (guard.status === 0) passed++;
  else failed++;
  console.log(`bridge mutations: ${guard.status === 0 ? "every mutation killed" : "a mutation survived or the guard failed"}`);
}

console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed > 0 ? 1 : 0);
