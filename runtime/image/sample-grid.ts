/** An N x N grid of a PNG's pixels, one at each cell's centre, as RGBA from 0 to 1: a picture an assistant can read as numbers. */
import { decodePngRows } from "./png-decode.js";
import { readPngHeader } from "./png-chunks.js";

const round = (v: number) => Math.round((v / 255) * 1000) / 1000;

/** Rows top to bottom, each cell `[r, g, b, a]`; `n` is clamped to the image's smaller side. */
export function sampleGrid(png: Uint8Array, n: number): number[][][] {
  const { width, height } = readPngHeader(png);
  const cols = Math.max(1, Math.min(n, width));
  const rows = Math.max(1, Math.min(n, height));
  const xs = Array.from({ length: cols }, (_, i) => Math.floor(((i + 0.5) * width) / cols));
  const ys = new Map(Array.from({ length: rows }, (_, j) => [Math.floor(((j + 0.5) * height) / rows), j]));
  const grid: number[][][] = Array.from({ length: rows }, () => []);
  decodePngRows(png, (y, rgba) => {
    const j = ys.get(y);
    if (j === undefined) return;
    grid[j] = xs.map((x) => Array.from(rgba.subarray(x * 4, x * 4 + 4), round));
  });
  return grid;
}
