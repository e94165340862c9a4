/**
 * An audio-reactive network, written as an artist would, applied to tdsim: Audio File In -> Audio
 * Spectrum -> Analyze -> Lag -> Math, exported to TOP parameters. The file is one second of a loud
 * 440 Hz tone and one second of a quiet one; the exported level must follow that loudness as the
 * timeline plays it, and the Noise TOP it drives must not be flat.
 *
 * How each read is placed in time: a 4x4 Constant TOP carries, in one picture (so one frame), the
 * exported level in red and where the timeline is in the two-second file in green.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fetchPreview } from "../../runtime/engine/apply/preview.js";
import { decodePng } from "../../runtime/image/png-decode.js";
import { applyFile } from "../../runtime/engine/loop/run-loop.js";
import { useLiveSim } from "../support/live-sim.js";

const RATE = 22050;

/** A mono 16-bit WAV: a 440 Hz tone at 0.8 for the first second, at 0.04 for the second. */
function loudThenQuiet(): Buffer {
  const samples = 2 * RATE;
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) {
    const amp = i < RATE ? 0.8 : 0.04;
    data.writeInt16LE(Math.round(32767 * amp * Math.sin((2 * Math.PI * 440 * i) / RATE)), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write("RIFF", 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write("WAVEfmt ", 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(RATE, 24);
  header.writeUInt32LE(RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

function network(file: string): string {
  return `svcnet 1

network react {
  song: audiofileinCHOP { file: ${JSON.stringify(file)} }
  spectrum: audiospectrumCHOP { fftsize: "1024" }
  level: analyzeCHOP { function: average }
  smooth: lagCHOP { lag: (0.1, 0.1) }
  gain: mathCHOP { gain: 200 }

  # red: the exported level; green: where the timeline is in the two-second file
  probe: constantTOP {
    colorr: export gain.chan1
    colorg: = (me.time.seconds % 2) / 2
    outputresolution: custom
    resolution: 4x4
  }
  look: noiseTOP { amp: export gain.chan1, outputresolution: custom, resolution: 32x32 }
  out1: nullTOP [display]

  song -> spectrum -> level -> smooth -> gain
  look -> out1
}
`;
}

describe("an audio-reactive network on tdsim", () => {
  const live = useLiveSim();

  // Hundreds of previews, each on a frame of its own: on a busy shared machine that takes a minute,
  // so the bound only guards against a hang.
  it(
    "the exported level follows the file's loudness over frames, and the TOP it drives moves",
    { timeout: 300_000 },
    async () => {
      const folder = mkdtempSync(join(tmpdir(), "svc-audio-"));
      const file = join(folder, "loud-then-quiet.wav");
      writeFileSync(file, loudThenQuiet());
      const result = await applyFile(live.client, { text: network(file), file: join(folder, "react.svcnet") });
      expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
      expect(result.ok).toBe(true);

      // Each read is answered on a frame of its own; 300 of them span several plays of the file.
      const loud: number[] = [];
      const quiet: number[] = [];
      for (let i = 0; i < 300 && (loud.length < 10 || quiet.length < 10); i++) {
        const { rgba } = decodePng((await fetchPreview(live.client, "/project1/react/probe", 16)).png);
        const level = rgba[0]! / 255;
        const position = (2 * rgba[1]!) / 255; // seconds into the file
        // well inside each half: the FFT window (1024 samples) and the lag (0.1 s) have settled
        if (position > 0.4 && position < 0.9) loud.push(level);
        if (position > 1.4 && position < 1.9) quiet.push(level);
      }
      expect(loud.length).toBeGreaterThanOrEqual(10);
      expect(quiet.length).toBeGreaterThanOrEqual(10);
      // A person would see the probe bright red through the loud second and nearly black through the quiet one.
      expect(Math.min(...loud)).toBeGreaterThan(0.4);
      expect(Math.max(...quiet)).toBeLessThan(0.1);

      // The Noise TOP its amplitude drives is a noise picture, not one flat grey, while the sound is loud.
      let colours = 0;
      for (let i = 0; i < 300 && colours < 2; i++) {
        const { rgba, width, height } = decodePng((await fetchPreview(live.client, "/project1/react/look", 32)).png);
        const seen = new Set<number>();
        for (let p = 0; p < width * height * 4; p += 4) seen.add((rgba[p]! << 16) | (rgba[p + 1]! << 8) | rgba[p + 2]!);
        colours = seen.size;
      }
      expect(colours).toBeGreaterThan(1);
    },
  );
});
