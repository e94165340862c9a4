/**
 * Reads the chunk structure of a PNG file: the header, the palette and transparency chunks, and the
 * compressed image data. Pixel work lives in png-decode.ts; this file only checks the container.
 */
import { crc32 } from "node:zlib";

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Colour types of the PNG specification: grey, RGB, palette, grey + alpha, RGBA. */
export type PngColorType = 0 | 2 | 3 | 4 | 6;

export interface PngHeader {
  width: number;
  height: number;
  bitDepth: number;
  colorType: PngColorType;
  interlaced: boolean;
}

export interface PngParts {
  header: PngHeader;
  /** RGB triples (PLTE), for palette images. */
  palette: Uint8Array | undefined;
  /** The tRNS chunk as stored: palette alphas, or the transparent grey/RGB sample values. */
  transparency: Uint8Array | undefined;
  /** Every IDAT chunk's data, concatenated: one zlib stream. */
  data: Buffer;
}

/** A PNG that cannot be read; `message` says what is wrong in one line. */
export class PngError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PngError";
  }
}

/** Bit depths the specification allows for each colour type. */
const DEPTHS: Record<PngColorType, readonly number[]> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};

/** Samples per pixel for each colour type. */
export const CHANNELS: Record<PngColorType, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/** Largest side accepted; PNG allows 2^31-1, no TOP comes near this. */
const MAX_SIDE = 32_768;

/** The header alone: dimensions and pixel layout, without touching the image data. */
export function readPngHeader(png: Uint8Array): PngHeader {
  const buf = Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  if (buf.length < 33 || !buf.subarray(0, 8).equals(PNG_SIGNATURE))
    throw new PngError("the data is not a PNG (bad signature)");
  if (buf.readUInt32BE(8) !== 13 || buf.toString("latin1", 12, 16) !== "IHDR")
    throw new PngError("the PNG does not start with its IHDR header");
  return parseHeader(buf.subarray(16, 29));
}

function parseHeader(body: Buffer): PngHeader {
  const width = body.readUInt32BE(0);
  const height = body.readUInt32BE(4);
  const bitDepth = body[8]!;
  const colorType = body[9]!;
  const compression = body[10]!;
  const filter = body[11]!;
  const interlace = body[12]!;
  if (width === 0 || height === 0 || width > MAX_SIDE || height > MAX_SIDE) {
    throw new PngError(`the PNG is ${width}x${height}; sides from 1 to ${MAX_SIDE} are supported`);
  }
  if (!(colorType in DEPTHS)) throw new PngError(`the PNG has an unknown colour type ${colorType}`);
  if (!DEPTHS[colorType as PngColorType].includes(bitDepth))
    throw new PngError(`the PNG has bit depth ${bitDepth}, which colour type ${colorType} does not allow`);
  if (compression !== 0 || filter !== 0) throw new PngError("the PNG uses an unknown compression or filter method");
  if (interlace > 1) throw new PngError(`the PNG has an unknown interlace method ${interlace}`);
  return { width, height, bitDepth, colorType: colorType as PngColorType, interlaced: interlace === 1 };
}

/** Splits a PNG into the parts a decoder needs, checking every chunk's length and CRC. */
export function readPngParts(png: Uint8Array): PngParts {
  const header = readPngHeader(png);
  const buf = Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  let palette: Uint8Array | undefined;
  let transparency: Uint8Array | undefined;
  const data: Buffer[] = [];
  let pos = 8;
  let ended = false;
  while (pos < buf.length) {
    if (pos + 12 > buf.length) throw new PngError("the PNG is cut off inside a chunk header");
    const length = buf.readUInt32BE(pos);
    const type = buf.toString("latin1", pos + 4, pos + 8);
    const end = pos + 12 + length;
    if (end > buf.length) throw new PngError(`the PNG is cut off inside its ${type} chunk`);
    const stored = buf.readUInt32BE(end - 4);
    if (crc32(buf.subarray(pos + 4, end - 4)) !== stored)
      throw new PngError(`the PNG's ${type} chunk is corrupt (CRC mismatch)`);
    const body = buf.subarray(pos + 8, end - 4);
    if (type === "PLTE") palette = body;
    else if (type === "tRNS") transparency = body;
    else if (type === "IDAT") data.push(body);
    else if (type === "IEND") {
      ended = true;
      break;
    }
    pos = end;
  }
  if (!ended) throw new PngError("the PNG has no IEND chunk (cut off?)");
  if (data.length === 0) throw new PngError("the PNG has no image data");
  if (header.colorType === 3 && palette === undefined) throw new PngError("the palette PNG has no PLTE chunk");
  return { header, palette, transparency, data: Buffer.concat(data) };
}
