import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodePng } from "../../runtime/image/png-decode.js";
import { NET, startLiveFixture, type LiveFixture } from "./atomic-fixture.js";
import { errorOf, textOf } from "./helpers.js";

let f: LiveFixture;
let before: unknown;

beforeAll(async () => {
  f = await startLiveFixture();
  before = await f.snapshot();
});

afterAll(async () => {
  await f?.close();
});

/** The image block's PNG, and its size read straight from the IHDR bytes. */
function imageOf(r: CallToolResult): { png: Buffer; width: number; height: number } {
  expect(r.isError, textOf(r)).toBeFalsy();
  const block = r.content.find((c) => c.type === "image");
  if (!block || block.type !== "image") throw new Error(`no image block in ${textOf(r)}`);
  expect(block.mimeType).toBe("image/png");
  const png = Buffer.from(block.data, "base64");
  expect(png.subarray(0, 8).toString("latin1")).toBe("\x89PNG\r\n\x1a\n");
  expect(png.toString("latin1", 12, 16)).toBe("IHDR");
  return { png, width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

describe("get_preview", () => {
  it("returns the TOP's image at its own resolution, with the size only advisory", async () => {
    const r = await f.call("get_preview", { path: `${NET}/const1` });
    const img = imageOf(r);
    expect([img.width, img.height]).toEqual([640, 360]);
    expect(r.structuredContent).toMatchObject({
      width: 640,
      height: 360,
      sizeAdvisory: 256,
      fits: false,
      bytes: img.png.length,
    });
    const big = await f.call("get_preview", { path: `${NET}/const1`, size: 1024 });
    expect(big.structuredContent).toMatchObject({ fits: true });
  });

  it("refuses a DAT, a missing operator and a size over 1024", async () => {
    for (const [args, code] of [
      [{ path: `${NET}/text1` }, "not_a_top"],
      [{ path: `${NET}/nosuch` }, "node_not_found"],
    ] as const) {
      const r = await f.call("get_preview", args);
      expect(r.isError).toBe(true);
      expect(errorOf(r).code).toBe(code);
    }
    const r = await f.call("get_preview", { path: `${NET}/const1`, size: 4096 });
    expect(textOf(r)).toMatch(/Input validation error/);
  });
});

describe("get_inline_preview", () => {
  it("scales a larger image down to fit, keeping its aspect and colour", async () => {
    const r = await f.call("get_inline_preview", { path: `${NET}/const1` });
    const img = imageOf(r);
    expect([img.width, img.height]).toEqual([256, 144]);
    expect(r.structuredContent).toMatchObject({
      width: 256,
      height: 144,
      scaled: true,
      resolution: { width: 640, height: 360 },
      pixelFormat: "useinput",
      imageFormat: "8-bit RGBA",
      errors: [],
      bytes: img.png.length,
    });
    // The constant's colour (1, 0.5, 0) survives the scaling.
    const pixels = decodePng(img.png).rgba;
    const centre = (72 * 256 + 128) * 4;
    expect(pixels[centre]).toBe(255);
    expect(Math.abs(pixels[centre + 1]! - 128)).toBeLessThanOrEqual(1);
    expect([pixels[centre + 2], pixels[centre + 3]]).toEqual([0, 255]);
  });

  it("honours a smaller size and sends an image that already fits as it is", async () => {
    const small = imageOf(await f.call("get_inline_preview", { path: `${NET}/const1`, size: 64 }));
    expect([small.width, small.height]).toEqual([64, 36]);
    const noise = await f.call("get_inline_preview", { path: `${NET}/noise1`, size: 512 });
    const img = imageOf(noise);
    expect([img.width, img.height]).toEqual([256, 256]);
    expect(noise.structuredContent).toMatchObject({ scaled: false, resolution: { width: 256, height: 256 } });
  });

  it("reports the errors a TOP shows after cooking", async () => {
    const r = await f.call("get_inline_preview", { path: `${NET}/level1`, size: 32 });
    imageOf(r);
    expect((r.structuredContent as { errors: string[] }).errors).toEqual(["Not enough sources specified."]);
    expect(textOf(r)).toMatch(/1 error: Not enough sources specified/);
  });

  it("refuses a COMP, a size out of range and a pattern path", async () => {
    const comp = await f.call("get_inline_preview", { path: NET });
    expect(errorOf(comp).code).toBe("not_a_top");
    for (const args of [
      { path: `${NET}/const1`, size: 2048 },
      { path: `${NET}/const1`, size: 0 },
      { path: `${NET}/const*` },
    ]) {
      expect(textOf(await f.call("get_inline_preview", args))).toMatch(/Input validation error/);
    }
  });
});

describe("nothing changed", () => {
  it("previews leave the project as it was", async () => {
    expect(await f.snapshot()).toEqual(before);
  });
});
