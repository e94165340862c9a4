/**
 * Every command exits when its work is done, at any size. A program of 400 nodes (34 KB of source) is
 * past the size at which the compiler starts a layout worker ahead of time (compiler/layout/layout-ahead.ts);
 * when that worker was never sent a level, it kept `svc apply` and a no-change `svc plan` from exiting
 * after they printed their result (seen at 1,000 to 5,000 nodes; 5,000 run in `npm run bench -- exits`). Here both run as real processes and must end with their status:
 * if one hung, the test would fail at its (generous) time limit instead of passing.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generate } from "../../bench/generate-network.mjs";
import { useLiveSim } from "../support/live-sim.js";

const CLI = join(process.cwd(), "dist/runtime/cli/svc.js");
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
      env: { ...process.env, ...live.env },
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
  it("svc apply and a no-change svc plan of 400 nodes both exit with their status", async () => {
    if (!existsSync(CLI)) throw new Error("build first: npx tsc -p tsconfig.build.json (npm test does)");
    const file = join(work, "big.svcnet");
    writeFileSync(file, generate("compile", 400));

    const apply = await svcProcess(["apply", file]);
    expect(apply.stderr).toContain("request 1 of "); // progress goes to stderr, and nothing else
    expect(apply.stderr).not.toMatch(/error|warning/i);
    expect(apply.stdout).toMatch(/Plan: 4\d\d to add, 0 to change, 0 to destroy\./); // 400 nodes, their COMPs, the controls
    expect(apply.stdout).toMatch(/Applied in \d+ requests\./);
    expect(apply.code).toBe(0);

    const plan = await svcProcess(["plan", "--detailed-exitcode", file]);
    expect(plan.stdout).toContain("No changes.");
    expect(plan.code).toBe(0);
  }, 600_000);
});
