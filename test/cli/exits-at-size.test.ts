/**
 * Every command exits when its work is done, at every size. `svc apply` of a generated 5,000-node
 * program (424 KB of source) and then a no-change `svc plan` of it run as real processes and must
 * end by themselves with their status. Both once printed their result and never exited from 1,000
 * nodes up (a layout worker started ahead of time kept the process alive). The test has no time
 * budget: its timeout only stops a hang, far above what the two commands take on a loaded machine
 * (bench/README.md, "Commands exit at size"), and it is the only test in its file, so vitest runs it
 * beside other files.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generate } from "../../bench/generate-network.mjs";
import { useLiveSim } from "../support/live-sim.js";

const CLI = join(process.cwd(), "dist/runtime/cli/svc.js");
const NODES = 5000;
const live = useLiveSim();
let work: string;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), "svc-exits-"));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Runs the built CLI in its own process; resolves with its exit code and output once it has exited. */
function svcProcess(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      // svc's folder (journal, layout cache) in the test's own folder.
      env: { ...process.env, ...live.env, SVC_HOME: join(work, "home") },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c) => (stdout += c));
    child.stderr.on("data", (c) => (stderr += c));
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

describe("commands exit at size", () => {
  it(`svc apply and a no-change svc plan of ${NODES} nodes both exit with their status`, async () => {
    if (!existsSync(CLI)) throw new Error("build first: npx tsc -p tsconfig.build.json (npm test does)");
    const file = join(work, "big.svcnet");
    writeFileSync(file, generate("compile", NODES));

    const apply = await svcProcess(["apply", file]);
    expect(apply.stderr).toContain("request 1 of "); // progress goes to stderr, and nothing else
    expect(apply.stderr).not.toMatch(/error|warning/i);
    // 5,000 nodes, their COMPs and the controls.
    expect(apply.stdout).toMatch(/Plan: 5,?\d{3} to add, 0 to change, 0 to destroy\./);
    expect(apply.stdout).toMatch(/Applied in \d+ requests\./);
    expect(apply.code).toBe(0);

    const plan = await svcProcess(["plan", "--detailed-exitcode", file]);
    expect(plan.stdout).toContain("No changes.");
    expect(plan.code).toBe(0);
  }, 1_800_000);
});
