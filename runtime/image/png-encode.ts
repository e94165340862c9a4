/** Encodes 8-bit RGBA pixels as a PNG (colour type 6), choosing each row's filter for compression. */
import { crc32, deflateSync } from "node:zlib";
import { PNG_SIGNATURE } from "./png-chunks.js";

function chunk(type: string, body: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + body.length);
  out.writeUInt32BE(body.length, 0);
  out.write(type, 4, "latin1");
  out.set(body, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + body.length)), 8 + body.length);
  return out;
}

const paeth = (a: number, b: number, c: number) => {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
};

/** Filters one row with filter `type` into `out` (without the filter byte). */
function filterRow(type: number, row: Uint8Array, prev: Uint8Array, out: Uint8Array): void {
  for (let i = 0; i < row.length; i++) {
    const left = i >= 4 ? row[i - 4]! : 0;
    const up = prev[i]!;
    const upLeft = i >= 4 ? prev[i - 4]! : 0;
    const predictor =
      type === 1 ? left : type === 2 ? up : type === 3 ? (left + up) >> 1 : type === 4 ? paeth(left, up, upLeft) : 0;
    out[i] = (row[i]! - predictor) & 255;
  }
}

/** The usual heuristic: the filter whose output, read as signed bytes, sums smallest. */
function cost(filtered: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < filtered.length; i++) {
    const v = filtered[i]!;
    sum += v < 128 ? v : 256 - v;
  }
  return sum;
}

export function encodePng(width: number, height: number, rgba: Uint8Array): Buffer {
  const stride = width * 4;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1)
    throw new Error(`cannot encode a ${width}x${height} image`);
  if (rgba.length !== stride * height)
    throw new Error(`image data has ${rgba.length} bytes, a ${width}x${height} RGBA image needs ${stride * height}`);
  const raw = new Uint8Array((stride + 1) * height);
  const candidates = [0, 1, 2, 3, 4].map(() => new Uint8Array(stride));
  let prev: Uint8Array = new Uint8Array(stride);
  for (let y = 0; y < height; y++) {
    const row = rgba.subarray(y * stride, (y + 1) * stride);
    let best = 0;
    let bestCost = Infinity;
    for (let type = 0; type < 5; type++) {
      filterRow(type, row, prev, candidates[type]!);
      const c = cost(candidates[type]!);
      if (c < bestCost) {
        bestCost = c;
        best = type;
      }
    }
    raw[y * (stride + 1)] = best;
    raw.set(candidates[best]!, y * (stride + 1) + 1);
    prev = row;
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  // compression, filter method and interlace stay 0
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw, { level: 6 })),
    chunk("IEND", new Uint8Array(0)),
  ]);
}
