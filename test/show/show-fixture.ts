/** Shared by the show-control suites: a programme network to protect, and pixels read back from tdsim. */
import type { BridgeClient } from "../../runtime/engine/bridge-client/index.js";
import { fetchPreview } from "../../runtime/engine/apply/preview.js";
import { decodePng } from "../../runtime/image/png-decode.js";

/** Three outputs with flat, known colours: red, green and blue. */
export const PROGRAMME = `svcnet 1

network show {
  blue: constantTOP { color: #0000ff, resolution: 64x36 }
  green: constantTOP { color: #00ff00, resolution: 64x36 }
  out1: nullTOP [display]
  out2: nullTOP
  out3: nullTOP
  red: constantTOP { color: #ff0000, resolution: 64x36 }

  blue -> out3
  green -> out2
  red -> out1
}
`;

export const RED: [number, number, number] = [255, 0, 0];
export const GREEN: [number, number, number] = [0, 255, 0];
export const BLUE: [number, number, number] = [0, 0, 255];
export const BLACK: [number, number, number] = [0, 0, 0];

/** The mean colour of a TOP as tdsim renders it now, 0..255 a channel. */
export async function meanColour(bridge: BridgeClient, path: string): Promise<[number, number, number]> {
  const { width, height, rgba } = decodePng((await fetchPreview(bridge, path, 32)).png);
  const sum = [0, 0, 0];
  for (let i = 0; i < width * height * 4; i += 4) for (let c = 0; c < 3; c++) sum[c]! += rgba[i + c]!;
  return sum.map((s) => Math.round(s / (width * height))) as [number, number, number];
}
