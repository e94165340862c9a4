/**
 * Decodes any standard PNG (every colour type and bit depth, palette transparency, Adam7 interlace)
 * to 8-bit RGBA rows. Non-interlaced images are handed over one row at a time, so a caller that
 * scales down never holds the full-size image.
 */
import { inflateSync } from "node:zlib";
import { CHANNELS, PngError, readPngHeader, readPngParts, type PngHeader, type PngParts } from "./png-chunks.js";

export interface RgbaImage {
  width: number;
  height: number;
  /** width * height * 4 bytes, rows top to bottom. */
  rgba: Uint8Array;
}

/** Most decompressed image bytes accepted (a 4K RGBA image is about 33 MB). */
const MAX_RAW_BYTES = 256 * 1024 * 1024;
/** Interlaced images are assembled whole before use; this bounds that buffer. */
const MAX_INTERLACED_PIXELS = 32 * 1024 * 1024;

/** Adam7 passes: first column, first row, column step, row step. */
const ADAM7: readonly (readonly [number, number, number, number])[] = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
];

const bitsPerPixel = (h: PngHeader) => CHANNELS[h.colorType] * h.bitDepth;
const lineBytes = (h: PngHeader, width: number) => Math.ceil((width * bitsPerPixel(h)) / 8);

function passSize(h: PngHeader, [x0, y0, dx, dy]: readonly [number, number, number, number]): [number, number] {
  return [h.width > x0 ? Math.ceil((h.width - x0) / dx) : 0, h.height > y0 ? Math.ceil((h.height - y0) / dy) : 0];
}

function rawSize(h: PngHeader): number {
  if (!h.interlaced) return h.height * (1 + lineBytes(h, h.width));
  let total = 0;
  for (const pass of ADAM7) {
    const [w, rows] = passSize(h, pass);
    if (w > 0) total += rows * (1 + lineBytes(h, w));
  }
  return total;
}

function inflate(parts: PngParts): Buffer {
  const expected = rawSize(parts.header);
  if (expected > MAX_RAW_BYTES) {
    throw new PngError(
      `the PNG is too large to decode (${parts.header.width}x${parts.header.height}, ${expected} bytes unpacked; at most ${MAX_RAW_BYTES})`,
    );
  }
  let raw: Buffer;
  try {
    raw = inflateSync(parts.data, { maxOutputLength: Math.max(expected, 1) });
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === "ERR_BUFFER_TOO_LARGE") throw new PngError("the PNG's image data is larger than its header says");
    throw new PngError(`the PNG's image data is corrupt: ${(err as Error).message}`);
  }
  if (raw.length < expected) throw new PngError(`the PNG's image data is cut off (${raw.length} of ${expected} bytes)`);
  return raw;
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  if (pa <= pb && pa <= pc) return a;
  return pb <= pc ? b : c;
}

/** Reverses one scanline's filter in place; `prev` is the previous unfiltered line (zeros for the first). */
function unfilter(filter: number, line: Uint8Array, prev: Uint8Array, bpp: number): void {
  const n = line.length;
  switch (filter) {
    case 0:
      return;
    case 1:
      for (let i = bpp; i < n; i++) line[i] = (line[i]! + line[i - bpp]!) & 255;
      return;
    case 2:
      for (let i = 0; i < n; i++) line[i] = (line[i]! + prev[i]!) & 255;
      return;
    case 3:
      for (let i = 0; i < n; i++) line[i] = (line[i]! + (((i >= bpp ? line[i - bpp]! : 0) + prev[i]!) >> 1)) & 255;
      return;
    case 4:
      for (let i = 0; i < n; i++) {
        const left = i >= bpp ? line[i - bpp]! : 0;
        const upLeft = i >= bpp ? prev[i - bpp]! : 0;
        line[i] = (line[i]! + paeth(left, prev[i]!, upLeft)) & 255;
      }
      return;
    default:
      throw new PngError(`the PNG uses an unknown row filter ${filter}`);
  }
}

/** Converts unfiltered scanlines of any layout to 8-bit RGBA. */
class RowConverter {
  private readonly h: PngHeader;
  private readonly palette: Uint8Array | undefined;
  private readonly paletteAlpha: Uint8Array | undefined;
  /** Transparent sample values for grey (one) or RGB (three) images, at the image's bit depth. */
  private readonly key: number[] | undefined;

  constructor(parts: PngParts) {
    this.h = parts.header;
    this.palette = parts.palette;
    const t = parts.transparency;
    if (t && this.h.colorType === 3) this.paletteAlpha = t;
    else if (t && this.h.colorType === 0 && t.length >= 2) this.key = [(t[0]! << 8) | t[1]!];
    else if (t && this.h.colorType === 2 && t.length >= 6)
      this.key = [(t[0]! << 8) | t[1]!, (t[2]! << 8) | t[3]!, (t[4]! << 8) | t[5]!];
  }

