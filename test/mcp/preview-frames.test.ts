/**
 * The preview tools over time, on tdsim through MCP: a feedback loop that adds a tenth of grey every
 * frame it cooks, watched after N frames, restarted with a pre-pulse, and read back as a sample grid.
 */
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodePng } from "../../runtime/image/png-decode.js";
import { NET, startLiveFixture, type LiveFixture } from "./atomic-fixture.js";
import { errorOf, textOf } from "./helpers.js";

const LOOP = `${NET}/loop`;
let f: LiveFixture;

beforeAll(async () => {
  f = await startLiveFixture();
  // grey1 (0.1) -> fb1 -> add1 (grey1 + fb1), and fb1 reads add1: one more grey every frame.
  await f.bridge.post("/api/batch", {
    operations: [
      { action: "create", parent_path: NET, type: "baseCOMP", name: "loop" },
      {
        action: "create",
        parent_path: LOOP,
        type: "constantTOP",
        name: "grey1",
        parameters: { resolutionw: 8, resolutionh: 8, outputresolution: "custom", color: [0.1, 0.1, 0.1] },
      },
      { action: "create", parent_path: LOOP, type: "feedbackTOP", name: "fb1" },
      { action: "connect", source_path: `${LOOP}/grey1`, target_path: `${LOOP}/fb1` },
      { action: "create", parent_path: LOOP, type: "compositeTOP", name: "add1", parameters: { operand: "add" } },
      { action: "connect", source_path: `${LOOP}/grey1`, target_path: `${LOOP}/add1`, target_input: 0 },
      { action: "connect", source_path: `${LOOP}/fb1`, target_path: `${LOOP}/add1`, target_input: 1 },
      { action: "update", path: `${LOOP}/fb1`, parameters: { top: "add1" } },
    ],
  });
});

afterAll(async () => {
  await f?.close();
});

function redOf(r: CallToolResult): number {
  expect(r.isError, textOf(r)).toBeFalsy();
  const block = r.content.find((c) => c.type === "image");
  if (!block || block.type !== "image") throw new Error(`no image in ${textOf(r)}`);
  return decodePng(Buffer.from(block.data, "base64")).rgba[0]!;
}

const restart = { path: `${LOOP}/fb1`, parameter: "resetpulse" };

describe("watching a loop develop", () => {
  it("get_preview after a reset pulse: the first frame, then one more grey for every further frame", async () => {
    const first = await f.call("get_preview", { path: `${LOOP}/add1`, pre_pulse: [restart] });
    // Reset: the feedback passes its input on, so the loop shows grey + grey.
    expect(redOf(first)).toBe(52);
    expect(first.structuredContent).toMatchObject({ pulsed: [`${LOOP}/fb1.resetpulse`] });
    const fifth = await f.call("get_preview", { path: `${LOOP}/add1`, pre_pulse: [restart], frames: 5 });
    expect(redOf(fifth)).toBe(52 + 4 * 26);
    expect(textOf(fifth)).toMatch(/after pulsing \/project1\/net\/loop\/fb1\.resetpulse after 5 frames/);
  });

  it("get_inline_preview takes frames too: the loop brightens as it runs", async () => {
    await f.call("get_preview", { path: `${LOOP}/add1`, pre_pulse: [restart] });
    const before = redOf(await f.call("get_inline_preview", { path: `${LOOP}/add1` }));
    const later = await f.call("get_inline_preview", { path: `${LOOP}/add1`, frames: 3 });
    expect(redOf(later)).toBe(before + 3 * 26);
    expect(textOf(later)).toMatch(/after 3 frames/);
  });

  it("get_preview's sample grid gives the image as numbers, rows top to bottom", async () => {
    const r = await f.call("get_preview", { path: `${NET}/const1`, sample_grid: 3 });
    const samples = (r.structuredContent as { samples: number[][][] }).samples;
    // const1 is (1, 0.5, 0) everywhere: nine samples of that colour, 8-bit rounded.
    expect(samples).toHaveLength(3);
    for (const row of samples) expect(row).toEqual(Array(3).fill([1, 0.502, 0, 1]));
    expect(textOf(r)).toMatch(/samples: \[\[\[1,0\.502,0,1\]/);
    const loop = await f.call("get_preview", { path: `${LOOP}/add1`, pre_pulse: [restart], sample_grid: 2 });
    expect((loop.structuredContent as { samples: number[][][] }).samples).toEqual(
      Array(2).fill(Array(2).fill([0.204, 0.204, 0.204, 1])),
    );
    expect((await f.call("get_preview", { path: `${NET}/const1` })).structuredContent).not.toHaveProperty("samples");
  });

  it("refuses a pulse on a parameter that is not a pulse, before any capture", async () => {
    const r = await f.call("get_preview", {
      path: `${LOOP}/add1`,
      pre_pulse: [{ path: `${LOOP}/grey1`, parameter: "colorr" }],
    });
    expect(errorOf(r).code).toBe("not_a_pulse");
    expect(textOf(await f.call("get_preview", { path: `${NET}/const1`, sample_grid: 0 }))).toMatch(
      /Input validation error/,
    );
    expect(textOf(await f.call("get_inline_preview", { path: `${NET}/const1`, frames: 0 }))).toMatch(
      /Input validation error/,
    );
  });
});
