import { describe, expect, it, vi } from "vitest";
import { encodePath } from "../../runtime/engine/bridge-client/index.js";
import { readLiveNetwork } from "../../runtime/engine/plan/live-state.js";
import { PAGE_BUDGET_MS, PAGE_MAX_NODES, readWholeTopology } from "../../runtime/engine/plan/paged-topology.js";
import { clearNetworkStateCache, readNetworkState } from "../../runtime/engine/plan/network-state-read.js";
import { PIECE_CHARS } from "../../runtime/engine/plan/record-pieces.js";
import { applyFile, planFile } from "../../runtime/engine/loop/run-loop.js";
import { useLiveSim } from "../support/live-sim.js";

const live = useLiveSim();

/** A network of `count` nodes: chains of ten, each with a parameter and a comment. */
function bigNetwork(count: number): string {
  const lines = ["svcnet 1", "network big {"];
  for (let i = 0; i < count; i++) {
    lines.push(
      i % 10 === 0 ? `  n${i}: noiseTOP { seed: ${i} }` : `  n${i}: levelTOP [comment: "step ${i}"] { opacity: 0.5 }`,
    );
    if (i % 10 !== 0) lines.push(`  n${i - 1} -> n${i}`);
  }
  lines.push("}", "");
  return lines.join("\n");
}

