import { inflateSync, crc32, deflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { downscalePng, fitWithin } from "../../runtime/image/downscale.js";
import { PngError, readPngHeader } from "../../runtime/image/png-chunks.js";
import { decodePng } from "../../runtime/image/png-decode.js";
import { encodePng } from "../../runtime/image/png-encode.js";

// A deliberately plain PNG writer for the tests (filter 0 everywhere), independent of the encoder under test.
function chunk(type: string, body: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, "latin1"), body])), 0);
  return Buffer.concat([head, body, crc]);
}

interface Spec {
  width: number;
  height: number;
  depth: number;
  color: number;
  interlaced?: boolean;
  plte?: number[];
  trns?: number[];
}

/** `lines` are packed scanlines without their filter byte, in file order (pass by pass when interlaced). */
function buildPng(spec: Spec, lines: Uint8Array[]): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(spec.width, 0);
  ihdr.writeUInt32BE(spec.height, 4);
  ihdr[8] = spec.depth;
  ihdr[9] = spec.color;
  ihdr[12] = spec.interlaced ? 1 : 0;
  const raw = Buffer.concat(lines.flatMap((l) => [Buffer.from([0]), Buffer.from(l)]));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    ...(spec.plte ? [chunk("PLTE", Uint8Array.from(spec.plte))] : []),
    ...(spec.trns ? [chunk("tRNS", Uint8Array.from(spec.trns))] : []),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", new Uint8Array(0)),
  ]);
}

/** Packs samples of `depth` bits (1, 2, 4, 8 or 16) into bytes, most significant first. */
function pack(samples: number[], depth: number): Uint8Array {
  if (depth === 16) return Uint8Array.from(samples.flatMap((s) => [s >> 8, s & 255]));
  if (depth === 8) return Uint8Array.from(samples);
  const out = new Uint8Array(Math.ceil((samples.length * depth) / 8));
  samples.forEach((s, i) => {
    const bit = i * depth;
    out[bit >> 3]! |= s << (8 - depth - (bit & 7));
  });
  return out;
}

const pixels = (img: { rgba: Uint8Array }) => Array.from(img.rgba);

describe("PNG decoding", () => {
  it("reads 1-bit grey, packed across byte boundaries", () => {
    const row0 = [1, 0, 1, 1, 0, 0, 1, 0, 1, 1];
    const row1 = row0.map((v) => 1 - v);
    const img = decodePng(buildPng({ width: 10, height: 2, depth: 1, color: 0 }, [pack(row0, 1), pack(row1, 1)]));
    expect([img.width, img.height]).toEqual([10, 2]);
    expect(pixels(img)).toEqual([...row0, ...row1].flatMap((v) => [v * 255, v * 255, v * 255, 255]));
  });

  it("reads 16-bit grey with a transparent key", () => {
    const png = buildPng({ width: 3, height: 1, depth: 16, color: 0, trns: [0xff, 0xff] }, [
      pack([0, 0xffff, 0x1234], 16),
    ]);
    expect(pixels(decodePng(png))).toEqual([0, 0, 0, 255, 255, 255, 255, 0, 18, 18, 18, 255]);
  });

  it("reads 8-bit RGB with a transparent colour", () => {
    const png = buildPng({ width: 2, height: 1, depth: 8, color: 2, trns: [0, 10, 0, 20, 0, 30] }, [
      pack([10, 20, 30, 10, 20, 31], 8),
    ]);
    expect(pixels(decodePng(png))).toEqual([10, 20, 30, 0, 10, 20, 31, 255]);
  });

  it("reads a 2-bit palette with partial transparency", () => {
    const plte = [255, 0, 0, 0, 255, 0, 0, 0, 255];
    const png = buildPng({ width: 5, height: 1, depth: 2, color: 3, plte, trns: [0, 128] }, [pack([0, 1, 2, 1, 0], 2)]);
    expect(pixels(decodePng(png))).toEqual([
      255, 0, 0, 0, 0, 255, 0, 128, 0, 0, 255, 255, 0, 255, 0, 128, 255, 0, 0, 0,
    ]);
  });

  it("reads grey + alpha and 16-bit RGBA", () => {
    expect(pixels(decodePng(buildPng({ width: 1, height: 1, depth: 8, color: 4 }, [pack([100, 50], 8)])))).toEqual([
      100, 100, 100, 50,
    ]);
    const rgba16 = buildPng({ width: 1, height: 1, depth: 16, color: 6 }, [pack([0xffff, 0x8000, 0, 0x7fff], 16)]);
    expect(pixels(decodePng(rgba16))).toEqual([255, 128, 0, 127]);
  });

  it("reads an Adam7-interlaced image back to the original pixels", () => {
    const width = 11;
    const height = 9;
    const original = Uint8Array.from({ length: width * height * 4 }, (_, i) => (i * 37 + (i >> 2) * 11) & 255);
    const passes = [
      [0, 0, 8, 8],
      [4, 0, 8, 8],
      [0, 4, 4, 8],
      [2, 0, 4, 4],
      [0, 2, 2, 4],
      [1, 0, 2, 2],
      [0, 1, 1, 2],
    ];
    const lines: Uint8Array[] = [];
    for (const [x0, y0, dx, dy] of passes as [number, number, number, number][]) {
      for (let y = y0; y < height; y += dy) {
        const row: number[] = [];
        for (let x = x0; x < width; x += dx)
          row.push(...original.subarray((y * width + x) * 4, (y * width + x) * 4 + 4));
        if (row.length) lines.push(Uint8Array.from(row));
      }
    }
    const img = decodePng(buildPng({ width, height, depth: 8, color: 6, interlaced: true }, lines));
    expect(pixels(img)).toEqual(Array.from(original));
  });

  it("refuses a bad signature, a corrupt chunk, a cut-off file and an unknown row filter", () => {
    const good = buildPng({ width: 2, height: 2, depth: 8, color: 0 }, [pack([1, 2], 8), pack([3, 4], 8)]);
    expect(() => decodePng(Buffer.from("GIF89a....................................."))).toThrow(/not a PNG/);
    const corrupt = Buffer.from(good);
    corrupt[30] = corrupt[30]! ^ 1; // the stored CRC of IHDR no longer matches its bytes
    expect(() => decodePng(corrupt)).toThrow(/CRC/);
    expect(() => decodePng(good.subarray(0, good.length - 20))).toThrow(PngError);
    const badFilter = Buffer.concat([
      good.subarray(0, 33),
      chunk("IDAT", deflateSync(Buffer.from([7, 1, 2, 0, 3, 4]))),
      chunk("IEND", new Uint8Array(0)),
    ]);
    expect(() => decodePng(badFilter)).toThrow(/unknown row filter 7/);
  });
});

