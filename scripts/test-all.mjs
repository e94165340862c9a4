#!/usr/bin/env node
// Runs every test suite (vitest, Python unittest, the bridge's mutation guard, the static checks of
// scripts/static-checks.mjs) and ends with one line
// `N passed, N failed`. Exits 1 when anything failed, so CI and a newcomer see the same verdict.
// The two Python parts share nothing with vitest (their own processes, tdsim in process, a temporary
// copy of the bridge), so they run beside it: the suite's wall time is its longest part, not the sum.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runChecks } from "./static-checks.mjs";

const root = new URL("..", import.meta.url).pathname;
const extra = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;
// The names of what failed, printed again just above the last line: a CI log is often read from its end.
const failedNames = [];

// The CLI and the simulator host are run from dist/ by the end-to-end suites: build first (tsc, then
// the MCP server's generated tool listing: what `npm run build` does).
const build = spawnSync("npm", ["run", "--silent", "build"], { cwd: root, stdio: "inherit" });
if (build.status !== 0) {
  console.log("build failed");
  console.log("0 passed, 1 failed");
  process.exit(1);
}

/** Runs a command with its output collected, to be printed once it ends. */
function collect(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    child.stderr.on("data", (chunk) => (out += chunk));
    child.on("error", (error) => resolve({ status: null, out: `${out}${error.message}\n` }));
    child.on("close", (status) => resolve({ status, out }));
  });
}

const python = existsSync(join(root, "test/python")) && extra.length === 0;
const pyRun = python
  ? collect("python3", ["-m", "unittest", "discover", "-s", "test/python", "-t", ".", "-p", "test_*.py"])
  : undefined;
// The mutation guard on a short list: each removed rollback branch must make a bridge test fail
// (the whole list: scripts/bridge-mutations; its kill rate is in bridge/README.md).
const guardRun =
  extra.length === 0 ? collect("python3", [join(root, "scripts", "bridge-mutations"), "--short"]) : undefined;

// The static checks (formatting, the import rules, unused code) read files only: one after another beside
// the suites, each counted as one test.
const checksRun = extra.length === 0 ? runChecks() : undefined;

const work = mkdtempSync(join(tmpdir(), "svc-test-"));
const report = join(work, "vitest.json");
const vitest = await new Promise((resolve) => {
  const child = spawn(
    "npx",
    ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`, ...extra],
    { cwd: root, stdio: "inherit" },
  );
  child.on("error", () => resolve(null));
  child.on("close", (status) => resolve(status));
});
if (existsSync(report)) {
  const r = JSON.parse(readFileSync(report, "utf8"));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  skipped += r.numPendingTests + (r.numTodoTests ?? 0);
  // A suite that failed to load has no test results: count it as a failure.
  for (const suite of r.testResults ?? []) {
    const file = suite.name.startsWith(root) ? suite.name.slice(root.length) : suite.name;
    if (suite.status === "failed" && suite.assertionResults.length === 0) {
      failed++;
      failedNames.push(`${file}: did not load: ${String(suite.message ?? "").split("\n")[0]}`);
    }
    for (const test of suite.assertionResults ?? [])
      if (test.status === "failed")
        failedNames.push(
          `${file} > ${test.fullName}: ${String(test.failureMessages?.[0] ?? "")
            .split("\n")[0]
            .slice(0, 300)}`,
        );
  }
} else if (vitest !== 0) {
  failed++;
}
rmSync(work, { recursive: true, force: true });

if (pyRun) {
  const py = await pyRun;
  const out = py.out;
  process.stdout.write(
    out
      .split("\n")
      .filter((l) => !/^\.+$/.test(l))
      .slice(-40)
      .join("\n") + "\n",
  );
  const ran = Number(/Ran (\d+) tests?/.exec(out)?.[1] ?? "0");
  const failures = Number(/failures=(\d+)/.exec(out)?.[1] ?? "0");
  const errors = Number(/errors=(\d+)/.exec(out)?.[1] ?? "0");
  const pySkipped = Number(/skipped=(\d+)/.exec(out)?.[1] ?? "0");
  const pyFailed = failures + errors + (py.status !== 0 && failures + errors === 0 ? 1 : 0);
  for (const m of out.matchAll(/^(?:FAIL|ERROR): (.+)$/gm)) failedNames.push(`python ${m[1]}`);
  passed += ran - failures - errors - pySkipped;
  failed += pyFailed;
  skipped += pySkipped;
  console.log(`python: ${ran - failures - errors - pySkipped} passed, ${pyFailed} failed`);
}

if (guardRun) {
  const guard = await guardRun;
  process.stdout.write(
    guard.out
      .split("\n")
      .filter((l) => /^(killed|SURVIVED|baseline|\d+ mutations)/.test(l))
      .join("\n") + "\n",
  );
  if (guard.status === 0) passed++;
  else {
    failed++;
    failedNames.push("the bridge's mutation guard");
  }
  console.log(
    `bridge mutations: ${guard.status === 0 ? "every mutation killed" : "a mutation survived or the guard failed"}`,
  );
}

if (checksRun) {
  for (const r of await checksRun) {
    if (r.ok) passed++;
    else {
      failed++;
      failedNames.push(`static check ${r.check.name}`);
      process.stdout.write(r.out.split("\n").slice(-40).join("\n") + "\n");
    }
    console.log(`static check ${r.check.name}: ${r.ok ? "holds" : "FAILED"} (${r.check.holds})`);
  }
}

if (failedNames.length > 0) console.log(`what failed:\n${failedNames.map((n) => `  ${n}`).join("\n")}`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed > 0 ? 1 : 0);