describe("the live read of a large network", () => {
  it("is paged, every request bounded, and complete in total", async () => {
    const text = bigNetwork(300);
    const applied = await applyFile(live.client, { text, file: "big.svcnet" }, { verify: false });
    expect(applied.diagnostics).toEqual([]);

    const state = await readLiveNetwork(live.client, "/project1/big");
    expect(state.state.nodes.size).toBe(301);
    expect(state.state.wires).toHaveLength(270);
    // Read in pages (a bridge without a whole-read port, or a client that asks for pages).
    const read = vi.spyOn(live.client, "read");
    const get = vi.spyOn(live.client, "get");
    try {
      const paged = await readNetworkState(live.client, "/project1/big", { storageKey: "svc_applied", whole: false });
      expect(paged.nodes).toHaveLength(300);
      expect(paged.wires).toHaveLength(270);
      // One kind of request: the state pages carry the root, the parameters and the record.
      expect(get).not.toHaveBeenCalled();
      const pages = read.mock.calls.map(
        ([path, body]) => [path, body as { time_budget_ms: number; max_nodes: number }] as const,
      );
      expect(pages.length).toBeGreaterThan(0);
      for (const [path, body] of pages) {
        expect(path).toBe(`/api/network/${encodePath("/project1/big")}/state`);
        expect(body.time_budget_ms).toBeLessThanOrEqual(PAGE_BUDGET_MS);
        expect(body.max_nodes).toBeLessThanOrEqual(PAGE_MAX_NODES);
      }
    } finally {
      read.mockRestore();
      get.mockRestore();
    }

    const again = await planFile(live.client, { text, file: "big.svcnet" });
    expect(again.diagnostics).toEqual([]);
    expect(again.plans[0]!.operations).toEqual([]);
  }, 300_000);

  it("sends again only the details of nodes that changed, and reads what a fresh read reads", async () => {
    const root = "/project1/big";
    const wanted = new Map([[`${root}/n5`, ["opacity", "brightness1"]]]);
    clearNetworkStateCache();
    const first = await readNetworkState(live.client, root, { wanted });
    expect(first.detailed).toBe(300);
    const unchanged = await readNetworkState(live.client, root, { wanted });
    expect(unchanged.detailed).toBe(0);
    expect(unchanged.nodes).toEqual(first.nodes);

    // By hand: a parameter on one node, a rename of another (its wires' ends change with it).
    await live.client.post("/api/batch", {
      operations: [
        { action: "update", path: `${root}/n5`, parameters: { brightness1: 0.25 } },
        { action: "rename", path: `${root}/n17`, name: "renamed" },
      ],
    });
    const changed = await readNetworkState(live.client, root, { wanted });
    expect(changed.detailed).toBe(3); // n5, the renamed node, and n18 whose input now comes from it
    const cached = await readLiveNetwork(live.client, root, wanted);
    clearNetworkStateCache();
    const fresh = await readLiveNetwork(live.client, root, wanted);
    expect(cached).toEqual(fresh);
    expect(fresh.state.nodes.get(`${root}/n5`)!.params.brightness1).toEqual({ mode: "constant", value: 0.25 });
    expect(fresh.state.nodes.get(`${root}/n5`)!.params.opacity).toEqual({ mode: "constant", value: 0.5 });
    expect(fresh.state.nodes.has(`${root}/renamed`)).toBe(true);
    expect(fresh.state.wires).toContainEqual({ from: `${root}/renamed`, fromOutput: 0, to: `${root}/n18`, toInput: 0 });
    await live.client.post("/api/batch", { operations: [{ action: "rename", path: `${root}/renamed`, name: "n17" }] });
  }, 300_000);

  it("keeps svc's record in bounded pieces, rewriting only the pieces that changed", async () => {
    const root = "/project1/big";
    const keysOf = async () =>
      (await live.client.get<{ keys: string[] }>(`/api/nodes/${encodeURIComponent(root)}/storage`)).keys.filter((k) =>
        k.startsWith("svc_applied"),
      );
    const head = async () =>
      (
        await live.client.get<{ value: { pieces: string[] } }>(`/api/nodes/${encodeURIComponent(root)}/storage`, {
          key: "svc_applied",
        })
      ).value;
    const before = await head();
    expect(before.pieces.length).toBeGreaterThan(2);
    for (const key of before.pieces) {
      const piece = await live.client.get<{ value: string }>(`/api/nodes/${encodeURIComponent(root)}/storage`, { key });
      expect(piece.value.length).toBeLessThanOrEqual(PIECE_CHARS);
    }
    expect(await keysOf()).toEqual(["svc_applied", ...before.pieces].sort());

    // The last node changes: the pieces before it are kept as they are.
    const text = bigNetwork(300).replace(
      'n299: levelTOP [comment: "step 299"]',
      'n299: levelTOP [comment: "last step"]',
    );
    const stores: string[] = [];
    const post = vi.spyOn(live.client, "post");
    try {
      const applied = await applyFile(live.client, { text, file: "big.svcnet" }, { verify: false });
      expect(applied.diagnostics).toEqual([]);
      for (const [, body] of post.mock.calls) {
        for (const op of (body as { operations?: Array<{ action: string; key?: string }> })?.operations ?? [])
          if (op.action === "store") stores.push(op.key!);
      }
    } finally {
      post.mockRestore();
    }
    const after = await head();
    const kept = after.pieces.filter((k) => before.pieces.includes(k));
    expect(kept.length).toBeGreaterThan(0);
    expect(stores.filter((k) => kept.includes(k))).toEqual([]);
    expect(await keysOf()).toEqual(["svc_applied", ...after.pieces].sort());
    const read = await readLiveNetwork(live.client, root);
    expect(read.lastApplied?.source?.text).toContain(`n299: levelTOP [comment: "last step"]`);
    expect(read.lastApplied?.state.nodes.get(`${root}/n299`)?.comment).toBe("last step");
  }, 300_000);

  it("pages of a few nodes list exactly what one whole read lists", async () => {
    const whole = await readWholeTopology<{ path: string }>(live.client, "/project1/big", { params: true });
    const small = await readWholeTopology<{ path: string }>(live.client, "/project1/big", {
      params: true,
      pageMaxNodes: 7,
    });
    expect(small.pages).toBeGreaterThanOrEqual(Math.ceil(300 / 7));
    expect(small.nodes).toEqual(whole.nodes);
    expect(small.wires).toEqual(whole.wires);
  }, 300_000);
});
