#!/usr/bin/env node
// The checks that read the code instead of running it: each one is a command that exits 0 when the rule
// holds. `npm test` runs them all beside the test suites and counts each as one test; run this file alone
// (`node scripts/static-checks.mjs [name...]`) to see a rule's whole report.
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

const root = new URL("..", import.meta.url).pathname;

/** Folders no project Python lives in: dependencies, build output, git's own. */
const NOT_OURS = new Set(["node_modules", "dist"]);

/** Every Python file of the project: `*.py`, and scripts whose first line runs python. */
export function pythonFiles(dir = root) {
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith(".") || NOT_OURS.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...pythonFiles(path));
    else if (entry.name.endsWith(".py") || (!entry.name.includes(".") && /^#!.*python/.test(firstLine(path))))
      found.push(relative(root, path));
  }
  return found.sort();
}

function firstLine(path) {
  return readFileSync(path, "utf8").slice(0, 200).split("\n", 1)[0];
}

// pylint names modules the way Python imports them: tdsim, td and tdu from bridge/sim, svc_bridge
// from bridge, the kb generator from its folder. tdsim's folders go first on the command line too,
// or pylint names them from bridge/ (sim.tdsim...), apart from the tdsim that td imports, and a
// circle through td goes unseen.
const PYLINT_PATHS = "import sys; sys.path[:0] = ['bridge/sim', 'bridge', 'kb/generate']";
const pylint = (message, ...targets) => [
  "pylint",
  "--disable=all",
  `--enable=${message}`,
  "--score=n",
  "--persistent=n",
  `--init-hook=${PYLINT_PATHS}`,
  ...targets,
];

/** Every static check: a name, what it holds, and the command that holds it. */
export const staticChecks = [
  {
    name: "typecheck",
    holds:
      "the whole project type-checks, tests included (the build compiles only the shipped code): typed message " +
      "arguments and the tests' `@ts-expect-error` assertions about them are checked here",
    command: ["npx", "tsc", "-p", "tsconfig.json", "--noEmit"],
  },
  {
    name: "format",
    holds: "every TypeScript and JavaScript file is as Prettier prints it (`npm run format` fixes it)",
    command: ["npx", "prettier", "--check", "--log-level", "warn", "."],
  },
  {
    name: "imports",
    holds:
      "no TypeScript module imports itself back through others, the layers hold (diagnostics <- kb, grammar <- " +
      "compiler <- runtime), the engine imports no front end or subsystem and is reached through its door " +
      "(dependency-cruiser, rules in .dependency-cruiser.cjs)",
    command: ["npm", "run", "--silent", "check:imports"],
  },
  {
    name: "unused",
    holds:
      "no unused file, export, exported type or dependency in the TypeScript (knip, entry points in knip.json: the " +
      "CLIs, the tests, the benchmarks, and the modules the build scripts load from dist/)",
    command: ["npm", "run", "--silent", "check:unused"],
  },
  {
    name: "python-import-cycles",
    holds:
      "no Python module of the bridge (svc_bridge, its callbacks, tdsim with td and tdu) or of kb/generate imports " +
      "itself back through others, imports inside functions counted (pylint's cyclic-import, Debian's pylint)",
    command: pylint(
      "cyclic-import",
      "bridge/sim/tdsim",
      "bridge/sim/td",
      "bridge/sim/tdu",
      "bridge/svc_bridge",
      "bridge/callbacks",
      "kb/generate",
    ),
  },
  {
    name: "tdsim-imports-at-top",
    holds:
      "tdsim, td and tdu import at the top of a module, never inside a function to get round a circle " +
      "(pylint's import-outside-toplevel); the optional, heavy numpy is the exception, marked where it is",
    command: pylint("import-outside-toplevel", "bridge/sim/tdsim", "bridge/sim/td", "bridge/sim/tdu"),
  },
  {
    name: "python-unused",
    holds: "no Python file of the project imports or assigns a name it never uses (pyflakes, Debian's pyflakes3)",
    command: ["pyflakes3", ...pythonFiles()],
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
