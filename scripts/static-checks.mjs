#!/usr/bin/env node
// The checks that read the code instead of running it: each one is a command that exits 0 when the rule
// holds. `npm test` runs them all beside the test suites and counts each as one test; run this file alone
// (`node scripts/static-checks.mjs [name...]`) to see a rule's whole report.
import { spawn } from "node:child_process";

const root = new URL("..", import.meta.url).pathname;

/** Every static check: a name, what it holds, and the command that holds it. */
export const staticChecks = [
  {
    name: "format",
    holds: "every TypeScript and JavaScript file is as Prettier prints it (`npm run format` fixes it)",
    command: ["npx", "prettier", "--check", "--log-level", "warn", "."],
  },
];

/** Runs one check, its output collected. */
export function runCheck(check) {
  return new Promise((resolve) => {
    const [command, ...args] = check.command;
    const child = spawn(command, args, { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    child.stderr.on("data", (chunk) => (out += chunk));
    child.on("error", (error) => resolve({ check, ok: false, out: `${out}${error.message}\n` }));
    child.on("close", (status) => resolve({ check, ok: status === 0, out }));
  });
}

/** Runs the named checks (all when none is named) one after another, so they never fight for the cores. */
export async function runChecks(names = []) {
  const chosen = names.length === 0 ? staticChecks : staticChecks.filter((c) => names.includes(c.name));
  const results = [];
  for (const check of chosen) results.push(await runCheck(check));
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const results = await runChecks(process.argv.slice(2));
  for (const r of results) {
    process.stdout.write(`${r.ok ? "ok  " : "FAIL"} ${r.check.name}: ${r.check.holds}\n`);
    if (!r.ok) process.stdout.write(r.out);
  }
  process.exit(results.every((r) => r.ok) ? 0 : 1);
}
