/**
 * What an MCP server plans in slices (the compile in a worker thread, then the desired state and
 * the diff with the event loop turning in between) is exactly what the CLI plans in one go. The
 * compile-worker half uses the built modules, as the server does.
 */
import { createHash } from "node:crypto";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { compile } from "../../compiler/index.js";
import type * as InWorker from "../../compiler/compile-in-worker.js";
import { desiredState, desiredStateInSlices, networkRoots } from "../../runtime/engine/plan/desired-state.js";
import { planNetwork, planNetworkInSlices } from "../../runtime/engine/plan/reconcile.js";
import { planOperations, planOperationsInSlices } from "../../runtime/engine/apply/plan-operations.js";
import { fingerprintState } from "../../runtime/engine/plan/fingerprint.js";
import { wireKey, type NetworkState, type NodeState } from "../../runtime/engine/plan/network-state.js";
import { generate } from "../../bench/generate-network.mjs";

const { compileInWorker } = (await import(
  pathToFileURL(join(process.cwd(), "dist", "compiler", "compile-in-worker.js")).href
)) as typeof InWorker;

/** Counts event-loop turns taken while `work` runs: more than zero means it paused in between. */
async function turnsDuring<T>(work: () => Promise<T>): Promise<{ value: T; turns: number }> {
  let turns = 0;
  let running = true;
  const tick = () => {
    if (!running) return;
    turns++;
    setImmediate(tick);
  };
  setImmediate(tick);
  const value = await work();
  running = false;
  return { value, turns };
}

/** The live side of a re-plan: some parameters edited live, one node gone, one wire gone. */
function edited(desired: NetworkState): NetworkState {
  const nodes = new Map<string, NodeState>();
  let i = 0;
  for (const [path, node] of desired.nodes) {
    i++;
    if (i === 40) continue;
    const drifted = i % 3 === 0 && node.params.opacity !== undefined;
    nodes.set(
      path,
      drifted ? { ...node, params: { ...node.params, opacity: { mode: "constant", value: 0.25 } } } : node,
    );
  }
  return { root: desired.root, nodes, wires: desired.wires.slice(1) };
}

describe("a plan made in slices", () => {
  it("equals the plan made in one go, from a compile in the worker thread, on a 400-node program", async () => {
    const text = generate("compile", 400) as string;
    const input = { text, file: "big.svcnet" };
    const here = await compile(input);
    const { value: off, turns: compileTurns } = await turnsDuring(() => compileInWorker(input, {}, "big.svcnet"));
    expect(off.operations).toEqual(here.operations);
    expect(compileTurns).toBeGreaterThan(0);

    const [root] = networkRoots(here.operations!);
    const desired = desiredState(here.operations!, root!);
    // Slices of 0 ms: a pause at every chance, the most the event loop can come in between.
    const { value: sliced, turns: desiredTurns } = await turnsDuring(() =>
      desiredStateInSlices(off.operations!, root!, 0),
    );
    expect(sliced).toEqual(desired);
    expect(desiredTurns).toBeGreaterThan(3);
    expect(desired.nodes.size).toBeGreaterThan(400);

    const live = edited(desired);
    for (const input of [
      { desired, live: { root: desired.root, nodes: new Map(), wires: [] }, lastApplied: undefined },
      { desired, live, lastApplied: desired },
      { desired, live, lastApplied: desired, force: true },
      { desired, live: desired, lastApplied: desired },
    ]) {
      const { value: inSlices, turns } = await turnsDuring(() => planNetworkInSlices(input, 0));
      const plan = planNetwork(input);
      expect(inSlices).toEqual(plan);
      expect(turns).toBeGreaterThan(3);
      // And the bridge operations that carry it out.
      const ops = {
        plan,
        desired,
        compiled: here.operations!,
        record: { state: desired, appliedAt: "2026-01-01T00:00:00.000Z" },
        previous: undefined,
      };
      const { value: opsInSlices } = await turnsDuring(() => planOperationsInSlices(ops, 0));
      expect(opsInSlices).toEqual(planOperations(ops));
    }
    // A fresh plan builds every node with the compiler's operations, translated a node's run at a time.
    const fresh = planOperations({
      plan: planNetwork({ desired, live: { root: desired.root, nodes: new Map(), wires: [] }, lastApplied: undefined }),
      desired,
      compiled: here.operations!,
      record: { state: desired, appliedAt: "x" },
    });
    expect(fresh.filter((o) => o.op.action === "create")).toHaveLength(desired.nodes.size);
    const replan = planNetwork({ desired, live, lastApplied: desired });
    expect(replan.conflicts.length).toBeGreaterThan(0);
    expect(replan.changes.length).toBeGreaterThan(0);
  });

  it("fingerprints a state as the hash of its whole canonical JSON, fed node by node", () => {
    const text = generate("compile", 200) as string;
    return compile({ text, file: "f.svcnet" }).then((r) => {
      const state = desiredState(r.operations!, networkRoots(r.operations!)[0]!);
      const canonical = (v: unknown): unknown =>
        Array.isArray(v)
          ? v.map(canonical)
          : v && typeof v === "object"
            ? Object.fromEntries(
                Object.keys(v)
                  .sort()
                  .filter((k) => k !== "source" && k !== "textSource")
                  .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
              )
            : v;
      const nodes = [...state.nodes.values()].sort((a, b) => a.path.localeCompare(b.path)).map(canonical);
      const whole = JSON.stringify({ root: state.root, nodes, wires: state.wires.map(wireKey).sort() });
      expect(fingerprintState(state)).toBe(createHash("sha256").update(whole).digest("hex").slice(0, 32));
    });
  });
});
