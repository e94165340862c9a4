/**
 * svc-agent watch end to end: a spawned watcher applies a file to tdsim, and each save of the file
 * (two quick writes count as one) is applied again with a plan summary; the test waits on the
 * watcher's own lines, never on time, and reads tdsim back.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BridgeClient, bridgeConfigFromEnv } from "../../runtime/engine/bridge-client/index.js";
import { encodePath } from "../../runtime/engine/bridge-client/path.js";
import { startSim, type RunningSim } from "../../runtime/sim/start-sim.js";
import { lineReader } from "../support/line-reader.js";

let sim: RunningSim;
let home: string;
let client: BridgeClient;

const network = (seed: number, extra = "") =>
  `svcnet 1\nnetwork watched {\n  noise1: noiseTOP { seed: ${seed} }\n  out1: nullTOP [display]\n  noise1 -> out1\n${extra}}\n`;

async function seed(): Promise<unknown> {
  const r = await client.get<{ params: { name: string; value: unknown }[] }>(
    `/api/nodes/${encodePath("/project1/watched/noise1")}/params?keys=seed`,
  );
  return r.params.find((p) => p.name === "seed")?.value;
}

beforeAll(async () => {
  sim = await startSim({ port: 0 });
  home = mkdtempSync(join(tmpdir(), "svc-watch-"));
  client = new BridgeClient(bridgeConfigFromEnv({ SVC_BRIDGE_URL: sim.url }));
}, 60_000);

afterAll(async () => {
  await client?.close();
  await sim?.stop();
  rmSync(home, { recursive: true, force: true });
});

describe("svc-agent watch", () => {
  it("applies at once, then each save with a plan summary, keeps watching past a broken save, and stops after --max-runs", async () => {
    const file = join(home, "watched.svcnet");
    writeFileSync(file, network(1));
    const child = spawn(
      process.execPath,
      ["dist/runtime/cli/svc-agent.js", "watch", "--debounce", "1000", "--max-runs", "4", file],
      {
        env: { ...process.env, HOME: home, SVC_BRIDGE_URL: sim.url },
      },
    );
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((r) => child.on("close", r));
    const next = lineReader(child.stdout);
    try {
      expect(await next()).toMatch(/^apply 1 .*watched\.svcnet: ok \(\+3 ~0 -0, 1 request, 0 errors/);
      expect(await seed()).toBe(1);
      // two writes well inside the debounce are one change: only the last content is applied
      writeFileSync(file, network(2));
      writeFileSync(file, network(3));
      expect(await next()).toMatch(/^apply 2 .*: ok \(\+0 ~1 -0, 1 request/);
      expect(await seed()).toBe(3);
      writeFileSync(file, network(4, "  level1: levelTOPP\n"));
      expect(await next()).toMatch(/^apply 3 .*: FAILED \(\+0 ~0 -0, 0 requests, 1 error/);
      expect(await next()).toContain("unknown-operator-type");
      expect(await seed()).toBe(3);
      // the watch goes on after a broken save
      let line: string | undefined;
      writeFileSync(file, network(5));
      do line = await next();
      while (line !== undefined && !line.startsWith("apply 4"));
      expect(line).toMatch(/: ok \(\+0 ~1 -0/);
      expect(await seed()).toBe(5);
      expect(await exited).toBe(0);
      expect(stderr).toContain("watching");
    } finally {
      child.kill();
    }
  });
});