  /** Sample `i` of a line (0-based across all channels), at the image's bit depth. */
  private sample(line: Uint8Array, i: number): number {
    const depth = this.h.bitDepth;
    if (depth === 8) return line[i]!;
    if (depth === 16) return (line[2 * i]! << 8) | line[2 * i + 1]!;
    const bit = i * depth;
    const shift = 8 - depth - (bit & 7);
    return (line[bit >> 3]! >> shift) & ((1 << depth) - 1);
  }

  /** A sample scaled to 0..255. */
  private to8(v: number): number {
    const depth = this.h.bitDepth;
    if (depth === 8) return v;
    if (depth === 16) return Math.round(v / 257);
    return Math.round((v * 255) / ((1 << depth) - 1));
  }

  convert(line: Uint8Array, width: number, out: Uint8Array): void {
    const type = this.h.colorType;
    for (let x = 0; x < width; x++) {
      const o = x * 4;
      if (type === 0) {
        const g = this.sample(line, x);
        out[o] = out[o + 1] = out[o + 2] = this.to8(g);
        out[o + 3] = this.key && g === this.key[0] ? 0 : 255;
      } else if (type === 2) {
        const r = this.sample(line, 3 * x);
        const g = this.sample(line, 3 * x + 1);
        const b = this.sample(line, 3 * x + 2);
        out[o] = this.to8(r);
        out[o + 1] = this.to8(g);
        out[o + 2] = this.to8(b);
        out[o + 3] = this.key && r === this.key[0] && g === this.key[1] && b === this.key[2] ? 0 : 255;
      } else if (type === 3) {
        const index = this.sample(line, x);
        const palette = this.palette!;
        if (3 * index + 2 >= palette.length)
          throw new PngError(`the PNG uses palette entry ${index}, which its palette does not have`);
        out[o] = palette[3 * index]!;
        out[o + 1] = palette[3 * index + 1]!;
        out[o + 2] = palette[3 * index + 2]!;
        out[o + 3] = this.paletteAlpha && index < this.paletteAlpha.length ? this.paletteAlpha[index]! : 255;
      } else if (type === 4) {
        out[o] = out[o + 1] = out[o + 2] = this.to8(this.sample(line, 2 * x));
        out[o + 3] = this.to8(this.sample(line, 2 * x + 1));
      } else {
        for (let c = 0; c < 4; c++) out[o + c] = this.to8(this.sample(line, 4 * x + c));
      }
    }
  }
}

/**
 * Calls `onRow(y, rgba)` for every row top to bottom, with the row as 8-bit RGBA (the buffer is
 * reused: copy what you keep). Returns the header.
 */
export function decodePngRows(png: Uint8Array, onRow: (y: number, rgba: Uint8Array) => void): PngHeader {
  const parts = readPngParts(png);
  const h = parts.header;
  const raw = inflate(parts);
  const converter = new RowConverter(parts);
  const bpp = Math.max(1, Math.ceil(bitsPerPixel(h) / 8));

  if (!h.interlaced) {
    const stride = lineBytes(h, h.width);
    let prev: Uint8Array = new Uint8Array(stride);
    const row = new Uint8Array(h.width * 4);
    for (let y = 0; y < h.height; y++) {
      const start = y * (stride + 1);
      const line = raw.subarray(start + 1, start + 1 + stride);
      unfilter(raw[start]!, line, prev, bpp);
      converter.convert(line, h.width, row);
      onRow(y, row);
      prev = line;
    }
    return h;
  }

  if (h.width * h.height > MAX_INTERLACED_PIXELS) {
    throw new PngError(
      `the interlaced PNG is too large to decode (${h.width}x${h.height}; at most ${MAX_INTERLACED_PIXELS} pixels)`,
    );
  }
  const image = new Uint8Array(h.width * h.height * 4);
  let pos = 0;
  for (const pass of ADAM7) {
    const [w, rows] = passSize(h, pass);
    if (w === 0 || rows === 0) continue;
    const [x0, y0, dx, dy] = pass;
    const stride = lineBytes(h, w);
    let prev: Uint8Array = new Uint8Array(stride);
    const passRow = new Uint8Array(w * 4);
    for (let r = 0; r < rows; r++) {
      const line = raw.subarray(pos + 1, pos + 1 + stride);
      unfilter(raw[pos]!, line, prev, bpp);
      pos += stride + 1;
      converter.convert(line, w, passRow);
      const y = y0 + r * dy;
      for (let i = 0; i < w; i++) image.set(passRow.subarray(i * 4, i * 4 + 4), (y * h.width + x0 + i * dx) * 4);
      prev = line;
    }
  }
  const rowBytes = h.width * 4;
  for (let y = 0; y < h.height; y++) onRow(y, image.subarray(y * rowBytes, (y + 1) * rowBytes));
  return h;
}

/** The whole image as 8-bit RGBA. */
export function decodePng(png: Uint8Array): RgbaImage {
  const { width, height } = readPngHeader(png);
  const rgba = new Uint8Array(width * height * 4);
  decodePngRows(png, (y, row) => rgba.set(row, y * width * 4));
  return { width, height, rgba };
}
