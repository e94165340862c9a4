/**
 * A damaged last-applied record on tdsim: a piece removed or changed by hand is reported by the
 * plan (`record-damaged`), and the next apply writes the record again so that it reads whole.
 */
import { describe, expect, it } from "vitest";
import { readLiveNetwork } from "../../runtime/engine/plan/live-state.js";
import { applyFile, planFile } from "../../runtime/engine/loop/run-loop.js";
import { useLiveSim } from "../support/live-sim.js";

const live = useLiveSim();
const root = "/project1/rec";

/** 40 nodes with long comments, so the record takes several pieces. */
function network(comment: string): string {
  const lines = ["svcnet 1", "network rec {"];
  for (let i = 0; i < 40; i++)
    lines.push(`  n${i}: noiseTOP [comment: "${comment} ${i} ${"x".repeat(900)}"] { seed: ${i} }`);
  lines.push("}", "");
  return lines.join("\n");
}

const storageUri = `/api/nodes/${encodeURIComponent(root)}/storage`;
const head = async () =>
  (await live.client.get<{ value: { pieces: string[] } }>(storageUri, { key: "svc_applied" })).value;
const recordKeys = async () =>
  (await live.client.get<{ keys: string[] }>(storageUri)).keys.filter((k) => k.startsWith("svc_applied")).sort();
const store = (key: string, value: unknown) =>
  live.client.post("/api/batch", { operations: [{ action: "store", path: root, key, value }] });

describe("a damaged last-applied record", () => {
  it("is reported by the plan and written again whole by the next apply", async () => {
    const text = network("step");
    expect((await applyFile(live.client, { text, file: "rec.svcnet" }, { verify: false })).diagnostics).toEqual([]);
    const pieces = (await head()).pieces;
    expect(pieces.length).toBeGreaterThanOrEqual(3);

    // One piece removed, another changed by hand.
    await store(pieces[1]!, null);
    await store(pieces[2]!, "not what svc wrote");
    const read = await readLiveNetwork(live.client, root);
    expect(read.lastApplied).toBeUndefined();
    expect(read.recordDamage).toEqual({
      missing: [pieces[1]],
      corrupt: [pieces[2]],
      intact: pieces.filter((_, i) => i !== 1 && i !== 2),
    });

    const plan = await planFile(live.client, { text, file: "rec.svcnet" });
    const damaged = plan.diagnostics.filter((d) => d.code === "record-damaged");
    expect(damaged).toHaveLength(1);
    expect(damaged[0]!.message).toContain(pieces[1]);
    expect(damaged[0]!.severity).toBe("warning");
    // Nothing else differs: the operations are the record's repair alone (the missing and the changed piece, then the head).
    const ops = plan.plans[0]!.operations.map((o) => o.op);
    const stores = ops
      .filter((o) => o.action === "store" && String(o.key).startsWith("svc_applied"))
      .map((o) => o.key as string);
    expect(stores).toEqual([pieces[1], pieces[2], "svc_applied"]);

    await applyFile(live.client, { text, file: "rec.svcnet" }, { verify: false });
    const repaired = await readLiveNetwork(live.client, root);
    expect(repaired.recordDamage).toBeUndefined();
    expect(repaired.lastApplied?.state.nodes.get(`${root}/n7`)?.comment).toContain("step 7");
    expect(await recordKeys()).toEqual(["svc_applied", ...pieces].sort());
    const again = await planFile(live.client, { text, file: "rec.svcnet" });
    expect(again.diagnostics).toEqual([]);
    expect(again.plans[0]!.operations).toEqual([]);
  }, 120_000);

  it("keeps nothing stale when the repaired record is cut differently: pieces it no longer names are removed", async () => {
    const pieces = (await head()).pieces;
    await store(pieces[0]!, null);
    const text = network("renamed step");
    const applied = await applyFile(live.client, { text, file: "rec.svcnet" }, { verify: false });
    expect(applied.diagnostics.map((d) => d.code)).toEqual(["record-damaged"]);
    const now = (await head()).pieces;
    expect(await recordKeys()).toEqual(["svc_applied", ...now].sort());
    expect((await readLiveNetwork(live.client, root)).lastApplied?.state.nodes.get(`${root}/n3`)?.comment).toContain(
      "renamed step 3",
    );
  }, 120_000);
});
