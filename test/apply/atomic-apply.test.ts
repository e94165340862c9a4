import { describe, expect, it } from "vitest";
import { applyPlan } from "../../runtime/engine/apply/apply-plan.js";
import { readLiveNetwork } from "../../runtime/engine/plan/live-state.js";
import { planProgram } from "../../runtime/engine/plan/plan-program.js";
import { compile } from "../../compiler/index.js";
import { fingerprintState } from "../../runtime/engine/plan/fingerprint.js";
import { applyFile } from "../../runtime/engine/loop/run-loop.js";
import { useLiveSim } from "../support/live-sim.js";
import { BridgeClient, bridgeConfigFromEnv } from "../../runtime/engine/bridge-client/index.js";
import { createServer } from "node:net";

const live = useLiveSim();

/** `count` nodes in chains of five; `variant` changes parameters, comments and one wire per chain. */
function network(name: string, count: number, variant: number): string {
  const lines = ["svcnet 1", `network ${name} {`];
  for (let i = 0; i < count; i++) {
    if (i % 5 === 0) lines.push(`  n${i}: noiseTOP { seed: ${i + variant} }`);
    else lines.push(`  n${i}: levelTOP [comment: "v${variant}"] { opacity: ${variant === 0 ? 0.5 : 0.25} }`);
    if (i % 5 !== 0 && !(variant === 1 && i % 5 === 2)) lines.push(`  n${i - 1} -> n${i}`);
  }
  if (variant === 1) lines.push(`  extra: nullTOP`);
  lines.push("}", "");
  return lines.join("\n");
}

async function planOf(text: string) {
  const result = await compile({ text, file: "atomic.svcnet" });
  return (await planProgram(live.client, result.operations!, { source: { file: "atomic.svcnet", text } }))[0]!;
}

/** The plan with one more operation at its very end that the bridge refuses. */
function failingAtTheEnd(np: Awaited<ReturnType<typeof planOf>>) {
  return {
    ...np,
    operations: [
      ...np.operations,
      {
        op: { action: "set_mode", path: `${np.root}/n1`, param: "nosuchparam", mode: "constant", value: 1 },
        path: `${np.root}/n1`,
      },
    ],
  };
}

describe("an apply of many requests", () => {
  it("fails in its last request and leaves the live network exactly as before", async () => {
    const first = await applyFile(
      live.client,
      { text: network("atomic", 100, 0), file: "atomic.svcnet" },
      { verify: false },
    );
    expect(first.diagnostics).toEqual([]);
    const before = await readLiveNetwork(live.client, "/project1/atomic");

    const np = await planOf(network("atomic", 100, 1));
    const outcome = await applyPlan(live.client, failingAtTheEnd(np));
    expect(outcome.chunks).toBeGreaterThan(3);
    expect(outcome.ok).toBe(false);
    expect(outcome.chunksApplied).toBe(0);
    expect(outcome.rollback).toMatchObject({ requests: outcome.chunks - 1, verified: true });
    expect(outcome.diagnostics.map((d) => d.code)).toEqual(["apply-operation-failed"]);
    expect(outcome.diagnostics[0]!.help).toContain(
      `rolled back ${outcome.chunks - 1} requests, live network verified unchanged`,
    );

    const after = await readLiveNetwork(live.client, "/project1/atomic");
    expect(fingerprintState(after.state)).toBe(fingerprintState(before.state));
    expect(after.lastApplied?.source).toEqual(before.lastApplied?.source);
  }, 300_000);

  it("keeps the earlier requests only with keepPartial", async () => {
    const np = await planOf(network("atomic", 100, 1));
    const outcome = await applyPlan(live.client, failingAtTheEnd(np), { keepPartial: true });
    expect(outcome.ok).toBe(false);
    expect(outcome.rollback).toBeUndefined();
    expect(outcome.chunksApplied).toBe(outcome.chunks - 1);
    expect(outcome.diagnostics.map((d) => d.code)).toEqual(["apply-operation-failed", "apply-partial-kept"]);
    const after = await readLiveNetwork(live.client, "/project1/atomic");
    expect(after.state.nodes.has("/project1/atomic/extra")).toBe(true);
  }, 300_000);

  it("says a request the bridge could not be reached for was not sent, and claims no rollback", async () => {
    const np = await planOf(network("unreached", 5, 0));
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, "127.0.0.1", () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    const gone = new BridgeClient(
      bridgeConfigFromEnv({ SVC_BRIDGE_URL: `http://127.0.0.1:${port}` }, { backoffMs: 1 }),
    );
    try {
      const outcome = await applyPlan(gone, np);
      expect(outcome).toMatchObject({ ok: false, chunks: 1, chunksApplied: 0 });
      expect(outcome.diagnostics.map((d) => d.code)).toEqual(["apply-operation-failed"]);
      expect(outcome.diagnostics[0]!.help).toContain(
        "the bridge could not be reached (connection_refused): this request was not sent",
      );
      expect(outcome.diagnostics[0]!.help!.join(" ")).not.toContain("rolled back");
    } finally {
      await gone.close();
    }
  });
});
