import { describe, expect, it } from "vitest";
import { applyFile, planFile } from "../../runtime/engine/loop/run-loop.js";
import { useLiveSim } from "../support/live-sim.js";

const live = useLiveSim();

const net = (body: string) => `svcnet 1\nnetwork order {\n${body}\n}\n`;

describe("operation order", () => {
  it("removes a node from the middle of a chain", async () => {
    const first = await applyFile(
      live.client,
      { text: net("  a1: noiseTOP\n  a2: levelTOP\n  a3: nullTOP\n  a1 -> a2 -> a3"), file: "order.svcnet" },
      { verify: false },
    );
    expect(first.diagnostics).toEqual([]);
    const second = await applyFile(
      live.client,
      { text: net("  a1: noiseTOP\n  a3: nullTOP\n  a1 -> a3"), file: "order.svcnet" },
      { verify: false },
    );
    expect(second.diagnostics).toEqual([]);
    expect(second.ok).toBe(true);
    const again = await planFile(live.client, {
      text: net("  a1: noiseTOP\n  a3: nullTOP\n  a1 -> a3"),
      file: "order.svcnet",
    });
    expect(again.plans[0]!.operations).toEqual([]);
  });
});