describe("PNG encoding", () => {
  it("round-trips pixels exactly and picks more than one row filter", () => {
    const width = 37;
    const height = 23;
    const rgba = new Uint8Array(width * height * 4);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        const o = (y * width + x) * 4;
        rgba.set([x * 6, y * 11, y < 12 ? 40 : (x * y * 7) & 255, 255 - x], o);
      }
    const png = encodePng(width, height, rgba);
    expect(readPngHeader(png)).toEqual({ width, height, bitDepth: 8, colorType: 6, interlaced: false });
    expect(pixels(decodePng(png))).toEqual(Array.from(rgba));
    // The filter byte of every row: an adaptive choice rarely settles on one filter for all rows.
    const idatLength = png.readUInt32BE(33);
    const raw = inflateSync(png.subarray(41, 41 + idatLength));
    const filters = new Set(Array.from({ length: height }, (_, y) => raw[y * (width * 4 + 1)]));
    expect(filters.size).toBeGreaterThan(1);
  });

  it("refuses pixel data of the wrong size", () => {
    expect(() => encodePng(2, 2, new Uint8Array(15))).toThrow(/needs 16/);
  });
});

describe("scaling down", () => {
  it("fits a size within a square box, keeping the aspect and at least one pixel", () => {
    expect(fitWithin(640, 360, 256)).toEqual({ width: 256, height: 144 });
    expect(fitWithin(10, 1000, 256)).toEqual({ width: 3, height: 256 });
    expect(fitWithin(5000, 1, 256)).toEqual({ width: 256, height: 1 });
    expect(fitWithin(100, 80, 256)).toEqual({ width: 100, height: 80 });
  });

  it("averages each block of pixels, weighting colour by alpha", () => {
    // 4x4: four 2x2 quadrants of one colour each.
    const colours = [
      [255, 0, 0, 255],
      [0, 255, 0, 255],
      [0, 0, 255, 255],
      [255, 255, 255, 255],
    ];
    const rgba = new Uint8Array(64);
    for (let y = 0; y < 4; y++)
      for (let x = 0; x < 4; x++) rgba.set(colours[(y >> 1) * 2 + (x >> 1)]!, (y * 4 + x) * 4);
    const quad = downscalePng(encodePng(4, 4, rgba), 2);
    expect([quad.width, quad.height, quad.source.width]).toEqual([2, 2, 4]);
    expect(pixels(decodePng(quad.png))).toEqual(colours.flat());
    // Opaque red next to fully transparent black: red at half alpha, not dark red.
    const edge = downscalePng(encodePng(2, 1, Uint8Array.from([255, 0, 0, 255, 0, 0, 0, 0])), 1);
    expect(pixels(decodePng(edge.png))).toEqual([255, 0, 0, 128]);
  });

  it("hands back an image that already fits unchanged", () => {
    const png = encodePng(3, 2, new Uint8Array(24).fill(9));
    const same = downscalePng(png, 256);
    expect([same.width, same.height]).toEqual([3, 2]);
    expect(same.png.equals(png)).toBe(true);
  });
});
