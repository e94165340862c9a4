/**
 * Progress of long work: an apply that takes several requests says where it is on standard error,
 * as plain lines when piped and as step lines on a terminal; a one-request apply piped says nothing.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { svcCommands } from "../../runtime/cli/commands/index.js";
import { dispatch } from "../../runtime/cli/dispatch.js";
import { startSim, type RunningSim } from "../../runtime/sim/start-sim.js";

let sim: RunningSim;
let home: string;

async function svc(argv: string[], isTTY: boolean) {
  let stdout = "";
  let stderr = "";
  const io = {
    stdout: (t: string) => (stdout += t),
    stderr: (t: string) => (stderr += t),
    readStdin: async () => "",
    isTTY,
    cwd: home,
    env: { HOME: home, SVC_BRIDGE_URL: sim.url },
  };
  const code = await dispatch("svc", "svc", svcCommands, argv, io);
  return { code, stdout, stderr };
}

/** A network of n constant TOPs in a chain: large enough to need several requests. */
function chain(name: string, n: number): string {
  const nodes = Array.from({ length: n }, (_, i) => `  c${i}: constantTOP { colorr: ${(i % 10) / 10} }`);
  return `svcnet 1\nnetwork ${name} {\n${nodes.join("\n")}\n}\n`;
}

beforeAll(async () => {
  sim = await startSim({ port: 0 });
  home = mkdtempSync(join(tmpdir(), "svc-progress-"));
  writeFileSync(join(home, "big.svcnet"), chain("big", 60));
  writeFileSync(join(home, "small.svcnet"), chain("small", 2));
  writeFileSync(join(home, "big2.svcnet"), chain("big2", 60));
}, 60_000);

afterAll(async () => {
  await sim?.stop();
  rmSync(home, { recursive: true, force: true });
});

describe("progress of an apply", () => {
  it("piped: one plain line per request of a several-request apply, on standard error only", async () => {
    const r = await svc(["apply", "big.svcnet"], false);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stderr.trim().split("\n");
    const total = Number(/request 1 of (\d+) /.exec(lines[0] ?? "")?.[1]);
    expect(total).toBeGreaterThan(1);
    expect(lines).toHaveLength(total);
    lines.forEach((line, i) =>
      expect(line).toMatch(
        new RegExp(`^svc apply: applying /project1/big: request ${i + 1} of ${total} \\(\\d+ operations\\)$`),
      ),
    );
    // the summary also counts the request that commits the several as one
    expect(Number(/Applied in (\d+) requests\./.exec(r.stdout)?.[1])).toBeGreaterThanOrEqual(total);
    expect(r.stdout).not.toContain("request 1 of");
  });

  it("piped: a one-request apply prints no progress", async () => {
    const r = await svc(["apply", "small.svcnet"], false);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe("");
  });

  it("on a terminal: a step line for each phase and each request", async () => {
    const r = await svc(["apply", "big2.svcnet"], true);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain("… reading the live network\n");
    expect(r.stderr).toMatch(/^… applying \/project1\/big2: request 2 of \d+ /m);
    expect(r.stderr).toContain("… verifying\n");
  });
});
