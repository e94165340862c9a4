#!/usr/bin/env node
// Commands exit at size: `svc apply` of a generated 5,000-node program to a fresh tdsim, then a
// no-change `svc plan` of it, each as its own process; records each one's wall time, its exit status
// and that it exited by itself (a process still running 15 minutes after it started counts as hung
// and fails the benchmark). `svc check` of the same file in the same run is the baseline the ratios
// are taken against.
// With `--before <dir>` (the root of another built checkout, an older svc), that svc's no-change plan
// runs too, on the same tdsim just before this one's, and the table gives this plan's time over it.
// Run: npx tsc -p tsconfig.build.json && node bench/exits.bench.mjs [--nodes N] [--before <dir>]
// (or `npm run bench -- exits`)
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { generate } from "./generate-network.mjs";

const root = new URL("..", import.meta.url).pathname;
const flag = (name) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const NODES = Number(flag("--nodes") ?? 5000);
const HUNG_AFTER_MS = 15 * 60_000;
const cli = join(root, "dist/runtime/cli/svc.js");
const before = flag("--before");
const beforeCli = before === undefined ? undefined : join(before, "dist/runtime/cli/svc.js");
const { startSim } = await import(join(root, "dist/runtime/sim/start-sim.js"));

/** One command in its own process: its status, its wall time, and whether it had to be killed. */
function run(args, env, program = cli) {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(process.execPath, [program, ...args], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: "ignore",
    });
    const killer = setTimeout(() => child.kill("SIGKILL"), HUNG_AFTER_MS);
    child.on("exit", (code, signal) => {
      clearTimeout(killer);
      resolve({ code, hung: signal === "SIGKILL", ms: performance.now() - started });
    });
  });
}

const work = mkdtempSync(join(tmpdir(), "svc-bench-exits-"));
const file = join(work, "big.svcnet");
writeFileSync(file, generate("compile", NODES));
const sim = await startSim({ port: 0 });
const env = { SVC_BRIDGE_URL: sim.url };
const load = [loadavg()[0]];
try {
  const check = await run(["check", file], env);
  const apply = await run(["apply", file], env);
  load.push(loadavg()[0]);
  const planBefore =
    beforeCli === undefined ? undefined : await run(["plan", "--detailed-exitcode", file], env, beforeCli);
  const plan = await run(["plan", "--detailed-exitcode", file], env);
  load.push(loadavg()[0]);
  const row = (name, r) =>
    `| ${name} | ${r.code} | ${r.hung ? "no (killed)" : "yes"} | ${(r.ms / 1000).toFixed(1)} s | ${(r.ms / check.ms).toFixed(1)}x |`;
  console.log(
    `commands at ${NODES} nodes (load average ${load.map((l) => l.toFixed(1)).join(" -> ")}, Node ${process.version})`,
  );
  console.log("| command | status | exited by itself | wall time | vs svc check |");
  console.log("|---|---|---|---|---|");
  console.log(row("svc check (baseline)", check));
  console.log(row("svc apply", apply));
  if (planBefore !== undefined) console.log(row("svc plan (no change), the --before svc", planBefore));
  console.log(row("svc plan (no change)", plan));
  if (planBefore !== undefined)
    console.log(
      `\nno-change plan, this svc / the --before svc: ${(plan.ms / planBefore.ms).toFixed(2)} of the wall time`,
    );
  const ok = [check, apply, plan, ...(planBefore === undefined ? [] : [planBefore])].every(
    (r) => r.code === 0 && !r.hung,
  );
  if (!ok) console.log("a command failed or did not exit");
  process.exitCode = ok ? 0 : 1;
} finally {
  await sim.stop();
  rmSync(work, { recursive: true, force: true });
}
