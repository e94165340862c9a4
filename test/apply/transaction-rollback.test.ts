/**
 * The bridge undoes a transaction a time budget at a time and says how many requests remain; svc
 * calls again until none do, so one rollback from svc's side undoes a whole apply (a call made by
 * hand undid only part of a 359-node apply). The calls are bounded by the transaction's requests.
 */
import { describe, expect, it } from "vitest";
import { rollBackTransaction } from "../../runtime/engine/apply/transaction-rollback.js";
import { readLiveNetwork } from "../../runtime/engine/plan/live-state.js";
import type { BridgeClient } from "../../runtime/engine/bridge-client/index.js";
import { useLiveSim } from "../support/live-sim.js";

const live = useLiveSim();

describe("rolling back a transaction from svc's side", () => {
  it("undoes every request the transaction holds, over as many calls as the bridge's budget needs", async () => {
    const transaction = "svc-rollback-to-the-end";
    await live.client.post("/api/batch", {
      operations: [{ action: "create", parent_path: "/project1", type: "baseCOMP", name: "undone" }],
      transaction,
    });
    const requests = 12;
    for (let r = 1; r < requests; r++) {
      await live.client.post("/api/batch", {
        operations: Array.from({ length: 30 }, (_, i) => ({
          action: "create",
          parent_path: "/project1/undone",
          type: "noiseTOP",
          name: `n${r}_${i}`,
        })),
        transaction,
      });
    }
    expect((await readLiveNetwork(live.client, "/project1/undone")).state.nodes.size).toBe(1 + 30 * (requests - 1));

    // A budget of 1 ms: the bridge undoes one request per call (at least one, whatever its budget).
    const r = await rollBackTransaction(live.client, transaction, requests, 1);
    expect(r).toMatchObject({ undone: requests, failures: [] });
    expect(r.calls).toBeGreaterThan(1);
    expect((await readLiveNetwork(live.client, "/project1/undone")).exists).toBe(false);
    // Nothing remains on the bridge's side.
    const again = await live.client.post<{ rolled_back_requests: number; remaining: number }>(
      `/api/transactions/${transaction}/rollback`,
      undefined,
    );
    expect(again).toMatchObject({ rolled_back_requests: 0, remaining: 0 });
  }, 120_000);

  it("stops with an error when a bridge keeps saying requests remain", async () => {
    let calls = 0;
    const stuck = {
      post: async () => {
        calls++;
        return { rolled_back_requests: 0, remaining: 5, failures: [] };
      },
    } as unknown as BridgeClient;
    await expect(rollBackTransaction(stuck, "svc-stuck", 5)).rejects.toThrow(
      /still holds 5 request\(s\) of transaction svc-stuck after 8 rollback calls/,
    );
    expect(calls).toBe(8);
  });
});
