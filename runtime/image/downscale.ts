/**
 * Scales a PNG down to fit a square box, by averaging every source pixel into the target pixel
 * that covers it (a box filter: right for large reductions, where point sampling would alias).
 * Colours are averaged weighted by alpha, so transparent pixels do not darken the edges.
 */
import { readPngHeader, type PngHeader } from "./png-chunks.js";
import { decodePngRows } from "./png-decode.js";
import { encodePng } from "./png-encode.js";

export interface ScaledPng {
  png: Buffer;
  width: number;
  height: number;
  source: PngHeader;
}

/** The largest size with the same aspect that fits `max` x `max` (never larger than the source, never 0). */
export function fitWithin(width: number, height: number, max: number): { width: number; height: number } {
  if (width <= max && height <= max) return { width, height };
  const scale = max / Math.max(width, height);
  return {
    width: Math.max(1, Math.min(max, Math.round(width * scale))),
    height: Math.max(1, Math.min(max, Math.round(height * scale))),
  };
}

/** Scales `png` to fit within `max` x `max`; a PNG that already fits comes back unchanged. */
export function downscalePng(png: Uint8Array, max: number): ScaledPng {
  const source = readPngHeader(png);
  const target = fitWithin(source.width, source.height, max);
  if (target.width === source.width && target.height === source.height) {
    return { png: Buffer.from(png), width: source.width, height: source.height, source };
  }
  const { width: tw, height: th } = target;
  // Per target pixel: sums of premultiplied colour, of alpha, and the pixel count.
  const sums = new Float64Array(tw * th * 4);
  const counts = new Uint32Array(tw * th);
  const column = new Uint32Array(source.width);
  for (let x = 0; x < source.width; x++) column[x] = Math.min(tw - 1, Math.floor((x * tw) / source.width));
  decodePngRows(png, (y, row) => {
    const base = Math.min(th - 1, Math.floor((y * th) / source.height)) * tw;
    for (let x = 0; x < source.width; x++) {
      const t = base + column[x]!;
      const s = x * 4;
      const a = row[s + 3]!;
      const o = t * 4;
      sums[o] = sums[o]! + row[s]! * a;
      sums[o + 1] = sums[o + 1]! + row[s + 1]! * a;
      sums[o + 2] = sums[o + 2]! + row[s + 2]! * a;
      sums[o + 3] = sums[o + 3]! + a;
      counts[t] = counts[t]! + 1;
    }
  });
  const out = new Uint8Array(tw * th * 4);
  for (let t = 0; t < tw * th; t++) {
    const alpha = sums[t * 4 + 3]!;
    const n = counts[t]!;
    if (alpha > 0) {
      out[t * 4] = Math.round(sums[t * 4]! / alpha);
      out[t * 4 + 1] = Math.round(sums[t * 4 + 1]! / alpha);
      out[t * 4 + 2] = Math.round(sums[t * 4 + 2]! / alpha);
    }
    out[t * 4 + 3] = n > 0 ? Math.round(alpha / n) : 0;
  }
  return { png: encodePng(tw, th, out), width: tw, height: th, source };
}
