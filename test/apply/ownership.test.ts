import { describe, expect, it } from "vitest";
import { applyFile } from "../../runtime/loop/run-loop.js";
import { useLiveSim } from "../support/live-sim.js";

const live = useLiveSim();

const text = "svcnet 1\nnetwork owned {\n  noise1: noiseTOP\n  out1: nullTOP [display]\n  noise1 -> out1\n}\n";

describe("cook errors in nodes svc does not own", () => {
  it("are reported apart and do not fail the apply", async () => {
    const first = await applyFile(live.client, { text, file: "owned.svcnet" });
    expect(first.ok).toBe(true);
    // The artist adds a filter with nothing wired into it: it errors, and it is not svc's.
    await live.client.post("/api/nodes", { parent_path: "/project1/owned", type: "levelTOP", name: "artist_level" });
    const again = await applyFile(live.client, { text: text.replace("nullTOP [display]", "nullTOP [display, comment: \"out\"]"), file: "owned.svcnet" });
    expect(again.ok).toBe(true);
    expect(again.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const unowned = again.diagnostics.filter((d) => d.code === "live-cook-error-unowned");
    expect(unowned).toHaveLength(1);
    expect(unowned[0]!.message).toContain("artist_level");
    expect(again.verified[0]!.errors).toBe(0);
  });
});
