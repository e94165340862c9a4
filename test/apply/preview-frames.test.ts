/**
 * A preview after N frames: the TOP cooks on N - 1 frames (POST /api/cook), then is previewed, so a
 * feedback loop built from a .svcnet file shows its history in tdsim.
 */
import { describe, expect, it } from "vitest";
import { fetchPreview } from "../../runtime/engine/apply/preview.js";
import { decodePng } from "../../runtime/image/png-decode.js";
import { applyFile } from "../../runtime/engine/loop/run-loop.js";
import { useLiveSim } from "../support/live-sim.js";

// Every cook adds the grey seed (26 of 255) to what the loop held on the previous frame.
const LOOP = `svcnet 1
network loop {
  seed: constantTOP { colorb: 0.1, colorg: 0.1, colorr: 0.1, outputresolution: custom, resolution: 32x16 }
  back: feedbackTOP { top: sum }
  sum: compositeTOP { operand: add }
  seed -> sum[0]
  seed -> back -> sum[1]
}
`;

describe("preview after N frames", () => {
  const live = useLiveSim();

  it("a feedback loop moves on one step per frame the preview waits", async () => {
    const result = await applyFile(live.client, { text: LOOP, file: "loop.svcnet" });
    expect(result.diagnostics).toEqual([]);
    const red = async (frames: number) =>
      decodePng((await fetchPreview(live.client, "/project1/loop/sum", 64, frames)).png).rgba[0]!;
    const now = await red(1);
    const later = await red(4); // three cooks on three frames, then the preview
    expect(later - now).toBeGreaterThanOrEqual(3 * 26 - 3);
    expect(await red(1)).toBeGreaterThanOrEqual(later); // the history stays (or moves on), never resets
  });
});
